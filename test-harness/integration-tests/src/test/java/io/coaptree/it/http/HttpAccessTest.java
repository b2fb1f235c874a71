package io.coaptree.it.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

import io.coaptree.harness.hierarchy.TreeHierarchy;

/**
 * HTTP access on the demo's tree: seven emulated Kura 5.6 gateways running Kura's Jetty and Equinox whiteboard, the
 * shipped packages installed, real HTTP clients (the JDK's, and Chromium for the page) on their web servers. A client
 * of gA1 reaches gB2's resources through the tree; gB2's access policy judges the Kura identity it sends.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class HttpAccessTest {

    private static final Duration WAIT = Duration.ofSeconds(30);
    private static final String REMOTE_TEMPERATURE = "/tree/B/2/gB2/temperature";
    private static final String REMOTE_SWITCH = "/tree/B/2/gB2/switch";

    private SevenGatewayTree tree;
    private TreeHttp gA1;

    @BeforeAll
    void startTree() throws Exception {
        tree = SevenGatewayTree.start();
        gA1 = tree.http("gA1");
    }

    @AfterAll
    void stopTree() {
        if (tree != null) {
            tree.close();
        }
    }

    @Test
    @Order(1)
    void aRemoteResourceIsReadThroughTheTreeWithItsCoapMetadataMapped() throws Exception {
        HttpResponse<String> response = gA1.get(REMOTE_TEMPERATURE);
        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.body().matches("-?\\d+\\.\\d"), response.body());
        assertEquals("text/plain;charset=utf-8", response.headers().firstValue("Content-Type").orElse(null));
        assertTrue(response.headers().firstValue("Cache-Control").orElse("").startsWith("max-age="),
                "Max-Age as Cache-Control: " + response.headers().map());

        assertEquals(404, gA1.get("/tree/B/2/nobody/temperature").statusCode(), "unknown gateway: 4.04");
        assertEquals(404, gA1.get("/tree/B/2/gB2/no-such-resource").statusCode());
        assertEquals(200, tree.http(TreeHierarchy.ROOT_NAME).get(REMOTE_TEMPERATURE).statusCode(), "through the root");

        // complete once every group has synchronised its directory up the tree (a few seconds after start)
        HttpResponse<String> lookup = awaitAnswer(gA1, "/tree-lookup/res?rt=temp",
                body -> body.contains("</tree/B/2/gB2/temperature>") && body.contains("</tree/A/2/gA2/temperature>"));
        assertEquals("application/link-format;charset=utf-8", lookup.headers().firstValue("Content-Type").orElse(null));
        for (String group : List.of("A/1/gA1", "A/2/gA2", "B/1/gB1", "B/2/gB2")) {
            assertTrue(lookup.body().contains("</tree/" + group + "/temperature>"), group + " in " + lookup.body());
        }
    }

    @Test
    @Order(2)
    void aWriteWithoutCredentialsIsRefusedAndOneWithAKuraIdentityIsAccepted() throws Exception {
        HttpResponse<String> anonymous = gA1.put(REMOTE_SWITCH, "on", null, null);
        assertEquals(401, anonymous.statusCode(), anonymous.body());
        assertEquals("Basic realm=\"kura-rest-api\"", anonymous.headers().firstValue("WWW-Authenticate").orElse(null));
        assertEquals("off", gA1.get(REMOTE_SWITCH).body(), "nothing changed");

        String password = tree.hierarchy().operatorPassword();
        assertEquals(401, gA1.put(REMOTE_SWITCH, "on", TreeHierarchy.OPERATOR, password + "x").statusCode(),
                "wrong password");
        assertEquals(403, gA1.put(REMOTE_SWITCH, "on", TreeHierarchy.VIEWER, password).statusCode(),
                "an identity without the permission rest.coaptree");
        assertEquals("off", gA1.get(REMOTE_SWITCH).body());

        HttpResponse<String> operator = gA1.put(REMOTE_SWITCH, "on", TreeHierarchy.OPERATOR, password);
        assertEquals(200, operator.statusCode(), operator.body());
        assertEquals("on", operator.body());
        assertEquals("on", tree.http("gB2").get("/switch").body(), "the switch on gB2 itself");

        assertEquals(400, gA1.put(REMOTE_SWITCH, "sideways", TreeHierarchy.OPERATOR, password).statusCode(),
                "the resource's 4.00 with its diagnostic");
        assertEquals(200, tree.http("gB2").put("/switch", "on", TreeHierarchy.OPERATOR, password).statusCode(),
                "a local resource with the same identity");
    }

    @Test
    @Order(3)
    void postDeleteHeadAndLookupsMapToTheirCoapCounterparts() throws Exception {
        String password = tree.hierarchy().operatorPassword();
        String before = gA1.get(REMOTE_SWITCH).body();
        HttpResponse<String> toggled = gA1.send("POST", REMOTE_SWITCH, TreeHierarchy.OPERATOR, password);
        assertEquals(200, toggled.statusCode(), "2.04 with a payload: " + toggled.body());
        assertEquals(before.equals("on") ? "off" : "on", toggled.body(), "an empty POST toggles the switch");

        HttpResponse<String> delete = gA1.send("DELETE", REMOTE_SWITCH, TreeHierarchy.OPERATOR, password);
        assertEquals(405, delete.statusCode(), "4.05 Method Not Allowed: " + delete.body());
        assertEquals(401, gA1.send("DELETE", REMOTE_SWITCH, null, null).statusCode(), "no write without credentials");

        HttpResponse<String> head = gA1.send("HEAD", REMOTE_TEMPERATURE, null, null);
        assertEquals(200, head.statusCode());
        assertEquals("", head.body(), "HEAD is a GET without the body");
        assertEquals(501, gA1.send("OPTIONS", REMOTE_TEMPERATURE, TreeHierarchy.OPERATOR, password).statusCode(),
                "no such CoAP method");
        assertEquals(401, gA1.send("OPTIONS", REMOTE_TEMPERATURE, null, null).statusCode(),
                "an anonymous caller may only GET and HEAD: challenged before anything else is judged");

        // domain B's own Resource Directory holds its groups' synchronised sets
        awaitAnswer(tree.http("dB"), "/rd-lookup/res?rt=temp", body -> body.contains("/tree/B/2/gB2/temperature>"));
        assertEquals(406, tree.http("gB2").getAccepting("/temperature", "image/webp").statusCode());
    }

    @Test
    @Order(4)
    void observeIsAServerSentEventStreamThatFollowsTheResource() throws Exception {
        String password = tree.hierarchy().operatorPassword();
        gA1.put(REMOTE_SWITCH, "off", TreeHierarchy.OPERATOR, password);
        try (TreeHttp.Events events = gA1.events(REMOTE_SWITCH)) {
            HttpResponse<Stream<String>> response = events.response();
            assertEquals(200, response.statusCode());
            assertEquals("text/event-stream;charset=utf-8", response.headers().firstValue("Content-Type").orElse(null));
            JsonObject first = JsonParser.parseString(nonNull(events.next(WAIT), "first notification")).getAsJsonObject();
            assertEquals("off", first.get("payload").getAsString());
            assertEquals(200, first.get("status").getAsInt());
            assertEquals("2.05", first.get("code").getAsString());

            assertEquals(200, gA1.put(REMOTE_SWITCH, "on", TreeHierarchy.OPERATOR, password).statusCode());
            JsonObject changed = JsonParser.parseString(nonNull(events.next(WAIT), "notification after the PUT"))
                    .getAsJsonObject();
            assertEquals("on", changed.get("payload").getAsString());
            assertEquals(REMOTE_SWITCH, changed.get("uri").getAsString().substring("/coaptree".length()));
        }
    }

    @Test
    @Order(5)
    void thePageDataListsTheGatewaysNeighbourhoodLiveWithTheirParents() throws Exception {
        // gA1 follows the root, its domain and itself (docs/hierarchy.md, "Membership: each gateway follows its
        // neighbourhood"); a heartbeat late on a loaded machine marks one down for a moment: wait for all three live
        HttpResponse<String> response = awaitAnswer(gA1, "/.tree/gateways", HttpAccessTest::neighbourhoodLive);
        JsonArray gateways = gateways(response.body());
        assertEquals(3, gateways.size(), response.body());
        for (JsonElement element : gateways) {
            JsonObject g = element.getAsJsonObject();
            assertTrue(g.get("live").getAsBoolean(), g.toString());
            String expectedParent = switch (g.get("level").getAsInt()) {
            case 0 -> "";
            case 1 -> TreeHierarchy.ROOT_NAME;
            default -> "d" + g.get("domain").getAsString();
            };
            assertEquals(expectedParent, g.get("parent").getAsString(), g.toString());
        }
    }

    @Test
    @Order(6)
    void thePageInHeadlessChromiumShowsTheTreeLiveValuesAndSwitchesTheRemoteSwitch() throws Exception {
        String password = tree.hierarchy().operatorPassword();
        gA1.put(REMOTE_SWITCH, "off", TreeHierarchy.OPERATOR, password);
        Path screenshots = Files.createDirectories(Path.of(System.getProperty("coaptree.screenshots",
                "target/screenshots")));
        try (ChromiumPage page = ChromiumPage.open(tree.hierarchy().pageUrl("gA1"))) {
            page.await("gA1's neighbourhood listed live", WAIT,
                    () -> page.count("#gateways tr.gateway[data-live='true']") == 3);
            page.await("gA1's own join shown", WAIT, () -> page.text("#join").equals("joined"));
            String temperature = "#resources tr[data-uri='" + REMOTE_TEMPERATURE + "'] .value";
            page.await("a temperature shown", WAIT, () -> page.text(temperature).matches("-?\\d+\\.\\d"));
            String before = page.text(temperature);
            // the simulated sensor is read every 5 s; a notification replaces the value without a reload
            page.await("the temperature changes on screen", Duration.ofSeconds(60),
                    () -> !page.text(temperature).equals(before));

            String switchValue = "#resources tr[data-uri='" + REMOTE_SWITCH + "'] .value";
            page.await("the switch's state shown", WAIT, () -> page.text(switchValue).equals("off"));
            page.type("#user", TreeHierarchy.OPERATOR);
            page.type("#password", password);
            page.click("#resources tr[data-uri='" + REMOTE_SWITCH + "'] button.toggle");
            page.await("the switch shows on", WAIT, () -> page.text(switchValue).equals("on"));
            assertEquals("on", tree.http("gB2").get("/switch").body(), "the remote switch itself is on");
            Path shot = page.screenshot(screenshots.resolve("tree-page.png"));
            assertTrue(Files.size(shot) > 0);
        }
    }

    @Test
    @Order(7)
    void theOwningGatewaysAllowListJudgesTheKuraIdentity() throws Exception {
        String password = tree.hierarchy().operatorPassword();
        try {
            // gB2's own policy: only a DTLS peer may write; gA1, whose policy lets any identity write, only relays
            tree.hierarchy().node("gB2").updateConfiguration(TreeHierarchy.SERVER_PID,
                    Map.of("access.writers", "psk:someone-else"));
            awaitStatus(() -> gA1.put(REMOTE_SWITCH, "on", TreeHierarchy.OPERATOR, password), 403);
            // kura:operator names gB2's own operator: gA1's arrives as A/1/gA1:kura:operator
            tree.hierarchy().node("gB2").updateConfiguration(TreeHierarchy.SERVER_PID,
                    Map.of("access.writers", "psk:someone-else\nkura:" + TreeHierarchy.OPERATOR));
            assertEquals(403, gA1.put(REMOTE_SWITCH, "on", TreeHierarchy.OPERATOR, password).statusCode());
            tree.hierarchy().node("gB2").updateConfiguration(TreeHierarchy.SERVER_PID,
                    Map.of("access.writers", "psk:someone-else\nA/1/gA1:kura:" + TreeHierarchy.OPERATOR));
            awaitStatus(() -> gA1.put(REMOTE_SWITCH, "off", TreeHierarchy.OPERATOR, password), 200);
        } finally {
            tree.hierarchy().node("gB2").updateConfiguration(TreeHierarchy.SERVER_PID, Map.of("access.writers", ""));
        }
    }

    /** Repeats the call until it answers the status (a configuration applies asynchronously); fails at the deadline. */
    private static void awaitStatus(TreeHttp.Call call, int status) throws Exception {
        TreeHttp.await(call, response -> response.statusCode() == status, WAIT);
    }

    /** Polls a GET until it answers 200 with a body the predicate accepts; fails with the last answer at the deadline. */
    private static HttpResponse<String> awaitAnswer(TreeHttp client, String path, Predicate<String> wanted)
            throws Exception {
        return TreeHttp.await(() -> client.get(path), r -> r.statusCode() == 200 && wanted.test(r.body()), WAIT);
    }

    private static JsonArray gateways(String pageData) {
        return JsonParser.parseString(pageData).getAsJsonObject().getAsJsonArray("gateways");
    }

    private static boolean neighbourhoodLive(String pageData) {
        int live = 0;
        for (JsonElement g : gateways(pageData)) {
            live += g.getAsJsonObject().get("live").getAsBoolean() ? 1 : 0;
        }
        return live == 3;
    }

    private static String nonNull(String value, String what) {
        assertNotNull(value, what + " did not arrive");
        return value;
    }
}
