package io.coaptree.http.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.junit.jupiter.api.Test;

class BasicCredentialsTest {

    private static String basic(String text) {
        return "Basic " + Base64.getEncoder().encodeToString(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void theUserNameEndsAtTheFirstColon() {
        BasicCredentials credentials = BasicCredentials.parse(basic("operator:pa:ss")).orElseThrow();
        assertEquals("operator", credentials.username());
        assertEquals("pa:ss", credentials.password());
        assertFalse(credentials.toString().contains("pa:ss"), "never the password in a log line");
    }

    @Test
    void otherSchemesAndUndecodableHeadersAreNoCredentials() {
        assertTrue(BasicCredentials.parse(null).isEmpty());
        assertTrue(BasicCredentials.parse("Bearer abc").isEmpty());
        assertTrue(BasicCredentials.parse("Basic !!!").isEmpty());
        assertTrue(BasicCredentials.parse(basic("no-colon")).isEmpty());
        assertTrue(BasicCredentials.parse(basic(":empty-user")).isEmpty());
        assertEquals("u", BasicCredentials.parse("basic " + basic("u:p").substring(6)).orElseThrow().username());
    }
}
