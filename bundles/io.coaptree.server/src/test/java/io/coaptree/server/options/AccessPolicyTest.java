package io.coaptree.server.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.coaptree.api.PeerIdentity;
import io.coaptree.properties.InvalidPropertyException;

class AccessPolicyTest {

    @Test
    void levelsAndTheAllowListAreRead() {
        AccessPolicy policy = AccessPolicy.fromProperties(Map.of("access.reads", " Authenticated ", "access.writes",
                "open", "access.writers", "psk:alice;\n x509:CN=client, O=CoAPTree Test \n\nkura:operator"));
        assertTrue(policy.readsAuthenticated());
        assertFalse(policy.writesAuthenticated());
        assertEquals(Set.of(new PeerIdentity("psk", "alice"), new PeerIdentity("x509", "CN=client, O=CoAPTree Test"),
                new PeerIdentity(PeerIdentity.KURA, "operator")), policy.writers());
        assertEquals(new AccessPolicy(false, false, Set.of()), AccessPolicy.open());
    }

    @Test
    void refusedValuesNameTheirField() {
        assertEquals("access.writes", assertThrows(InvalidPropertyException.class,
                () -> AccessPolicy.fromProperties(Map.of("access.writes", "maybe"))).field());
        assertEquals("access.writers", assertThrows(InvalidPropertyException.class,
                () -> AccessPolicy.fromProperties(Map.of("access.writers", "alice"))).field());
        assertEquals("access.writers", assertThrows(InvalidPropertyException.class,
                () -> AccessPolicy.fromProperties(Map.of("access.writers", "x509:not a dn"))).field());
        for (String bad : new String[] { "A/1:psk:maint", "**:psk:maint", "*:maint", "A/1/gA1:*:psk:maint",
                "A/1/gA1:node:A/1/gA1", "A/1/gA1:x509:not a dn" }) {
            InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                    () -> AccessPolicy.fromProperties(Map.of("access.writers", "psk:alice\n" + bad)), bad);
            assertEquals("access.writers", e.field(), bad);
        }
    }

    @Test
    void entriesNameAPeerOfThisGatewayACallerOfAnotherOrOfAny() {
        AccessPolicy policy = AccessPolicy.fromProperties(Map.of("access.writers",
                "psk:maint\n A/1/gA1:psk:maint ;*:kura:operator\n-/-/top:psk:ops"));
        assertEquals(Set.of(new PeerIdentity("psk", "maint"), new PeerIdentity("psk", "maint", "A/1/gA1"),
                new PeerIdentity("kura", "operator", PeerIdentity.ANY_GATEWAY),
                new PeerIdentity("psk", "ops", "-/-/top")), policy.writers());
    }
}
