package io.coaptree.server.access;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.eclipse.californium.core.coap.CoAP.Code;
import org.junit.jupiter.api.Test;

import io.coaptree.api.AccessRequirement;
import io.coaptree.api.PeerIdentity;
import io.coaptree.properties.InvalidPropertyException;

class AccessPolicyTest {

    private static final Optional<PeerIdentity> ANONYMOUS = Optional.empty();
    private static final Optional<PeerIdentity> ALICE = Optional.of(new PeerIdentity("psk", "alice"));
    private static final Optional<PeerIdentity> BOB = Optional.of(new PeerIdentity("psk", "bob"));

    @Test
    void byDefaultAnyoneReadsAndOnlyAuthenticatedPeersWrite() {
        AccessPolicy policy = AccessPolicy.from(Map.of());
        AccessRequirement none = AccessRequirement.none();
        assertEquals(AccessDecision.ALLOWED, policy.decide(Code.GET, ANONYMOUS, none));
        for (Code write : new Code[] { Code.POST, Code.PUT, Code.DELETE, Code.PATCH, Code.IPATCH }) {
            assertEquals(AccessDecision.UNAUTHENTICATED, policy.decide(write, ANONYMOUS, none), write.name());
            assertEquals(AccessDecision.ALLOWED, policy.decide(write, ALICE, none), write.name());
        }
    }

    @Test
    void anAllowListForbidsOtherAuthenticatedWriters() {
        AccessPolicy policy = AccessPolicy.from(Map.of("access.writers", "psk:alice\nx509:CN=client, O=CoAPTree Test"));
        assertEquals(AccessDecision.ALLOWED, policy.decide(Code.PUT, ALICE, AccessRequirement.none()));
        assertEquals(AccessDecision.FORBIDDEN, policy.decide(Code.PUT, BOB, AccessRequirement.none()));
        assertEquals(AccessDecision.UNAUTHENTICATED, policy.decide(Code.PUT, ANONYMOUS, AccessRequirement.none()));
        // the DN as the certificate carries it, with other spacing
        assertEquals(AccessDecision.ALLOWED, policy.decide(Code.PUT,
                Optional.of(new PeerIdentity("x509", "CN=client,O=CoAPTree Test")), AccessRequirement.none()));
        assertEquals(AccessDecision.ALLOWED, policy.decide(Code.GET, BOB, AccessRequirement.none()));
    }

    @Test
    void aKuraIdentityCallingThroughHttpIsNamedInTheAllowListLikeADtlsOne() {
        AccessPolicy policy = AccessPolicy.from(Map.of("access.writers", "psk:alice;kura:operator"));
        assertEquals(AccessDecision.ALLOWED, policy.decide(Code.PUT,
                Optional.of(new PeerIdentity(PeerIdentity.KURA, "operator")), AccessRequirement.none()));
        assertEquals(AccessDecision.FORBIDDEN, policy.decide(Code.PUT,
                Optional.of(new PeerIdentity(PeerIdentity.KURA, "viewer")), AccessRequirement.none()));
    }

    @Test
    void aResourceCanTightenButNotLoosenThePolicy() {
        AccessPolicy open = AccessPolicy.open();
        assertEquals(AccessDecision.UNAUTHENTICATED,
                open.decide(Code.GET, ANONYMOUS, AccessRequirement.authenticatedOnly()));
        assertEquals(AccessDecision.FORBIDDEN, open.decide(Code.PUT, BOB,
                AccessRequirement.writersOnly(new PeerIdentity("psk", "alice"))));
        assertEquals(AccessDecision.ALLOWED, open.decide(Code.PUT, ALICE,
                AccessRequirement.writersOnly(new PeerIdentity("psk", "alice"))));
        AccessPolicy strict = new AccessPolicy(true, true, Set.of(new PeerIdentity("psk", "alice")));
        assertEquals(AccessDecision.FORBIDDEN, strict.decide(Code.PUT, BOB, AccessRequirement.none()));
        assertEquals(AccessDecision.UNAUTHENTICATED, strict.decide(Code.GET, ANONYMOUS, AccessRequirement.none()));
    }

    @Test
    void refusedValuesNameTheirField() {
        assertEquals("access.writes",
                assertThrows(InvalidPropertyException.class, () -> AccessPolicy.from(Map.of("access.writes", "maybe")))
                        .field());
        assertEquals("access.writers", assertThrows(InvalidPropertyException.class,
                () -> AccessPolicy.from(Map.of("access.writers", "alice"))).field());
        assertEquals("access.writers", assertThrows(InvalidPropertyException.class,
                () -> AccessPolicy.from(Map.of("access.writers", "x509:not a dn"))).field());
    }
}
