package io.coaptree.harness.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

/**
 * Kura's web stack on the node: Jetty through Equinox's http.jetty, started by Kura's HTTP server manager on the
 * node's own port (two nodes in one JVM, two ports; an Apply moves it), the whiteboard runtime of Equinox's http.servlet, and UserAdmin backed by the role store, whose
 * configuration holds Kura's identities and permissions as in Kura's snapshot_0.xml.
 */
class KuraNodeWebServerTest {

    private static final Duration WAIT = Duration.ofSeconds(20);
    private static final String STORE = "org.eclipse.kura.internal.useradmin.store.RoleRepositoryStoreImpl";

    /** The status of a GET of a path no servlet serves, or -1 while nothing listens on the port. */
    private static int get(int port) throws InterruptedException {
        try {
            return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                    + "/nothing-here")).timeout(WAIT).build(), HttpResponse.BodyHandlers.ofString()).statusCode();
        } catch (java.io.IOException e) {
            return -1;
        }
    }

    @Test
    void eachNodeServesHttpOnItsOwnPortWithTheWhiteboardAndKurasIdentities() throws Exception {
        Map<String, Object> roles = Map.of("users.config",
                "[{\"name\":\"kura.user.operator\",\"credentials\":{\"kura.password\":\"x\"}}]", "groups.config",
                "[{\"name\":\"kura.permission.kura.admin\",\"basicMembers\":[\"kura.user.operator\"]}]");
        try (KuraNode first = KuraNode.builder("web1").configuration(STORE, roles).start();
                KuraNode second = KuraNode.builder("web2").start()) {
            assertNotEquals(first.httpPort(), second.httpPort());
            for (KuraNode node : new KuraNode[] { first, second }) {
                assertTrue(node.awaitServiceProperty("org.osgi.service.http.runtime.HttpServiceRuntime",
                        "(osgi.http.endpoint=*)", WAIT), node.name() + ": no whiteboard runtime");
                assertEquals(404, get(node.httpPort()), node.name() + ": Jetty answers on its port");
            }
            // Apply in the HTTP service's page: Kura's manager restarts Jetty on the new port
            int moved = FreePort.pick();
            second.updateConfiguration(KuraNode.HTTP_SERVICE_PID, Map.of("http.ports", new Integer[] { moved }));
            long deadline = System.nanoTime() + WAIT.toNanos();
            while (second.httpPort() != moved || get(moved) != 404) {
                assertTrue(System.nanoTime() < deadline, "Jetty did not move to " + moved);
                Thread.sleep(50);
            }
            assertTrue(first.awaitServiceProperty("org.osgi.service.useradmin.UserAdmin", null, WAIT));
            Object userAdmin = first.bundleContext().getService(
                    first.bundleContext().getServiceReference("org.osgi.service.useradmin.UserAdmin"));
            Object operator = userAdmin.getClass().getMethod("getRole", String.class).invoke(userAdmin,
                    "kura.user.operator");
            assertEquals("kura.user.operator", operator.getClass().getMethod("getName").invoke(operator));
        }
    }
}
