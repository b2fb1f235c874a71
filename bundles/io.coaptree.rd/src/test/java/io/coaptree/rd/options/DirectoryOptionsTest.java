package io.coaptree.rd.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.properties.ComponentSettings;
import io.coaptree.properties.InvalidPropertyException;

/** Reading the directory's options; defaults, ranges and the metatype are held together by SettingsAgreementTest. */
class DirectoryOptionsTest {

    @Test
    void theComponentSettingsAreExactlyThoseBothOptionsClassesRead() {
        assertEquals(new HashSet<>(ComponentSettings.join(RegistrationStoreOptions.ALL, DirectoryOptions.ALL)),
                new HashSet<>(DirectoryOptions.SETTINGS.settings()));
        assertEquals(RegistrationStoreOptions.ALL.size() + DirectoryOptions.ALL.size(),
                DirectoryOptions.SETTINGS.settings().size());
    }

    @Test
    void kuraValueTypesAreRead() {
        DirectoryOptions options = DirectoryOptions.fromProperties(Map.of(
                RegistrationStoreOptions.REGISTRATIONS_MAX.id(), "20000",
                RegistrationStoreOptions.LIFETIME_MAX.id(), 86_400L,
                RegistrationStoreOptions.LIFETIME_DEFAULT.id(), 3600,
                RegistrationStoreOptions.REQUIRE_AUTHENTICATION.id(), "true",
                DirectoryOptions.LOOKUP_ACCESS.id(), "authenticated", RegistrationStoreOptions.LINKS_MAX.id(), 400,
                DirectoryOptions.DEFAULT_SECTOR.id(), " plant1 "));
        assertEquals(20_000, options.store().maxRegistrations());
        assertEquals(86_400, options.store().maxLifetimeSeconds());
        assertEquals(3600, options.store().defaultLifetimeSeconds());
        assertTrue(options.store().requireIdentity());
        assertEquals(LookupAccess.AUTHENTICATED, options.lookupAccess());
        assertEquals(400, options.payloadLimits().maxLinks());
        assertEquals("plant1", options.defaultSector());
    }

    @Test
    void aBadValueIsRefusedNamingTheField() {
        assertField(RegistrationStoreOptions.REGISTRATIONS_MAX.id(),
                Map.of(RegistrationStoreOptions.REGISTRATIONS_MAX.id(), 0));
        assertField(RegistrationStoreOptions.LIFETIME_MIN.id(), Map.of(RegistrationStoreOptions.LIFETIME_MIN.id(),
                500L, RegistrationStoreOptions.LIFETIME_MAX.id(), 100L));
        assertField(RegistrationStoreOptions.LIFETIME_DEFAULT.id(),
                Map.of(RegistrationStoreOptions.LIFETIME_MAX.id(), 86_400L));
        assertField(DirectoryOptions.LOOKUP_ACCESS.id(), Map.of(DirectoryOptions.LOOKUP_ACCESS.id(), "everyone"));
        assertField(DirectoryOptions.SIMPLE_TIMEOUT.id(), Map.of(DirectoryOptions.SIMPLE_TIMEOUT.id(), "soon"));
        assertField(DirectoryOptions.DEFAULT_SECTOR.id(), Map.of(DirectoryOptions.DEFAULT_SECTOR.id(), "s".repeat(64)));
        assertField(DirectoryOptions.LOCAL_ENDPOINT.id(), Map.of(DirectoryOptions.LOCAL_ENDPOINT.id(), " "));
        assertField(DirectoryOptions.LOCAL_BASE.id(), Map.of(DirectoryOptions.LOCAL_BASE.id(), "192.168.1.1"));
        assertField(DirectoryOptions.LOCAL_LIFETIME.id(), Map.of(DirectoryOptions.LOCAL_LIFETIME.id(), 8L,
                DirectoryOptions.LOCAL_CHECK_INTERVAL.id(), 5));
        assertField(RegistrationStoreOptions.REQUIRE_AUTHENTICATION.id(),
                Map.of(RegistrationStoreOptions.REQUIRE_AUTHENTICATION.id(), "yes"));
        assertField(DirectoryOptions.INTERFACES_REFRESH.id(), Map.of(DirectoryOptions.INTERFACES_REFRESH.id(), 0));
    }

