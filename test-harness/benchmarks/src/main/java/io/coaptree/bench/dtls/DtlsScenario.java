package io.coaptree.bench.dtls;

import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.ArrayList;
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
import io.coaptree.server.options.DtlsOptions;

/**
 * The first evaluation's DTLS test (docs/design.md): 500 requests (a) over plain CoAP, (b) over established DTLS
 * sessions, (c) each from a new client with a full handshake, (d) each after an abbreviated (resumed) handshake. One
 * server JVM ({@link DtlsTarget}, -Xmx256m) serves both endpoints for (a)-(c), a second one serves (d): Scandium
 * counts every handshake, full or abbreviated, against a limit derived from {@code dtls.limits.connections}, and (c)
 * and (d) together exceed the gateway default within the minute the run takes.
 * <p>
 * Settings: {@code requests} (500), {@code clients} (concurrent clients, 8).
 */
public final class DtlsScenario implements Scenario {

    static final String HOST = "127.0.0.1";
    static final String LABEL = "coaptree-dtls";
    static final String LABEL_RESUMPTION = "coaptree-dtls-resumption";
    /** Handshakes of a server's warm-up: enough for the JIT, few against Scandium's handshake limit. */
    static final int WARM_UP_HANDSHAKES = 200;
    private static final Duration SESSION_TIMEOUT = Duration.ofSeconds(10);
    public static final String IDENTITY = "bench";

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
        byte[] random = new byte[16];
        new SecureRandom().nextBytes(random);
        String key = HexFormat.of().formatHex(random);
        Duration limit = options.scaled(Duration.ofSeconds(60));
        Duration warmUpTime = options.scaled(Duration.ofSeconds(4));
        // Scandium refuses new handshakes (full or resumed) once more than max(dtls.limits.connections, 50) are
        // recent (see the server README): each handshake step gets its own server, and a run larger than the
        // gateway default allows raises the limit for its servers, and says so
        int handshakesPerServer = WARM_UP_HANDSHAKES + clients + requests;
        int gatewayDefault = DtlsOptions.defaults().maxConnections();
        List<String> jvmOptions = new ArrayList<>(TargetSpec.DEFAULT_JVM_OPTIONS);
        if (handshakesPerServer + clients > gatewayDefault) {
            int connections = handshakesPerServer + clients;
            jvmOptions.add("-D" + DtlsTarget.CONNECTIONS_PROPERTY + "=" + connections);
            context.note("dtls.limits.connections was raised from the gateway default " + gatewayDefault + " to "
                    + connections + " for this run: each server handles " + handshakesPerServer
                    + " handshakes within a minute, more than the default lets Scandium accept.");
        }

        // (a), (b), (c) on one server; the warm-up makes full handshakes
        int securePort = freeUdpPort();
        TargetProcess target = startTarget(context, LABEL, securePort, key, jvmOptions);
        InetSocketAddress secure = new InetSocketAddress(InetAddress.getByName(HOST), securePort);
        context.warmUp(LoadProfile.closedLoop("warm-up", clients, warmUpTime, WARM_UP_HANDSHAKES),
                n -> new DtlsRequestIssuer(secure, n, DtlsRequestIssuer.Mode.FRESH_CLIENT, IDENTITY, key));
        context.warmUp(LoadProfile.closedLoop("warm-up-plain", clients, options.scaled(Duration.ofSeconds(2)), 2_000),
                n -> CoapRequestIssuer.open(HOST, target.port(), n, CoapRequestIssuer.get(DtlsTarget.PATH)));
        context.measure(target, LoadProfile.closedLoop("a-plain", clients, limit, requests),
                n -> CoapRequestIssuer.open(HOST, target.port(), n, CoapRequestIssuer.get(DtlsTarget.PATH)));
        try (DtlsRequestIssuer established = new DtlsRequestIssuer(secure, clients,
                DtlsRequestIssuer.Mode.ESTABLISHED, IDENTITY, key)) {
            established.establishSessions(SESSION_TIMEOUT);
            context.measure(target, LoadProfile.closedLoop("b-dtls-sessions", clients, limit, requests),
                    n -> new NonClosing(established));
        }
        Measurement fresh = context.measure(target, LoadProfile.closedLoop("c-dtls-fresh-clients", clients, limit,
                requests), n -> new DtlsRequestIssuer(secure, n, DtlsRequestIssuer.Mode.FRESH_CLIENT, IDENTITY, key));
        context.stopTarget(target);

        // (d) on a server of its own, warmed up with resumptions; every measured request resumes
        int resumingPort = freeUdpPort();
        TargetProcess resumingTarget = startTarget(context, LABEL_RESUMPTION, resumingPort, key, jvmOptions);
        InetSocketAddress resuming = new InetSocketAddress(InetAddress.getByName(HOST), resumingPort);
        context.warmUp(LoadProfile.closedLoop("warm-up", clients, warmUpTime, WARM_UP_HANDSHAKES),
                n -> new DtlsRequestIssuer(resuming, n, DtlsRequestIssuer.Mode.RESUMED, IDENTITY, key));
        Measurement resumed;
        try (DtlsRequestIssuer resumingClients = new DtlsRequestIssuer(resuming, clients,
                DtlsRequestIssuer.Mode.RESUMED, IDENTITY, key)) {
            resumingClients.establishSessions(SESSION_TIMEOUT);
            resumed = context.measure(resumingTarget, LoadProfile.closedLoop("d-dtls-resumption", clients, limit,
                    requests), n -> new NonClosing(resumingClients));
        }
        context.stopTarget(resumingTarget);
        context.note("Handshakes/s: in (c) and (d) every request needs one handshake (full in c, abbreviated in d), "
                + "so handshakes/s equals their requests/s: c " + Math.round(fresh.load().throughputPerSecond())
                + ", d " + Math.round(resumed.load().throughputPerSecond()) + ".");
        context.note("(a)-(c) ran on " + LABEL + ", (d) on a second, identical server " + LABEL_RESUMPTION
                + " (its own JVM, warmed up with up to " + WARM_UP_HANDSHAKES + " resumptions), so that neither server"
                + " sees more than " + handshakesPerServer + " handshakes. The clients of (b) and (d) had their"
                + " sessions before the step started.");
        context.note("The PSK was generated for this run and given to the server JVMs on their command line.");
    }

    /** Starts a {@link DtlsTarget} JVM whose PSK endpoint listens on {@code securePort}, and waits until it serves. */
    public static TargetProcess startTarget(ScenarioContext context, String label, int securePort, String key,
            List<String> jvmOptions) throws Exception {
        TargetProcess target = context.startTarget(new TargetSpec(label, "dtls",
                List.of("--coaps-port", Integer.toString(securePort), "--psk-identity", IDENTITY, "--psk-key", key),
                jvmOptions));
        CoapProbe.awaitSuccess(HOST, target.port(), DtlsTarget.PATH, Duration.ofSeconds(60));
        return target;
    }

    /** A loopback UDP port free at the moment of asking, for a target whose port the scenario must know. */
    public static int freeUdpPort() throws java.net.SocketException {
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
