package io.coaptree.it.http;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import io.coaptree.harness.hierarchy.KuraIdentities;
import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.it.TestGateway;

/**
 * One emulated Kura gateway with both packages, in no tree, reached through its own web server: the servlet and
 * Kura's identities on their own. Writes need an authenticated caller (the product's default), and the gateway knows
 * these Kura identities, all with {@link #PASSWORD}. A test class registers it as an extension: the gateway starts
 * before its tests and stops after them.
 */
final class OneGatewayHttp implements BeforeAllCallback, AfterAllCallback {

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

    private final String name;
    private final Map<String, Object> httpSettings;
    private TestGateway gateway;
    private TreeHttp http;

    /** @param httpSettings HTTP access settings over the defaults */
    OneGatewayHttp(String name, Map<String, Object> httpSettings) {
        this.name = name;
        this.httpSettings = Map.copyOf(httpSettings);
    }

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        Map<String, Object> identities = KuraIdentities.roleStore(
                Map.of(OPERATOR, PASSWORD, ADMIN, PASSWORD, VIEWER, PASSWORD, NEWCOMER, PASSWORD),
                Map.of("rest.coaptree", List.of(OPERATOR, NEWCOMER), "kura.admin", List.of(ADMIN)),
                Map.of(NEWCOMER, Map.of("kura.need.password.change", "true")));
        gateway = TestGateway.start(name, Map.of("access.writes", "authenticated"),
                Map.of(KuraIdentities.ROLE_STORE_PID, identities, TreeHierarchy.HTTP_PID, httpSettings));
        http = new TreeHttp("http://127.0.0.1:" + gateway.node().httpPort() + "/coaptree");
        // the servlet is registered on the whiteboard once the component has its configuration
        TreeHttp.await(() -> http.get("/temperature"), r -> r.statusCode() == 200, WAIT);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (gateway != null) {
            gateway.close();
        }
    }

    /** A client of the gateway's web server, under {@code /coaptree}. */
    TreeHttp http() {
        return http;
    }

    TestGateway gateway() {
        return gateway;
    }
}
