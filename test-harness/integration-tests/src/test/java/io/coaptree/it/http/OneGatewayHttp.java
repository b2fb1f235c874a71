package io.coaptree.it.http;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.coaptree.harness.hierarchy.KuraIdentities;
import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.it.TestGateway;

/**
 * One emulated Kura gateway with both packages, in no tree, reached through its own web server: the servlet and
 * Kura's identities on their own. Writes need an authenticated caller (the product's default), and the gateway knows
 * these Kura identities, all with {@link #PASSWORD}.
 */
final class OneGatewayHttp implements AutoCloseable {

    static final Duration WAIT = Duration.ofSeconds(30);
    static final String PASSWORD = KuraIdentities.randomPassword();
    /** Holds the permission {@code rest.coaptree}. */
    static final String OPERATOR = "operator";
    /** Holds {@code kura.admin}, which implies every permission. */
    static final String ADMIN = "admin";
    /** Holds no permission. */
    static final String VIEWER = "viewer";
    /** Holds {@code rest.coaptree}, but must change its password first ({@code kura.need.password.change}). */
    static final String NEWCOMER = "newcomer";

    private final TestGateway gateway;
    private final TreeHttp http;

    private OneGatewayHttp(TestGateway gateway) {
        this.gateway = gateway;
        this.http = new TreeHttp("http://127.0.0.1:" + gateway.node().httpPort() + "/coaptree");
    }

    /** @param httpSettings HTTP access settings over the defaults */
    static OneGatewayHttp start(String name, Map<String, Object> httpSettings) throws Exception {
        Map<String, Object> identities = KuraIdentities.roleStore(
                Map.of(OPERATOR, PASSWORD, ADMIN, PASSWORD, VIEWER, PASSWORD, NEWCOMER, PASSWORD),
                Map.of("rest.coaptree", List.of(OPERATOR, NEWCOMER), "kura.admin", List.of(ADMIN)),
                Map.of(NEWCOMER, Map.of("kura.need.password.change", "true")));
        TestGateway gateway = TestGateway.start(name, Map.of("access.writes", "authenticated"),
                Map.of(KuraIdentities.ROLE_STORE_PID, identities, TreeHierarchy.HTTP_PID, httpSettings));
        try {
            OneGatewayHttp started = new OneGatewayHttp(gateway);
            // the servlet is registered on the whiteboard once the component has its configuration
            TreeHttp.await(() -> started.http.get("/temperature"), r -> r.statusCode() == 200, WAIT);
            return started;
        } catch (Exception | AssertionError e) {
            gateway.close();
            throw e;
        }
    }

    /** A client of the gateway's web server, under {@code /coaptree}. */
    TreeHttp http() {
        return http;
    }

    TestGateway gateway() {
        return gateway;
    }

    @Override
    public void close() {
        gateway.close();
    }
}
