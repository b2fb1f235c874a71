package io.coaptree.it.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.harness.hierarchy.GatewayProvisioning;
import io.coaptree.harness.hierarchy.TreeHierarchy;

/**
 * Two replicas of group A/1 (gA1, gA1b) on Kura-exact nodes with the shipped packages, under a steady read load
 * addressed to the group ({@code /tree/A/1/*}/...) from domain B: one replica is killed (its connection to the broker
 * reset, so its last will fires and nothing it says afterwards gets out, then it is stopped), the reads keep
 * succeeding once the tree has noticed, the registrations made at either replica stay in the root's lookups, and the
 * replica returns and takes its share again. gA1b reaches the broker through a {@link SeverableLink}, so its broker
 * URL differs from the others': every gateway announces the same {@code tree.broker.name}, as an operator sets it when
 * several URLs lead to one broker, and direct routes still reach gA1b.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ReplicasTest {

    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final String ROOT = TreeHierarchy.ROOT_NAME;
    /** Each replica's own directory answers this read, so the answer says which replica served it. */
    private static final String GROUP_READ = "/tree/A/1/*/rd-lookup/res?rt=replica-dev";
    private static final String AT_GA1 = "<coap://192.0.2.10:5683/hum>";
    private static final String AT_GA1B = "<coap://192.0.2.11:5683/hum>";
    /** tree.failure.timeout.ms (1500) plus a tick and a heartbeat of slack for a loaded machine. */
    private static final long NOTICED_MILLIS = 1_500 + 1_000;

    private EmbeddedBroker broker;
    private SeverableLink linkOfGA1b;
    private TreeHierarchy tree;

    @BeforeAll
    void startTree() throws Exception {
        TreeTestSettings.californiumClients();
        Path work = TreeTestSettings.workDirectory();
        broker = new EmbeddedBroker(0);
        linkOfGA1b = new SeverableLink("127.0.0.1", broker.port());
        TreeHierarchy.Settings settings = TreeTestSettings.fastTree(work, "replicas-", broker.url(),
                Map.of("access.writes", "open"));
        tree = TreeHierarchy.start(settings, List.of(new TreeHierarchy.Gateway(ROOT, 0, "", ""),
                new TreeHierarchy.Gateway("dA", 1, "A", ""), new TreeHierarchy.Gateway("dB", 1, "B", ""),
                new TreeHierarchy.Gateway("gA1", 2, "A", "1"), new TreeHierarchy.Gateway("gA1b", 2, "A", "1"),
                new TreeHierarchy.Gateway("gB1", 2, "B", "1")), TIMEOUT,
                GatewayProvisioning.brokerUrl(g -> g.name().equals("gA1b") ? linkOfGA1b.url() : broker.url())
                        .and(g -> Map.of(TreeHierarchy.TREE_PID, Map.of("tree.broker.name", "one-broker"))));
        // A short grace at the parent: what keeps the stopped replica's registrations is the replica retention.
        tree.node("dA").updateConfiguration(TreeHierarchy.REMOTE_QUERY_PID, Map.of("remotequery.sync.grace.ms", 2000L));
    }

    @AfterAll
    void stopTree() {
        if (tree != null) {
            tree.close();
        }
        if (linkOfGA1b != null) {
            try {
                linkOfGA1b.close();
            } catch (java.io.IOException e) {
                // the test is over
            }
        }
        if (broker != null) {
            broker.close();
        }
    }

    private record Read(long sentAtMillis, String outcome) {
        boolean ok() {
            return outcome.startsWith("CONTENT");
        }
    }

    @Test
    void aReplicatedGroupKeepsServingAndKeepsItsRegistrationsWhenOneReplicaIsKilledAndSharesAgainWhenItReturns()
            throws Exception {
        register("gA1", "dev-a", "coap://192.0.2.10:5683");
        register("gA1b", "dev-b", "coap://192.0.2.11:5683");
        awaitListed(ROOT, "/tree-lookup/res", List.of(AT_GA1, AT_GA1B, "</tree/A/1/gA1/temperature>",
                "</tree/A/1/gA1b/temperature>"));
        assertEquals(ResponseCode.CONTENT, get("gB1", "/tree/A/1/gA1b/temperature").getCode(), "addressable");

        List<Read> reads = new ArrayList<>();
        AtomicBoolean loading = new AtomicBoolean(true);
        Thread load = new Thread(() -> {
            while (loading.get()) {
                long sent = System.currentTimeMillis();
                String outcome;
                try {
                    CoapResponse r = get("gB1", GROUP_READ);
                    outcome = r == null ? "no answer" : r.getCode().name() + " " + r.getResponseText();
                } catch (Exception e) {
                    outcome = e.toString();
                }
                synchronized (reads) {
                    reads.add(new Read(sent, outcome));
                }
            }
        }, "replica-load");
        load.start();
        try {
            awaitServedBy(reads, AT_GA1, 0);
            awaitServedBy(reads, AT_GA1B, 0);

            long stoppedAt = System.currentTimeMillis();
            linkOfGA1b.sever(); // killed: the broker sees the connection reset and publishes gA1b's last will
            tree.stop("gA1b");
            tree.awaitTree("gA1", tree.neighbourhood("gA1"), Duration.ofSeconds(10));
            long marked = System.currentTimeMillis();
            // Past the parent's grace period: the stopped replica's set is retained, not forgotten.
            awaitListed(ROOT, "/tree-lookup/res", List.of(AT_GA1, AT_GA1B, "</tree/A/1/gA1b/temperature>"));
            awaitReadsSince(reads, marked + 3_000, 20);
            assertListedThroughout(ROOT, "/tree-lookup/res", List.of(AT_GA1, AT_GA1B), marked + 2_000 + 1_500);
            assertNoFailureSince(reads, stoppedAt + NOTICED_MILLIS);

            linkOfGA1b.heal();
            tree.restart("gA1b");
            tree.awaitTree("gA1", tree.neighbourhood("gA1"), TIMEOUT);
            long returned = System.currentTimeMillis();
            awaitServedBy(reads, AT_GA1B, returned);
            assertNoFailureSince(reads, stoppedAt + NOTICED_MILLIS);
            awaitListed(ROOT, "/tree-lookup/res", List.of(AT_GA1, AT_GA1B, "</tree/A/1/gA1/temperature>",
                    "</tree/A/1/gA1b/temperature>"));
        } finally {
            loading.set(false);
            load.join(20_000);
        }
        synchronized (reads) {
            System.out.printf("replicas: %d reads of A/1 through gB1, %d failed (all before the failure was noticed)%n",
                    reads.size(), reads.stream().filter(r -> !r.ok()).count());
        }
    }

    private void register(String gateway, String endpoint, String base) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            CoapClient client = new CoapClient("coap://127.0.0.1:" + tree.coapPort(gateway) + "/rd?ep=" + endpoint
                    + "&lt=3600&base=" + base);
            try {
                client.setTimeout(5_000L);
                CoapResponse created = client.post("</hum>;rt=\"replica-dev\"", 40);
                if (created != null && created.getCode() == ResponseCode.CREATED) {
                    return;
                }
            } finally {
                client.shutdown();
            }
            Thread.sleep(200); // the server may still be applying its configuration
        }
        fail(endpoint + " not registered at " + gateway);
    }

    private void awaitServedBy(List<Read> reads, String link, long sinceMillis) throws InterruptedException {
        long deadline = System.currentTimeMillis() + TIMEOUT.toMillis();
        while (System.currentTimeMillis() < deadline) {
            synchronized (reads) {
                if (reads.stream().anyMatch(r -> r.sentAtMillis() >= sinceMillis && r.ok()
                        && r.outcome().contains(link))) {
                    return;
                }
            }
            Thread.sleep(100);
        }
        synchronized (reads) {
            fail("no read of A/1 answered by the replica holding " + link + "; last reads: "
                    + reads.subList(Math.max(0, reads.size() - 3), reads.size()));
        }
    }

    private void awaitReadsSince(List<Read> reads, long sinceMillis, int count) throws InterruptedException {
        long deadline = System.currentTimeMillis() + TIMEOUT.toMillis();
        while (System.currentTimeMillis() < deadline) {
            synchronized (reads) {
                if (reads.stream().filter(r -> r.sentAtMillis() >= sinceMillis).count() >= count) {
                    return;
                }
            }
            Thread.sleep(100);
        }
        fail("the read load stalled");
    }

    private static void assertNoFailureSince(List<Read> reads, long sinceMillis) {
        synchronized (reads) {
            List<Read> failed = reads.stream().filter(r -> r.sentAtMillis() >= sinceMillis && !r.ok()).toList();
            assertTrue(failed.isEmpty(), "reads sent after the failure was noticed failed: " + failed);
        }
    }

    /** Keeps asking until {@code untilMillis}; every answer must list every link. */
    private void assertListedThroughout(String gateway, String pathAndQuery, List<String> links, long untilMillis)
            throws Exception {
        do {
            CoapResponse response = get(gateway, pathAndQuery);
            assertNotNull(response, pathAndQuery + " at " + gateway);
            for (String link : links) {
                assertTrue(response.getResponseText().contains(link), link + " in " + response.getResponseText());
            }
            Thread.sleep(200);
        } while (System.currentTimeMillis() < untilMillis);
    }

    private void awaitListed(String gateway, String pathAndQuery, List<String> links) throws Exception {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            CoapResponse response = get(gateway, pathAndQuery);
            last = response == null ? "no answer" : response.getCode() + " " + response.getResponseText();
            String seen = last;
            if (links.stream().allMatch(seen::contains)) {
                return;
            }
            Thread.sleep(200);
        }
        fail(links + " not all listed at " + gateway + pathAndQuery + ": " + last);
    }

    private CoapResponse get(String gateway, String pathAndQuery) throws Exception {
        CoapClient client = new CoapClient("coap://127.0.0.1:" + tree.coapPort(gateway) + pathAndQuery);
        try {
            client.setTimeout(15_000L);
            return client.get();
        } finally {
            client.shutdown();
        }
    }
}
