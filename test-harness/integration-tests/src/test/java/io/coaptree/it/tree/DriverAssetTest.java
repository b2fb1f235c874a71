package io.coaptree.it.tree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.harness.hierarchy.AssetClient;
import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.hierarchy.TreeHierarchy.Gateway;
import io.coaptree.harness.node.KuraNode;

/**
 * The CoAPTree driver in Kura's Assets, on Kura-exact nodes running the shipped packages: a root, domain A, group
 * A/1 and group B/2 (which hangs under the root) on the embedded broker. On gA1 two driver instances are created
 * through the WebUI's factory flow, with identities of their own, and test assets drive them as Kura's asset
 * provider does: gB2's temperature is read, its switch written (gB2's allow-list names one driver only), its switch
 * observed while gA1's parent fails, a bad channel is refused naming its column, and a read of gB2 once it is down
 * fails saying so within the request timeout.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class DriverAssetTest {

    private static final String ROOT = TreeHierarchy.ROOT_NAME;
    private static final Duration TIMEOUT = Duration.ofSeconds(60);
    private static final long REQUEST_TIMEOUT_MILLIS = 8_000;

    private EmbeddedBroker broker;
    private TreeHierarchy tree;
    private AssetClient admitted;
    private AssetClient intruder;

    @BeforeAll
    void startTree() throws Exception {
        TreeTestSettings.californiumClients();
        Path work = TreeTestSettings.workDirectory();
        broker = new EmbeddedBroker(0);
        TreeHierarchy.Settings settings = TreeTestSettings.fastTree(work, "driver-", broker.url(), Map.of());
        tree = TreeHierarchy.start(settings, List.of(new Gateway(ROOT, 0, "", ""), new Gateway("dA", 1, "A", ""),
                new Gateway("gA1", 2, "A", "1"), new Gateway("gB2", 2, "B", "2")), TIMEOUT);
        // the driver's identity as gB2 sees it: qualified by gA1, the gateway that vouches for it
        tree.node("gB2").updateConfiguration(TreeHierarchy.SERVER_PID,
                Map.of("access.writers", "A/1/gA1:kura:asset-driver"));

        KuraNode gA1 = tree.node("gA1");
        AssetClient.install(gA1, Path.of(System.getProperty("coaptree.bundle.asset")));
        // the WebUI's "+" under Drivers and Assets: a factory instance per driver, each with its identity
        gA1.updateConfiguration("coap-driver", Map.of("service.factoryPid", AssetClient.DRIVER_FACTORY_PID,
                "driver.identity", "asset-driver", "driver.request.timeout.ms", REQUEST_TIMEOUT_MILLIS,
                "driver.observe.retry.ms", 500L));
        gA1.updateConfiguration("coap-driver-intruder", Map.of("service.factoryPid", AssetClient.DRIVER_FACTORY_PID,
                "driver.identity", "intruder"));
        gA1.updateConfiguration("asset-gB2", asset("coap-driver"));
        gA1.updateConfiguration("asset-gB2-intruder", asset("coap-driver-intruder"));
        admitted = new AssetClient(gA1, "asset-gB2");
        intruder = new AssetClient(gA1, "asset-gB2-intruder");
        admitted.awaitAttached(Duration.ofSeconds(30));
        intruder.awaitAttached(Duration.ofSeconds(30));
    }

    /** An asset's configuration as Kura keeps it: driver.pid and {@code <channel>#<column>} properties. */
    private static Map<String, Object> asset(String driverPid) {
        Map<String, Object> asset = new HashMap<>();
        asset.put("service.factoryPid", AssetClient.ASSET_FACTORY_PID);
        asset.put("driver.pid", driverPid);
        channel(asset, "temperature", "READ", "DOUBLE", "/tree/B/2/gB2/temperature");
        channel(asset, "switch", "READ_WRITE", "BOOLEAN", "/tree/B/2/gB2/switch");
        channel(asset, "misnamed", "READ", "DOUBLE", "tree/B/2/gB2/temperature");
        return asset;
    }

    private static void channel(Map<String, Object> asset, String name, String type, String valueType,
            String resource) {
        asset.put(name + "#+name", name);
        asset.put(name + "#+type", type);
        asset.put(name + "#+value.type", valueType);
        asset.put(name + "#+enabled", "true");
        asset.put(name + "#coap.resource", resource);
        asset.put(name + "#coap.content.format", "text");
    }

    @AfterAll
    void stopTree() {
        if (tree != null) {
            tree.close();
        }
        if (broker != null) {
            broker.close();
        }
    }

    @Test
    @Order(1)
    void driverInstancesFromTheFactoryFlowAreListedWithTheirChannelTable() throws Exception {
        KuraNode gA1 = tree.node("gA1");
        assertTrue(gA1.services().containsAll(List.of("coap-driver", "coap-driver-intruder")), gA1.services()
                .toString());
        assertEquals(List.of("driver.identity", "driver.request.timeout.ms", "driver.max.in.flight",
                "driver.observe.retry.ms"), gA1.formFields("coap-driver"));
        assertEquals(List.of("coap.resource", "coap.content.format", "coap.value.name", "coap.write.method",
                "coap.listen.mode", "coap.poll.interval.ms"), admitted.channelColumns());
    }

    @Test
    @Order(2)
    void anAssetOnGA1ReadsGB2AndABadChannelIsRefusedNamingItsColumn() throws Exception {
        Map<String, Object> temperature = admitted.read("temperature");
        assertEquals("SUCCESS", temperature.get("flag"), temperature.toString());
        Double.parseDouble((String) temperature.get("value"));
        Map<String, Object> misnamed = admitted.read("misnamed");
        assertEquals("FAILURE", misnamed.get("flag"));
        assertTrue(((String) misnamed.get("message")).contains("channel misnamed refused: coap.resource:"),
                misnamed.toString());
    }

    @Test
    @Order(3)
    void theDriverWritesGB2sSwitchAsItsIdentityAndAnotherIdentityIsRefused() throws Exception {
        Map<String, Object> written = admitted.write("switch", "true");
        assertEquals("SUCCESS", written.get("flag"), written.toString());
        assertEquals("true", admitted.read("switch").get("value"));

        Map<String, Object> refused = intruder.write("switch", "false");
        assertEquals("FAILURE", refused.get("flag"));
        assertTrue(((String) refused.get("message")).contains("4.03 Forbidden"), refused.toString());
        assertEquals("true", admitted.read("switch").get("value"), "the refused write changed nothing");
    }

    @Test
    @Order(4)
    void observeNotificationsArriveAsChannelEventsThroughAParentFailover() throws Exception {
        admitted.listen("switch");
        awaitEvent("switch", "true");
        admitted.write("switch", "false");
        awaitEvent("switch", "false");

        tree.awaitTree("gA1", "(tree.parent=A/-/dA)", TIMEOUT);
        tree.stop("dA");
        tree.awaitTree("gA1", "(tree.parent=-/-/" + ROOT + ")", Duration.ofSeconds(15));
        Map<String, Object> written = admitted.write("switch", "true");
        assertEquals("SUCCESS", written.get("flag"), written.toString());
        awaitEvent("switch", "true");
        admitted.unlisten("switch");
    }

    @Test
    @Order(5)
    void aReadOfAGatewayThatIsDownFailsSayingSoWithinTheRequestTimeout() throws Exception {
        tree.stop("gB2");
        // until the tree has noticed (heartbeats), a read may still go to gB2 and time out; every read, whatever it
        // says, ends within the request timeout, and once the tree knows, the status says gB2 is down or gone
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        String message = "";
        while (System.nanoTime() < deadline) {
            long start = System.nanoTime();
            Map<String, Object> temperature = admitted.read("temperature");
            long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(tookMillis < REQUEST_TIMEOUT_MILLIS + 1_000, "took " + tookMillis + " ms: " + temperature);
            assertEquals("FAILURE", temperature.get("flag"), temperature.toString());
            message = (String) temperature.get("message");
            // a gateway the tree knows is down answers 5.03; once the tree has forgotten it, 4.04 "no gateway"
            if (message.startsWith("read /tree/B/2/gB2/temperature: 5.03 Service Unavailable, the gateway is down")
                    || message.startsWith("read /tree/B/2/gB2/temperature: 4.04 Not Found, the gateway is not (or "
                            + "no longer) in the tree")) {
                assertTrue(message.contains("gB2"), message);
                return;
            }
            Thread.sleep(200);
        }
        throw new AssertionError("no read said gB2 is down within 30 s; last: " + message);
    }

    private void awaitEvent(String channel, String value) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        List<Map<String, Object>> events = admitted.events(channel);
        while (System.nanoTime() < deadline) {
            events = admitted.events(channel);
            if (!events.isEmpty() && "SUCCESS".equals(events.get(events.size() - 1).get("flag"))
                    && value.equals(events.get(events.size() - 1).get("value"))) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("no event " + channel + "=" + value + " within 15 s: " + events);
    }
}
