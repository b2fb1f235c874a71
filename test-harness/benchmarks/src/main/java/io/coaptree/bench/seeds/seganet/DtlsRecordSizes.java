package io.coaptree.bench.seeds.seganet;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.function.IntFunction;

import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Request;
import org.knowm.xchart.CategoryChart;

import io.coaptree.bench.coap.CoapRequestIssuer;
import io.coaptree.bench.dtls.DtlsRequestIssuer;
import io.coaptree.bench.dtls.DtlsScenario;
import io.coaptree.bench.load.LoadProfile;
import io.coaptree.bench.scenario.Headline;
import io.coaptree.bench.scenario.Measurement;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.seeds.SeedCharts;
import io.coaptree.bench.seeds.records.RecordPayload;
import io.coaptree.bench.seeds.records.RecordsPath;
import io.coaptree.bench.server.TargetProcess;

import static io.coaptree.bench.seeds.SeedCharts.fixed;
import static io.coaptree.bench.seeds.SeedCharts.ms;

/**
 * SegaNet's Figure 4: what encryption adds as records grow from 100 B to 16 KiB, the same total bytes at every
 * size. Devices POST records to a gateway's CoAP server (CoAPTree's GatewayCoapServer, {@code dtls} target) over
 * plain CoAP and over DTLS 1.2 (PSK, sessions established beforehand); records above 1 KiB go blockwise. Server
 * CPU and latency, DTLS against plain.
 */
final class DtlsRecordSizes {

    static final List<Integer> SIZES = List.of(100, 1024, 4096, 16384);
    static final int DEVICES = 16;
    /**
     * SegaNet's 1.6 GB per size, scaled down 200 times (a twentieth of that in quick runs): enough CPU per step that
     * the 10 ms ticks of /proc's CPU time do not decide the comparison.
     */
    static final long TOTAL_BYTES = 8_000_000;
    static final String HOST = "127.0.0.1";

    private DtlsRecordSizes() {
    }

    static void run(ScenarioContext context) throws Exception {
        long total = context.options().quick() ? TOTAL_BYTES / 20 : TOTAL_BYTES;
        byte[] random = new byte[16];
        new SecureRandom().nextBytes(random);
        String key = HexFormat.of().formatHex(random);
        int securePort = DtlsScenario.freeUdpPort();
        // 80,000 records per size and transport stay in the server's deduplication store for its exchange lifetime
        TargetProcess target = DtlsScenario.startTarget(context, "gateway-dtls", securePort, key,
                List.of("-Xmx1g", "-XX:-UseDynamicNumberOfCompilerThreads"));
        InetSocketAddress secure = new InetSocketAddress(InetAddress.getByName(HOST), securePort);
        ResultTable.Builder table = new ResultTable.Builder("DTLS against plain CoAP by record size, " + total
                + " bytes per size, " + DEVICES + " devices (closed loop)", "record B", "records", "plain CPU s",
                "DTLS CPU s", "CPU overhead %", "plain p50 ms", "DTLS p50 ms", "latency overhead % (p50)",
                "plain p99 ms", "DTLS p99 ms", "failed");
        List<String> labels = new ArrayList<>();
        List<Double> cpuOverhead = new ArrayList<>();
        List<Double> latencyOverhead = new ArrayList<>();
        try {
            // both paths warm up first, the DTLS one with its handshakes done
            context.warmUp(LoadProfile.closedLoop("warm-up-plain", DEVICES, Duration.ofSeconds(5), 3_000),
                    n -> CoapRequestIssuer.open(HOST, target.port(), n, records(100)));
            DtlsRequestIssuer warmSessions = new DtlsRequestIssuer(secure, DEVICES, DtlsRequestIssuer.Mode.ESTABLISHED,
                    DtlsScenario.IDENTITY, key, records(100));
            warmSessions.establishSessions(Duration.ofSeconds(30));
            context.warmUp(LoadProfile.closedLoop("warm-up-dtls", DEVICES, Duration.ofSeconds(5), 3_000),
                    n -> warmSessions);
            for (int size : SIZES) {
                long count = Math.max(DEVICES, total / size);
                LoadProfile profile = LoadProfile.closedLoop("plain-" + size + "B", DEVICES, Duration.ofSeconds(60),
                        count);
                Measurement plain = context.measure(target, profile, n -> CoapRequestIssuer.open(HOST,
                        target.port(), n, records(size)));
                Measurement dtls;
                try (DtlsRequestIssuer sized = new DtlsRequestIssuer(secure, DEVICES,
                        DtlsRequestIssuer.Mode.ESTABLISHED, DtlsScenario.IDENTITY, key, records(size))) {
                    sized.establishSessions(Duration.ofSeconds(30));
                    dtls = context.measure(target, profile.withName("dtls-" + size + "B"), sized);
                }
                double cpu = 100 * (dtls.server().cpuSeconds() / plain.server().cpuSeconds() - 1);
                double latency = 100.0 * (dtls.load().latency().p50Micros()
                        / (double) Math.max(1, plain.load().latency().p50Micros()) - 1);
                table.row(size, count, fixed(plain.server().cpuSeconds(), 2), fixed(dtls.server().cpuSeconds(), 2),
                        fixed(cpu, 0), ms(plain.load().latency().p50Micros()), ms(dtls.load().latency().p50Micros()),
                        fixed(latency, 0), ms(plain.load().latency().p99Micros()),
                        ms(dtls.load().latency().p99Micros()), plain.load().failed() + dtls.load().failed());
                labels.add(size < 1024 ? size + " B" : size / 1024 + " KiB");
                cpuOverhead.add(cpu);
                latencyOverhead.add(latency);
            }
        } finally {
            context.stopTarget(target);
        }
        context.table(table.build());
        CategoryChart chart = SeedCharts.bars("What DTLS adds, by record size (same total bytes)", "record size",
                "overhead over plain CoAP (%)", false);
        chart.addSeries("server CPU", labels, cpuOverhead);
        chart.addSeries("latency (p50)", labels, latencyOverhead);
        context.chart("seganet-dtls-overhead.png", chart);
        context.headline(Headline.reported("SegaNet: DTLS CPU overhead, 100 B vs 16 KiB records",
                fixed(cpuOverhead.get(0), 0) + "% vs " + fixed(cpuOverhead.get(cpuOverhead.size() - 1), 0)
                        + "% (paper, TLS: 72.8% vs 29.2%)"));
    }

    /** POST /records/&lt;device&gt; with a record of {@code size} bytes. */
    static IntFunction<Request> records(int size) {
        return device -> {
            Request request = Request.newPost();
            request.getOptions().setUriPath(RecordsPath.ofDevice(device))
                    .setContentFormat(MediaTypeRegistry.APPLICATION_OCTET_STREAM);
            request.setPayload(new RecordPayload(System.nanoTime(), 0, device, 0).encode(size));
            return request;
        };
    }
}
