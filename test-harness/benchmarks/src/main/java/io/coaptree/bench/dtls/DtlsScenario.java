package io.coaptree.bench.dtls;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;

import io.coaptree.bench.coap.CoapProbe;
import io.coaptree.bench.coap.CoapRequestIssuer;
import io.coaptree.bench.load.LoadProfile;
import io.coaptree.bench.scenario.Measurement;
import io.coaptree.bench.scenario.RunOptions;
import io.coaptree.bench.scenario.Scenario;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.server.TargetProcess;
import io.coaptree.bench.server.TargetSpec;

/**
 * The design's DTLS evaluation: 500 requests (a) over plain CoAP, (b) over established DTLS sessions, (c) each from a
 * new client with a full handshake, (d) each after an abbreviated (resumed) handshake. One server JVM
 * ({@link DtlsTarget}, -Xmx256m) serves both endpoints.
 * <p>
 * Settings: {@code requests} (500), {@code clients} (concurrent clients, 8).
 */
public final class DtlsScenario implements Scenario {

    static final String HOST = "127.0.0.1";
    static final String LABEL = "coaptree-dtls";
    static final String IDENTITY = "bench";

    @Override
    public String name() {
        return "dtls";
    }

    @Override
    public String description() {
        return "GET /temperature on CoAPTree's GatewayCoapServer (gateway defaults: 2 protocol threads, DTLS 1 receiver"
                + " + 2 connector threads), N requests from a closed loop of concurrent clients: plain CoAP, DTLS "
                + "over established PSK sessions, DTLS from a fresh client per request (full ECDHE-PSK handshake), "
                + "and DTLS with a resumed session per request (abbreviated handshake). Client and server on the "
                + "same machine, over loopback.";
    }

    @Override
    public void run(ScenarioContext context) throws Exception {
        RunOptions options = context.options();
        int requests = options.setting("requests", 500);
        int clients = options.setting("clients", 8);
        int securePort = freeUdpPort();
        byte[] random = new byte[16];
        new SecureRandom().nextBytes(random);
        String key = HexFormat.of().formatHex(random);
        TargetProcess target = context.startTarget(new TargetSpec(LABEL, "dtls",
                List.of("--coaps-port", Integer.toString(securePort), "--psk-identity", IDENTITY, "--psk-key", key),
                TargetSpec.DEFAULT_JVM_OPTIONS));
        CoapProbe.awaitSuccess(HOST, target.port(), DtlsTarget.PATH, Duration.ofSeconds(60));
        InetSocketAddress secure = new InetSocketAddress(InetAddress.getByName(HOST), securePort);
        Duration limit = options.scaled(Duration.ofSeconds(60));

        context.warmUp(LoadProfile.closedLoop("warm-up", clients, options.scaled(Duration.ofSeconds(4)), 2_000),
                n -> new DtlsRequestIssuer(secure, n, DtlsRequestIssuer.Mode.RESUMED, IDENTITY, key));
        context.warmUp(LoadProfile.closedLoop("warm-up-plain", clients, options.scaled(Duration.ofSeconds(2)), 2_000),
                n -> CoapRequestIssuer.open(HOST, target.port(), n, CoapRequestIssuer.get(DtlsTarget.PATH)));

        context.measure(target, LoadProfile.closedLoop("a-plain", clients, limit, requests),
                n -> CoapRequestIssuer.open(HOST, target.port(), n, CoapRequestIssuer.get(DtlsTarget.PATH)));
        // (b): the sessions are set up by a first round that is not measured
        try (DtlsRequestIssuer established = new DtlsRequestIssuer(secure, clients,
                DtlsRequestIssuer.Mode.ESTABLISHED, IDENTITY, key)) {
            io.coaptree.bench.load.LoadEngine.run(LoadProfile.closedLoop("handshakes", clients, limit, clients),
                    established);
            context.measure(target, LoadProfile.closedLoop("b-dtls-sessions", clients, limit, requests),
                    n -> new NonClosing(established));
        }
        Measurement fresh = context.measure(target, LoadProfile.closedLoop("c-dtls-fresh-clients", clients, limit,
                requests), n -> new DtlsRequestIssuer(secure, n, DtlsRequestIssuer.Mode.FRESH_CLIENT, IDENTITY, key));
        Measurement resumed = context.measure(target, LoadProfile.closedLoop("d-dtls-resumption", clients, limit,
                requests), n -> new DtlsRequestIssuer(secure, n, DtlsRequestIssuer.Mode.RESUMED, IDENTITY, key));
        context.stopTarget(target);
        context.note("Handshakes/s: in (c) and (d) every request needs one handshake (full in c, abbreviated in d), "
                + "so handshakes/s equals their requests/s: c " + Math.round(fresh.load().throughputPerSecond())
                + ", d " + Math.round(resumed.load().throughputPerSecond()) + ".");
        context.note("The PSK was generated for this run and given to the server JVM on its command line.");
    }

    private static int freeUdpPort() throws java.net.SocketException {
        try (DatagramSocket probe = new DatagramSocket(new InetSocketAddress(HOST, 0))) {
            return probe.getLocalPort();
        }
    }

    /** Lends an issuer to one measured step without closing it, so its sessions survive the step. */
    private record NonClosing(io.coaptree.bench.load.RequestIssuer inner) implements io.coaptree.bench.load.RequestIssuer {
        @Override
        public int clients() {
            return inner.clients();
        }

        @Override
        public Cancellable issue(int client, Outcome outcome) {
            return inner.issue(client, outcome);
        }

        @Override
        public void close() {
            // the owner closes it
        }
    }
}
