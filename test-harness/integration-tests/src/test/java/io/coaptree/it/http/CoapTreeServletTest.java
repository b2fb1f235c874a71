package io.coaptree.it.http;

import static io.coaptree.it.http.OneGatewayHttp.OPERATOR;
import static io.coaptree.it.http.OneGatewayHttp.PASSWORD;
import static io.coaptree.it.http.OneGatewayHttp.WAIT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import java.util.Map;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.RegisterExtension;

import io.coaptree.harness.hierarchy.TreeHierarchy;

/**
 * {@code CoapTreeServlet} on one gateway's Kura web server, in no tree: what it routes to the page and what to CoAP,
 * and the limits of {@code HttpAccess} it enforces itself (request body, event streams, resources per stream, the page
 * switched off). Limits small enough to reach: a 64-byte body, one event stream, two resources per stream.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class CoapTreeServletTest {

    private static final Map<String, Object> LIMITS = Map.of("http.max.request.bytes", 64, "http.max.event.streams", 1,
            "http.max.stream.resources", 2);

    @RegisterExtension
    static final OneGatewayHttp GATEWAY = new OneGatewayHttp("servlet", LIMITS);

    private static TreeHttp http() {
        return GATEWAY.http();
    }

    @Test
    @Order(1)
    void thePrefixLeadsToThePageWhoseFilesAndDataAreServedReadOnly() throws Exception {
        HttpResponse<String> prefix = http().get("");
        assertEquals(302, prefix.statusCode());
        assertTrue(prefix.headers().firstValue("Location").orElse("").endsWith("/coaptree/"),
                prefix.headers().map().toString());

        HttpResponse<String> page = http().get("/");
        assertEquals(200, page.statusCode());
        assertEquals("text/html;charset=utf-8", page.headers().firstValue("Content-Type").orElse(null));
        assertEquals("text/javascript;charset=utf-8",
                http().get("/.tree/app.js").headers().firstValue("Content-Type").orElse(null));
        HttpResponse<String> data = http().get("/.tree/gateways");
        assertEquals(200, data.statusCode());
        assertEquals("application/json", data.headers().firstValue("Content-Type").orElse(null));
        assertTrue(data.body().contains("\"gateways\":[]"), "in no tree, no gateways: " + data.body());
        assertEquals(404, http().get("/.tree/index.htm").statusCode(), "no such page file");

        HttpResponse<String> post = http().send("POST", "/.tree/gateways", OPERATOR, PASSWORD);
        assertEquals(405, post.statusCode(), "even with credentials: " + post.body());
        assertEquals("GET, HEAD", post.headers().firstValue("Allow").orElse(null));
    }

    @Test
    @Order(2)
    void everyOtherPathIsARequestToTheGatewaysCoapServer() throws Exception {
        HttpResponse<String> read = http().get("/temperature");
        assertEquals(200, read.statusCode());
        assertTrue(read.body().matches("-?\\d+\\.\\d"), read.body());
        assertEquals(404, http().get("/no-such-resource").statusCode());
        assertTrue(http().get("/.well-known/core").body().contains("</switch>"), "the gateway's own resources");
    }

    @Test
    @Order(3)
    void aBodyAboveTheLimitIs413AndNeverReachesTheResource() throws Exception {
        String before = http().get("/switch").body();
        HttpResponse<String> large = http().put("/switch", "on".repeat(40), OPERATOR, PASSWORD);
        assertEquals(413, large.statusCode(), large.body());
        assertTrue(large.body().contains("http.max.request.bytes"), large.body());
        assertEquals(before, http().get("/switch").body());
        assertEquals(400, http().put("/switch", "sideways", OPERATOR, PASSWORD).statusCode(),
                "a body within the limit reaches the resource, which judges it");
    }

    @Test
    @Order(4)
    void eventStreamsBeyondTheLimitAre503UntilOneEnds() throws Exception {
        try (TreeHttp.Events first = http().events("/temperature")) {
            assertEquals(200, first.response().statusCode());
            assertNotNull(first.next(WAIT), "the first notification");
            // an event stream, so that a stream let through by mistake fails on its status instead of never ending
            try (TreeHttp.Events second = http().events("/temperature")) {
                assertEquals(503, second.response().statusCode());
            }
        }
        // The servlet finds the client gone on the stream's next write (a notification, every 5 s, or a keep-alive).
        long deadline = System.nanoTime() + WAIT.toNanos();
        while (true) {
            try (TreeHttp.Events next = http().events("/temperature")) {
                int status = next.response().statusCode();
                if (status == 200) {
                    assertNotNull(next.next(WAIT), "a notification on the stream that took the freed place");
                    break;
                }
                assertEquals(503, status);
                assertTrue(System.nanoTime() < deadline, "the ended stream's place was not freed within " + WAIT);
            }
            Thread.sleep(200);
        }
    }

    @Test
    @Order(5)
    void thePagesEventStreamTakesOneToTheLimitOfResources() throws Exception {
        HttpResponse<String> none = http().get("/.tree/events");
        assertEquals(400, none.statusCode());
        assertEquals("1 to 2 uri parameters (http.max.stream.resources)", none.body());
        assertEquals(400, http().get("/.tree/events?uri=/temperature&uri=/switch&uri=/temperature").statusCode());
    }

    @Test
    @Order(6)
    void withThePageSwitchedOffItsPathsAre404AndResourcesAreStillServed() throws Exception {
        Map<String, Object> settings = new java.util.HashMap<>(LIMITS);
        settings.put("http.page.enabled", false);
        GATEWAY.gateway().node().updateConfiguration(TreeHierarchy.HTTP_PID, settings);
        // while the servlet is registered again with the new settings, the web server itself answers 404 for a moment
        String off = "the page is off (http.page.enabled)";
        TreeHttp.await(() -> http().get("/"), r -> r.statusCode() == 404 && r.body().equals(off), WAIT);
        HttpResponse<String> data = http().get("/.tree/gateways");
        assertEquals(404, data.statusCode());
        assertEquals(off, data.body());
        assertEquals(200, http().get("/temperature").statusCode());
    }
}
