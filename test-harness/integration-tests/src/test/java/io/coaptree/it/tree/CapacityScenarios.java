package io.coaptree.it.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetSocketAddress;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.config.Configuration;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import io.coaptree.harness.hierarchy.BrokerCredentials;
import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.pki.TestPki;

/**
 * Capacity by class against the attack found on the demo: twenty anonymous event streams of 32 resources each at gA1's
 * page, and an anonymous CoAP flood of Observe registrations from one address, while the operator writes gB2's switch
 * through gA1 and gB2 reads gA1's temperature through the tree; then anonymous callers from eight addresses take their
 * whole share, and the operator is still served from the reserve. Five Kura-exact gateways (root, two domains, gA1,
 * gB2) from the shipped packages, on a broker that admits only the tree's gateways (generated configuration, each gateway's
 * own certificate).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class CapacityScenarios {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final int STREAMS = 20;
    private static final int URIS_PER_STREAM = 32;
    /** The default {@code capacity.anonymous.per.address}. */
    private static final int PER_ADDRESS = 64;
    private static final int FLOOD = 100;
    private static final int SAMPLES = 40;
    /** The flood's address: any 127/8 address is this machine, and a caller of its own for the gateway. */
    private static final String FLOOD_ADDRESS = "127.0.0.5";

    private TreeBroker broker;
    private TreeHierarchy tree;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private final List<CompletableFuture<HttpResponse<Stream<String>>>> streams = new ArrayList<>();
    private CoapEndpoint floodEndpoint;

    /** Starts the broker with the generated files and the gateways' credentials (TLS only). */
    protected abstract TreeBroker startBroker(BrokerAdmissionScenarios.Admission admission) throws Exception;

    /** Whether each gateway also logs in with a password of its own. */
    protected abstract boolean withPasswords();

    static List<TreeHierarchy.Gateway> fiveGateways() {
        return TreeHierarchy.sevenGateways().stream().filter(g -> !g.name().equals("gA2") && !g.name().equals("gB1"))
                .toList();
    }

    @BeforeAll
    void startTree() throws Exception {
        TreeTestSettings.californiumClients();
        Path work = TreeTestSettings.workDirectory();
        Path dir = Files.createTempDirectory(work, "capacity-");
        TestPki pki = TestPki.create(dir.resolve("pki"));
        List<TreeHierarchy.Gateway> gateways = fiveGateways();
        BrokerCredentials credentials = BrokerCredentials.issue(pki, gateways, withPasswords());
        int port = MosquittoProcess.freePort();
        Path generated = BrokerAdmissionScenarios.generate(dir, gateways, port);
        broker = startBroker(new BrokerAdmissionScenarios.Admission(dir, generated, port, pki,
                credentials.passwords()));
        tree = TreeHierarchy.start(TreeTestSettings.fastTree(work, "capacity-tree-", broker.url(), Map.of()),
                gateways, TIMEOUT, credentials);
    }

    @AfterAll
    void stopTree() {
        closeStreams();
        if (floodEndpoint != null) {
            floodEndpoint.destroy();
        }
        if (tree != null) {
            tree.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    @Order(1)
    void anonymousStreamsAndACoapFloodAreRefusedBeyondTheirShareWhileTheOperatorAndTheTreeAreServed()
            throws Exception {
        assertEquals(ResponseCode.CONTENT, awaitContent("gB2", "/tree/A/1/gA1/temperature").getCode());
        Latencies before = measure(SAMPLES);

        List<HttpResponse<Stream<String>>> opened = openStreams();
        int admitted = 0;
        for (HttpResponse<Stream<String>> response : opened) {
            if (response.statusCode() == 200) {
                admitted++;
            } else {
                assertEquals(503, response.statusCode());
                assertEquals("30", response.headers().firstValue("Retry-After").orElse(null), "Retry-After");
            }
        }
        assertEquals(PER_ADDRESS / URIS_PER_STREAM, admitted, "streams whose relations fit in one address's limit");

        int floodRefused = flood();
        assertEquals(FLOOD - PER_ADDRESS, floodRefused, "the flood's address holds its limit, no more");

        // during the attack: the operator's write through the tree, and the other gateway's read of gA1
        HttpResponse<String> write = operator("PUT", "/tree/B/2/gB2/switch", "on");
        assertEquals(200, write.statusCode(), write.body());
        assertEquals("on", write.body());
        Latencies during = measure(SAMPLES);

        JsonObject stats = stats("gA1");
        long perAddress = stats.getAsJsonObject("capacity").getAsJsonObject("refused").getAsJsonObject("relations")
                .get("per-address").getAsLong();
        assertEquals((long) (STREAMS - admitted) * URIS_PER_STREAM + floodRefused, perAddress, stats.toString());
        JsonObject relayed = stats("gB2").getAsJsonObject("capacity").getAsJsonObject("in-use")
                .getAsJsonObject("relations");
        assertTrue(relayed.get("anonymous").getAsInt() >= admitted * URIS_PER_STREAM / 2,
                "the relations the streams caused on gB2 count as anonymous there: " + relayed);

        report(before, during);
    }

    @Test
    @Order(2)
    void closedStreamsGiveTheirRelationsBack() throws Exception {
        closeStreams();
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        int anonymous;
        do {
            Thread.sleep(200);
            anonymous = stats("gA1").getAsJsonObject("capacity").getAsJsonObject("in-use")
                    .getAsJsonObject("relations").get("anonymous").getAsInt();
        } while (anonymous > PER_ADDRESS && System.nanoTime() < deadline);
        assertTrue(anonymous <= PER_ADDRESS, "only the flood's relations are left: " + anonymous);
        CompletableFuture<HttpResponse<Stream<String>>> again = http.sendAsync(eventsRequest(0),
                HttpResponse.BodyHandlers.ofLines());
        streams.add(again);
        assertEquals(200, again.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS).statusCode(),
                "an anonymous stream is admitted again");
    }

    /**
     * Anonymous callers from many addresses take their whole share: further anonymous work is refused (a read gB2
     * relays for an anonymous caller too), while the operator, authenticated, keeps writing and reading through the
     * reserve.
     */
    @Test
    @Order(3)
    void whenAnonymousCallersHoldTheirWholeShareTheOperatorIsStillServed() throws Exception {
        List<CoapEndpoint> attackers = new ArrayList<>();
        try {
            for (int a = 0; a < 8; a++) {
                CoapEndpoint endpoint = new CoapEndpoint.Builder().setConfiguration(Configuration.getStandard())
                        .setInetSocketAddress(new InetSocketAddress("127.0.0." + (10 + a), 0)).build();
                attackers.add(endpoint);
                for (int i = 0; i < PER_ADDRESS; i++) {
                    register(endpoint, "/temperature?many=" + a + "-" + i);
                }
            }
            JsonObject refused = stats("gA1").getAsJsonObject("capacity").getAsJsonObject("refused")
                    .getAsJsonObject("relations");
            assertTrue(refused.get("anonymous-share").getAsLong() > 0, "the share is held: " + refused);

            HttpResponse<String> write = operator("PUT", "/tree/B/2/gB2/switch", "off");
            assertEquals(200, write.statusCode(), write.body());
            Request observe = Request.newGet();
            observe.setObserve();
            CoapClient relayed = new CoapClient(coap("gB2") + "/tree/A/1/gA1/temperature?relayed")
                    .setTimeout(TIMEOUT.toMillis());
            try {
                CoapResponse anonymous = relayed.advanced(observe);
                assertEquals(ResponseCode.SERVICE_UNAVAILABLE, anonymous.getCode(),
                        "an anonymous relation relayed by gB2 is anonymous work at gA1");
                assertTrue(anonymous.getOptions().hasMaxAge());
            } finally {
                relayed.shutdown();
            }
            HttpResponse<String> read = operator("GET", "/tree/B/2/gB2/temperature", null);
            assertEquals(200, read.statusCode(), read.body());
        } finally {
            attackers.forEach(CoapEndpoint::destroy);
        }
    }

    /** Closes each stream's connection, as curl does when stopped; the gateway notices at its next write. */
    private void closeStreams() {
        for (CompletableFuture<HttpResponse<Stream<String>>> stream : streams) {
            if (stream.isDone() && !stream.isCompletedExceptionally()) {
                stream.join().body().close();
            } else {
                stream.cancel(true);
            }
        }
        streams.clear();
    }

    /** Twenty streams of 32 distinct resources each, half on gA1, half on gB2 through the tree. */
    private List<HttpResponse<Stream<String>>> openStreams() throws Exception {
        List<HttpResponse<Stream<String>>> opened = new ArrayList<>();
        for (int s = 0; s < STREAMS; s++) {
            CompletableFuture<HttpResponse<Stream<String>>> stream = http.sendAsync(eventsRequest(s),
                    HttpResponse.BodyHandlers.ofLines());
            streams.add(stream);
            // one after the other, as the attack's shell loop: which streams fit is then certain
            opened.add(stream.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS));
        }
        return opened;
    }

    private HttpRequest eventsRequest(int stream) {
        StringBuilder query = new StringBuilder();
        for (int i = 0; i < URIS_PER_STREAM; i++) {
            String uri = (i % 2 == 0 ? "/temperature" : "/tree/B/2/gB2/temperature") + "?s=" + stream + "&i=" + i;
            query.append(i == 0 ? "?" : "&").append("uri=").append(URLEncoder.encode(uri, StandardCharsets.UTF_8));
        }
        return HttpRequest.newBuilder(URI.create(web("gA1") + "/.tree/events" + query)).timeout(TIMEOUT).GET().build();
    }

    /** Observe registrations from one address, one after the other: @return how many were refused 5.03 with Max-Age */
    private int flood() throws Exception {
        floodEndpoint = new CoapEndpoint.Builder().setConfiguration(Configuration.getStandard())
                .setInetSocketAddress(new InetSocketAddress(FLOOD_ADDRESS, 0)).build();
        int refused = 0;
        for (int i = 0; i < FLOOD; i++) {
            CoapResponse response = register(floodEndpoint, "/temperature?flood=" + i);
            if (response.getCode() == ResponseCode.SERVICE_UNAVAILABLE) {
                assertEquals(30L, response.getOptions().getMaxAge(), "Max-Age");
                refused++;
            } else {
                assertEquals(ResponseCode.CONTENT, response.getCode());
            }
        }
        return refused;
    }

    /** An Observe registration at gA1 from {@code from}'s address; the relation, if made, is left to the gateway. */
    private CoapResponse register(CoapEndpoint from, String pathAndQuery) throws Exception {
        CoapClient client = new CoapClient(coap("gA1") + pathAndQuery).setEndpoint(from)
                .setTimeout(TIMEOUT.toMillis());
        Request registration = Request.newGet();
        registration.setObserve();
        return client.advanced(registration);
    }

    /** Read latencies of the other callers: gB2's read of gA1 over the tree, the operator's HTTP read through gA1. */
    private record Latencies(List<Long> treeReadMicros, List<Long> operatorReadMicros) {
        static String percentiles(List<Long> micros) {
            List<Long> sorted = micros.stream().sorted().toList();
            return String.format("p50 %.1f ms, p99 %.1f ms", sorted.get(sorted.size() / 2) / 1000.0,
                    sorted.get((int) Math.ceil(sorted.size() * 0.99) - 1) / 1000.0);
        }
    }

    private Latencies measure(int samples) throws Exception {
        List<Long> treeReads = new ArrayList<>();
        List<Long> operatorReads = new ArrayList<>();
        CoapClient gB2 = new CoapClient(coap("gB2") + "/tree/A/1/gA1/temperature").setTimeout(TIMEOUT.toMillis());
        try {
            for (int i = 0; i < samples; i++) {
                long start = System.nanoTime();
                CoapResponse read = gB2.get();
                treeReads.add((System.nanoTime() - start) / 1000);
                assertEquals(ResponseCode.CONTENT, read.getCode(), read.getResponseText());
                start = System.nanoTime();
                HttpResponse<String> operatorRead = operator("GET", "/tree/B/2/gB2/temperature", null);
                operatorReads.add((System.nanoTime() - start) / 1000);
                assertEquals(200, operatorRead.statusCode(), operatorRead.body());
            }
        } finally {
            gB2.shutdown();
        }
        return new Latencies(treeReads, operatorReads);
    }

    private void report(Latencies before, Latencies during) throws Exception {
        String cpu = Files.readAllLines(Path.of("/proc/cpuinfo")).stream().filter(l -> l.startsWith("model name"))
                .findFirst().map(l -> l.substring(l.indexOf(':') + 1).trim()).orElse("unknown CPU");
        System.out.printf("[capacity] %s, %s, load %s, %d CPUs (%s), broker %s%n", Instant.now(),
                getClass().getSimpleName(), Files.readString(Path.of("/proc/loadavg")).trim(),
                Runtime.getRuntime().availableProcessors(), cpu, broker.url().split(":")[0]);
        System.out.printf("[capacity] gB2 reads gA1 over the tree: before %s; during %s%n",
                Latencies.percentiles(before.treeReadMicros()), Latencies.percentiles(during.treeReadMicros()));
        System.out.printf("[capacity] operator reads gB2 through gA1 (HTTP): before %s; during %s%n",
                Latencies.percentiles(before.operatorReadMicros()), Latencies.percentiles(during.operatorReadMicros()));
    }

    private HttpResponse<String> operator(String method, String path, String body) throws Exception {
        String credentials = TreeHierarchy.OPERATOR + ":" + tree.operatorPassword();
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(web("gA1") + path)).timeout(TIMEOUT)
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        credentials.getBytes(StandardCharsets.UTF_8)));
        if (body == null) {
            request.GET();
        } else {
            request.header("Content-Type", "text/plain").method(method, HttpRequest.BodyPublishers.ofString(body));
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private JsonObject stats(String gateway) throws Exception {
        CoapClient client = new CoapClient(coap(gateway) + "/server-stats").setTimeout(TIMEOUT.toMillis());
        try {
            return JsonParser.parseString(client.get().getResponseText()).getAsJsonObject();
        } finally {
            client.shutdown();
        }
    }

    private CoapResponse awaitContent(String gateway, String path) throws Exception {
        CoapClient client = new CoapClient(coap(gateway) + path).setTimeout(5_000L);
        try {
            long deadline = System.nanoTime() + TIMEOUT.toNanos();
            CoapResponse response = client.get();
            while ((response == null || response.getCode() != ResponseCode.CONTENT) && System.nanoTime() < deadline) {
                Thread.sleep(200);
                response = client.get();
            }
            return response;
        } finally {
            client.shutdown();
        }
    }

    private String coap(String gateway) {
        return "coap://127.0.0.1:" + tree.coapPort(gateway);
    }

    private String web(String gateway) {
        return "http://127.0.0.1:" + tree.httpPort(gateway) + "/coaptree";
    }
}
