package io.coaptree.rd.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import io.coaptree.properties.InvalidPropertyException;

class DirectoryOptionsTest {

    @Test
    void defaultsAreTheMetatypeDefaults() {
        DirectoryOptions options = DirectoryOptions.defaults();
        assertEquals(1000, options.store().maxRegistrations());
        assertEquals(90_000, options.store().defaultLifetimeSeconds());
        assertEquals(65_536, options.payloadLimits().maxPayloadChars());
        assertEquals(LookupAccess.OPEN, options.lookupAccess());
        assertTrue(options.simpleRegistrationEnabled());
        assertTrue(options.localRegistrationEnabled());
        assertEquals("gateway", options.localEndpointName());
        assertEquals("", options.persistenceFile());
        assertFalse(options.store().requireIdentity());
        assertEquals(Duration.ofSeconds(30), options.interfacesRefreshInterval());
    }

    @Test
    void kuraValueTypesAreRead() {
        DirectoryOptions options = DirectoryOptions.from(Map.of(DirectoryOptions.REGISTRATIONS_MAX, "20000",
                DirectoryOptions.LIFETIME_MAX, 86_400L, DirectoryOptions.REQUIRE_AUTHENTICATION, "true",
                DirectoryOptions.LOOKUP_ACCESS, "authenticated", DirectoryOptions.LINKS_MAX, 400));
        assertEquals(20_000, options.store().maxRegistrations());
        assertEquals(86_400, options.store().maxLifetimeSeconds());
        assertEquals(86_400, options.store().defaultLifetimeSeconds(), "the default follows a lower maximum");
        assertTrue(options.store().requireIdentity());
        assertEquals(LookupAccess.AUTHENTICATED, options.lookupAccess());
        assertEquals(400, options.payloadLimits().maxLinks());
    }

    @Test
    void aBadValueIsRefusedNamingTheField() {
        assertField(DirectoryOptions.REGISTRATIONS_MAX, Map.of(DirectoryOptions.REGISTRATIONS_MAX, 0));
        assertField(DirectoryOptions.LIFETIME_MIN, Map.of(DirectoryOptions.LIFETIME_MIN, 500L,
                DirectoryOptions.LIFETIME_MAX, 100L));
        assertField(DirectoryOptions.LOOKUP_ACCESS, Map.of(DirectoryOptions.LOOKUP_ACCESS, "everyone"));
        assertField(DirectoryOptions.SIMPLE_TIMEOUT, Map.of(DirectoryOptions.SIMPLE_TIMEOUT, "soon"));
        assertField(DirectoryOptions.DEFAULT_SECTOR, Map.of(DirectoryOptions.DEFAULT_SECTOR, "s".repeat(64)));
        assertField(DirectoryOptions.LOCAL_ENDPOINT, Map.of(DirectoryOptions.LOCAL_ENDPOINT, " "));
        assertField(DirectoryOptions.LOCAL_BASE, Map.of(DirectoryOptions.LOCAL_BASE, "192.168.1.1"));
        assertField(DirectoryOptions.LOCAL_LIFETIME, Map.of(DirectoryOptions.LOCAL_LIFETIME, 8L,
                DirectoryOptions.LOCAL_CHECK_INTERVAL, 5));
        assertField(DirectoryOptions.REQUIRE_AUTHENTICATION, Map.of(DirectoryOptions.REQUIRE_AUTHENTICATION, "yes"));
        assertField(DirectoryOptions.INTERFACES_REFRESH, Map.of(DirectoryOptions.INTERFACES_REFRESH, 0));
    }

    @Test
    void aRefusalSaysWhatIsAccepted() {
        assertEquals("lookup.access: 'everyone' is not one of open, authenticated", assertThrows(
                InvalidPropertyException.class, () -> DirectoryOptions.from(Map.of(DirectoryOptions.LOOKUP_ACCESS,
                        "everyone"))).getMessage());
        assertEquals("local.registration.lifetime.seconds: 50 is outside 60..1000 "
                + "(lifetime.min.seconds..lifetime.max.seconds)", assertThrows(InvalidPropertyException.class,
                        () -> DirectoryOptions.from(Map.of(DirectoryOptions.LIFETIME_MAX, 1000,
                                DirectoryOptions.LOCAL_LIFETIME, "50"))).getMessage());
        assertEquals("sweep.interval.seconds: 'often' is not an integer in 1..86400", assertThrows(
                InvalidPropertyException.class, () -> DirectoryOptions.from(Map.of(DirectoryOptions.SWEEP_INTERVAL,
                        "often"))).getMessage());
        assertEquals(LookupAccess.AUTHENTICATED,
                DirectoryOptions.from(Map.of(DirectoryOptions.LOOKUP_ACCESS, " Authenticated")).lookupAccess());
    }

    private static void assertField(String field, Map<String, Object> properties) {
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class, () -> DirectoryOptions.from(properties));
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().startsWith(field + ": "), e.getMessage());
    }
}
