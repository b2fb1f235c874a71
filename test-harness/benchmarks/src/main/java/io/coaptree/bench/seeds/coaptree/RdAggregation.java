package io.coaptree.bench.seeds.coaptree;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Request;
import org.knowm.xchart.CategoryChart;

import io.coaptree.bench.coap.CoapProbe;
import io.coaptree.bench.coap.CoapRequestIssuer;
import io.coaptree.bench.load.LoadProfile;
import io.coaptree.bench.rd.RdTarget;
import io.coaptree.bench.scenario.Headline;
import io.coaptree.bench.seeds.SeedCharts;
import io.coaptree.bench.scenario.Measurement;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.server.TargetProcess;
import io.coaptree.bench.server.TargetSpec;

/**
 * The first evaluation's RD test (docs/design.md): {@value #RESOURCES} resources with 4 attributes each registered
 * through CoAP POST, once as one link per POST and once aggregated ({@value #LINKS_PER_BUNDLE} links per POST, a
 * service bundle's 2 devices x 10 sensors: the first evaluation's "requests aggregation"), each into a fresh
 * directory in its own JVM (the {@code rd} target: our server and RD, plain Java); then the threads and the heap
 * after a full GC that the directory holds with them (the first evaluation counted 550 threads before its single
 * expiry thread, 35 after).
 */
final class RdAggregation {

    static final int RESOURCES = 500;
    static final int LINKS_PER_BUNDLE = 20;
    static final int CLIENTS = 8;

    private RdAggregation() {
    }

    static void run(ScenarioContext context) throws Exception {
        ResultTable.Builder table = new ResultTable.Builder("RD: " + RESOURCES + " resources (4 attributes each) "
                + "through POST", "variant", "POSTs", "total s", "POSTs/s", "failed", "server CPU s",
                "threads after", "heap after GC MiB");
        List<String> labels = new ArrayList<>();
        List<Double> seconds = new ArrayList<>();
        for (int linksPerPost : new int[] {1, LINKS_PER_BUNDLE}) {
            String label = linksPerPost == 1 ? "rd-one-link-per-post" : "rd-" + linksPerPost + "-links-per-post";
            int posts = RESOURCES / linksPerPost;
            TargetProcess target = context.startTarget(new TargetSpec(label, "rd",
                    List.of("--max-registrations", "1000"), TargetSpec.DEFAULT_JVM_OPTIONS));
            CoapProbe.awaitSuccess("127.0.0.1", target.port(), RdTarget.BARE, Duration.ofSeconds(60));
            Measurement m = context.measure(target, LoadProfile.closedLoop("register-" + RESOURCES + "-as-" + posts,
                    CLIENTS, Duration.ofSeconds(60), posts), clients -> CoapRequestIssuer.open("127.0.0.1",
                    target.port(), clients, registrations(label, linksPerPost)));
            int threads = target.sample().threads();
            double heapMiB = heapAfterGc(target.port()) / 1048576.0;
            context.stopTarget(target);
            table.row(linksPerPost == 1 ? "one link per POST" : linksPerPost + " links per POST", posts,
                    SeedCharts.fixed(m.load().elapsedSeconds(), 3),
                    SeedCharts.fixed(m.load().throughputPerSecond(), 0), m.load().failed(),
                    SeedCharts.fixed(m.server().cpuSeconds(), 2), threads,
                    SeedCharts.fixed(heapMiB, 1));
            labels.add(linksPerPost == 1 ? "one link per POST" : linksPerPost + " links per POST");
            seconds.add(m.load().elapsedSeconds());
            context.headline(Headline.reported("RD, " + RESOURCES + " resources as " + posts + " POSTs",
                    String.format(Locale.ROOT, "%.3f s, %d failed, %d threads, %.1f MiB heap after GC",
                            m.load().elapsedSeconds(), m.load().failed(), threads, heapMiB)));
        }
        context.table(table.build());
        CategoryChart chart = SeedCharts.bars("RD: " + RESOURCES + " resources through POST", "variant",
                "total s", false);
        chart.addSeries("total time", labels, seconds);
        context.chart("rd-aggregation.png", chart);
    }

    /** POST /rd with a new endpoint each time, carrying the next {@code linksPerPost} of the resources. */
    private static Supplier<Request> registrations(String prefix, int linksPerPost) {
        AtomicInteger next = new AtomicInteger();
        return () -> {
            int post = next.getAndIncrement();
            StringBuilder links = new StringBuilder();
            for (int i = post * linksPerPost; i < (post + 1) * linksPerPost; i++) {
                if (links.length() > 0) {
                    links.append(',');
                }
                links.append(String.format(Locale.ROOT, "</d%d/s%d>;rt=\"temperature\";if=\"sensor\";ct=0;"
                        + "title=\"sensor %d\"", i / 10, i % 10, i));
            }
            Request request = Request.newPost();
            request.getOptions().setUriPath("rd").addUriQuery("ep=" + prefix + "-" + post).addUriQuery("lt=3600")
                    .setContentFormat(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
            request.setPayload(links.toString());
            return request;
        };
    }

    private static long heapAfterGc(int port) throws Exception {
        CoapClient client = new CoapClient("coap://127.0.0.1:" + port + "/" + RdTarget.HEAP).setTimeout(10_000L);
        try {
            CoapResponse response = client.get();
            String text = response == null ? "" : response.getResponseText();
            return text.startsWith("heap=") ? Long.parseLong(text.substring(5).trim()) : -1;
        } finally {
            client.shutdown();
        }
    }
}
