package io.coaptree.rd.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.clock.ManualClock;
import io.coaptree.linkformat.Link;
import io.coaptree.rd.options.RegistrationStoreOptions;
import io.coaptree.rd.store.StoreResult.Outcome;

/** The rules on their own: what each refuses, with which outcome and diagnostic. */
class RequestRulesTest {

    private final RequestRules rules = new RequestRules(RegistrationStoreOptions.defaults());
    private final RequestRules authenticatedOnly = new RequestRules(RegistrationStoreOptions.fromProperties(
            Map.of(RegistrationStoreOptions.REQUIRE_AUTHENTICATION.id(), true)));

    private static RegistrationRequest.Builder request(String ep) {
        return RegistrationRequest.builder(ep).sourceAddress("coap://192.0.2.1:5683").links(List.of(Link.of("/t")));
    }

    @Test
    void anUnauthenticatedCallerIsRefusedOnlyWhereIdentityIsRequired() {
        assertNull(rules.checkIdentity(null));
        assertEquals(Outcome.UNAUTHENTICATED, authenticatedOnly.checkIdentity(null).outcome());
        assertNull(authenticatedOnly.checkIdentity("psk:sensor"));
        assertEquals(Outcome.UNAUTHENTICATED, authenticatedOnly.checkRegistration(request("n").build(), "").outcome());
        assertEquals(Outcome.UNAUTHENTICATED, authenticatedOnly.checkUpdate(UpdateRequest.builder().build()).outcome());
    }

    @Test
    void onlyTheFirstIdentityMayModifyAnEndpoint() {
        RegistrationStore store = new RegistrationStore(RegistrationStoreOptions.defaults(), new ManualClock());
        Registration bound = store.register(request("bound").identity("psk:a").build()).registration().get();
        Registration open = store.register(request("open").build()).registration().get();

        assertNull(rules.checkOwner(bound, "psk:a"));
        StoreResult other = rules.checkOwner(bound, "psk:b");
        assertEquals(Outcome.FORBIDDEN, other.outcome());
        assertEquals("endpoint 'bound' is registered by another identity", other.diagnostic());
        assertEquals(Outcome.FORBIDDEN, rules.checkOwner(bound, null).outcome());
        assertNull(rules.checkOwner(open, "psk:b"));
        assertNull(rules.checkOwner(open, null));
    }

    @Test
    void aRegistrationNeedsABaseOrASourceAndNamesWithinTheLimits() {
        StoreResult noBase = rules.checkRegistration(RegistrationRequest.builder("n").build(), "");
        assertEquals(Outcome.BAD_REQUEST, noBase.outcome());
        assertTrue(noBase.diagnostic().contains("neither a base nor a source address"), noBase.diagnostic());
        assertEquals(Outcome.BAD_REQUEST, rules.checkRegistration(request("e".repeat(64)).build(), "").outcome());
        assertEquals(Outcome.BAD_REQUEST, rules.checkRegistration(request("n\u0007").build(), "").outcome());
        assertEquals(Outcome.BAD_REQUEST, rules.checkRegistration(request("n").build(), "d\n").outcome());
        assertEquals(Outcome.BAD_REQUEST, rules.checkRegistration(request("n").lifetimeSeconds(59).build(), "")
                .outcome());
        assertNull(rules.checkRegistration(request("n").build(), "A"));
    }

    @Test
    void linksAndExtraAttributesAboveTheLimitsAreTooLarge() {
        RequestRules small = new RequestRules(
                RegistrationStoreOptions.fromProperties(Map.of(RegistrationStoreOptions.LINKS_MAX.id(), 1,
                        RegistrationStoreOptions.ATTRIBUTES_MAX.id(), 0)));

        assertEquals(Outcome.TOO_LARGE, small.checkRegistration(
                request("n").links(List.of(Link.of("/a"), Link.of("/b"))).build(), "").outcome());
        assertEquals(Outcome.TOO_LARGE, small.checkExtras(List.of("x")).outcome());
        assertNull(small.checkExtras(List.of()));
    }
}
