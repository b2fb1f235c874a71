package io.coaptree.it.http;

import static io.coaptree.it.http.OneGatewayHttp.ADMIN;
import static io.coaptree.it.http.OneGatewayHttp.NEWCOMER;
import static io.coaptree.it.http.OneGatewayHttp.OPERATOR;
import static io.coaptree.it.http.OneGatewayHttp.PASSWORD;
import static io.coaptree.it.http.OneGatewayHttp.VIEWER;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Who may call through HTTP, as {@code KuraCallers} judges Kura identities on a gateway: HTTP Basic against the
 * identities of Kura's UserAdmin (Felix UserAdmin 1.0.4 over the emulated role store, the password hashed by the
 * CryptoService), one gateway, real HTTP. A refused caller never reaches CoAP, not even as an anonymous one.
 */
class KuraCallersTest {

    private static final String CHALLENGE = "Basic realm=\"kura-rest-api\"";

    @RegisterExtension
    static final OneGatewayHttp GATEWAY = new OneGatewayHttp("callers", Map.of());

    private static TreeHttp http() {
        return GATEWAY.http();
    }

    @Test
    void withoutCredentialsACallerReadsAndIsChallengedOnAWrite() throws Exception {
        String before = http().get("/switch").body();
        assertEquals(200, http().get("/temperature").statusCode());
        HttpResponse<String> write = http().put("/switch", flipped(before), null, null);
        assertEquals(401, write.statusCode(), write.body());
        assertEquals(CHALLENGE, write.headers().firstValue("WWW-Authenticate").orElse(null));
        assertEquals(before, http().get("/switch").body());
    }

    /**
     * Anonymous callers only read, so a write without credentials is challenged before anything of its body counts:
     * a form body gets 401, not 415 for its type, and a body announced but never sent is not waited for.
     */
    @Test
    void anAnonymousWriteIsChallengedBeforeItsBodyIsRead() throws Exception {
        String before = http().get("/switch").body();
        HttpClient client = HttpClient.newHttpClient();
        for (String method : new String[] { "PUT", "POST" }) {
            HttpResponse<String> form = client.send(HttpRequest.newBuilder(http().uri("/switch"))
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .method(method, HttpRequest.BodyPublishers.ofString("state=on")).timeout(Duration.ofSeconds(20))
                    .build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(401, form.statusCode(), method + ": " + form.body());
            assertEquals(CHALLENGE, form.headers().firstValue("WWW-Authenticate").orElse(null), method);
        }

        URI uri = http().uri("/switch");
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            // Jetty waits far longer than this for a body that does not come: an answer within it was not waiting.
            socket.setSoTimeout(10_000);
            socket.getOutputStream().write(("PUT " + uri.getRawPath() + " HTTP/1.1\r\nHost: " + uri.getHost()
                    + "\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 60000\r\n\r\nstate=on")
                    .getBytes(StandardCharsets.US_ASCII));
            String statusLine = new BufferedReader(new InputStreamReader(socket.getInputStream(),
                    StandardCharsets.US_ASCII)).readLine();
            assertEquals("HTTP/1.1 401 Unauthorized", statusLine);
        }
        assertEquals(before, http().get("/switch").body());
    }

    @Test
    void aWrongPasswordAnUnknownIdentityOrAnotherSchemeIs401EvenForAPublicRead() throws Exception {
        for (String[] credentials : new String[][] { { OPERATOR, PASSWORD + "x" }, { "nobody", PASSWORD },
                { OPERATOR, "" } }) {
            HttpResponse<String> read = http().send("GET", "/temperature", credentials[0], credentials[1]);
            assertEquals(401, read.statusCode(), credentials[0] + ": " + read.body());
            assertEquals(CHALLENGE, read.headers().firstValue("WWW-Authenticate").orElse(null));
            assertEquals("user name or password not matching", read.body());
        }
        HttpResponse<String> bearer = http().sendAuthorized("GET", "/temperature", "Bearer " + PASSWORD);
        assertEquals(401, bearer.statusCode(), bearer.body());
        assertEquals("Basic credentials expected", bearer.body());
    }

    @Test
    void anIdentityThatMustChangeItsPasswordIsRefusedUntilItDoes() throws Exception {
        String before = http().get("/switch").body();
        HttpResponse<String> read = http().send("GET", "/temperature", NEWCOMER, PASSWORD);
        assertEquals(401, read.statusCode(), read.body());
        assertEquals("the password of " + NEWCOMER + " must be changed in the WebUI first", read.body());
        assertEquals(401, http().put("/switch", flipped(before), NEWCOMER, PASSWORD).statusCode());
        assertEquals(before, http().get("/switch").body());
    }

    @Test
    void anIdentityWithoutThePermissionIsRefused403() throws Exception {
        String before = http().get("/switch").body();
        HttpResponse<String> write = http().put("/switch", flipped(before), VIEWER, PASSWORD);
        assertEquals(403, write.statusCode(), write.body());
        assertEquals(VIEWER + " lacks the permission rest.coaptree", write.body());
        assertTrue(write.headers().firstValue("WWW-Authenticate").isEmpty(), "no challenge: the identity is known");
        assertEquals(before, http().get("/switch").body());
    }

    @Test
    void anIdentityWithThePermissionOrWithKuraAdminWrites() throws Exception {
        for (String writer : new String[] { OPERATOR, ADMIN }) {
            String next = flipped(http().get("/switch").body());
            HttpResponse<String> write = http().put("/switch", next, writer, PASSWORD);
            assertEquals(200, write.statusCode(), writer + ": " + write.body());
            assertEquals(next, http().get("/switch").body(), writer);
        }
    }

    private static String flipped(String switchState) {
        return switchState.equals("on") ? "off" : "on";
    }
}