    @Test
    void aRefusalSaysWhatIsAccepted() {
        assertEquals("lookup.access: 'everyone' is not one of open, authenticated", assertThrows(
                InvalidPropertyException.class, () -> DirectoryOptions.fromProperties(Map.of(
                        DirectoryOptions.LOOKUP_ACCESS.id(), "everyone"))).getMessage());
        assertEquals("local.registration.lifetime.seconds: 50 is outside 60..1000 "
                + "(lifetime.min.seconds..lifetime.max.seconds)", assertThrows(InvalidPropertyException.class,
                        () -> DirectoryOptions.fromProperties(Map.of(RegistrationStoreOptions.LIFETIME_MAX.id(), 1000,
                                RegistrationStoreOptions.LIFETIME_DEFAULT.id(), 1000,
                                DirectoryOptions.LOCAL_LIFETIME.id(), "50"))).getMessage());
        assertEquals("lifetime.default.seconds: 90000 is outside 60..86400 "
                + "(lifetime.min.seconds..lifetime.max.seconds)", assertThrows(InvalidPropertyException.class,
                        () -> DirectoryOptions.fromProperties(Map.of(RegistrationStoreOptions.LIFETIME_MAX.id(),
                                86_400))).getMessage());
        assertEquals("sweep.interval.seconds: 0 is outside 1..86400", assertThrows(InvalidPropertyException.class,
                () -> DirectoryOptions.fromProperties(Map.of(RegistrationStoreOptions.SWEEP_INTERVAL.id(), 0)))
                .getMessage());
        assertEquals("sweep.interval.seconds: 'often' is not an integer", assertThrows(
                InvalidPropertyException.class, () -> DirectoryOptions.fromProperties(Map.of(
                        RegistrationStoreOptions.SWEEP_INTERVAL.id(), "often"))).getMessage());
        assertEquals(LookupAccess.AUTHENTICATED, DirectoryOptions.fromProperties(Map.of(
                DirectoryOptions.LOOKUP_ACCESS.id(), " Authenticated")).lookupAccess());
    }

    @Test
    void optionsBuiltInCodeAreHeldToTheSameRules() {
        DirectoryOptions d = DirectoryOptions.defaults();
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> new DirectoryOptions(d.store(), d.defaultSector(), d.lookupAccess(), d.lookupPayloadMaxBytes(),
                        d.interfacesRefreshSeconds(), d.payloadMaxBytes(), d.linkAttributesMax(),
                        d.linkAttributeLengthMax(), d.linkTargetLengthMax(), d.simpleRegistrationEnabled(),
                        d.simpleRegistrationTimeoutSeconds(), d.simpleRegistrationMaxBytes(), d.persistenceFile(),
                        d.persistenceIntervalSeconds(), d.localRegistrationEnabled(), d.localEndpointName(),
                        d.localBase(), 0, d.localLifetimeSeconds()));
        assertEquals(DirectoryOptions.LOCAL_CHECK_INTERVAL.id(), e.field());
        RegistrationStoreOptions s = RegistrationStoreOptions.defaults();
        assertEquals(RegistrationStoreOptions.LIFETIME_DEFAULT.id(), assertThrows(InvalidPropertyException.class,
                () -> new RegistrationStoreOptions(s.maxRegistrations(), s.maxLinksPerRegistration(),
                        s.maxExtraAttributes(), 60, 3600, 7200, s.sweepIntervalSeconds(), s.requireIdentity()))
                .field());
    }

    private static void assertField(String field, Map<String, Object> properties) {
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> DirectoryOptions.fromProperties(properties));
        assertEquals(field, e.field(), e.getMessage());
        assertTrue(e.getMessage().startsWith(field + ": "), e.getMessage());
    }
}
