package io.coaptree.server.access;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.eclipse.californium.core.coap.CoAP.Code;
import org.junit.jupiter.api.Test;

import io.coaptree.api.AccessRequirement;
import io.coaptree.api.PeerIdentity;
import io.coaptree.server.options.AccessPolicy;

/** What the access policy decides for one request, and how a resource's own requirement tightens it. */
class AccessDecisionTest {

    private static final Optional<PeerIdentity> ANONYMOUS = Optional.empty();
    private static final Optional<PeerIdentity> ALICE = Optional.of(new PeerIdentity("psk", "alice"));
    private static final Optional<PeerIdentity> BOB = Optional.of(new PeerIdentity("psk", "bob"));

    @Test
    void byDefaultAnyoneReadsAndOnlyAuthenticatedPeersWrite() {
        AccessPolicy policy = AccessPolicy.fromProperties(Map.of());
        AccessRequirement none = AccessRequirement.none();
        assertEquals(AccessDecision.ALLOWED, AccessDecision.of(policy, Code.GET, ANONYMOUS, none));
        for (Code write : new Code[] { Code.POST, Code.PUT, Code.DELETE, Code.PATCH, Code.IPATCH }) {
            assertEquals(AccessDecision.UNAUTHENTICATED, AccessDecision.of(policy, write, ANONYMOUS, none),
                    write.name());
            assertEquals(AccessDecision.ALLOWED, AccessDecision.of(policy, write, ALICE, none), write.name());
        }
    }

    @Test
    void anAllowListForbidsOtherAuthenticatedWriters() {
        AccessPolicy policy = AccessPolicy
                .fromProperties(Map.of("access.writers", "psk:alice\nx509:CN=client, O=CoAPTree Test"));
        assertEquals(AccessDecision.ALLOWED, AccessDecision.of(policy, Code.PUT, ALICE, AccessRequirement.none()));
        assertEquals(AccessDecision.FORBIDDEN, AccessDecision.of(policy, Code.PUT, BOB, AccessRequirement.none()));
        assertEquals(AccessDecision.UNAUTHENTICATED,
                AccessDecision.of(policy, Code.PUT, ANONYMOUS, AccessRequirement.none()));
        // the DN as the certificate carries it, with other spacing
        assertEquals(AccessDecision.ALLOWED, AccessDecision.of(policy, Code.PUT,
                Optional.of(new PeerIdentity("x509", "CN=client,O=CoAPTree Test")), AccessRequirement.none()));
        assertEquals(AccessDecision.ALLOWED, AccessDecision.of(policy, Code.GET, BOB, AccessRequirement.none()));
    }

    @Test
    void aKuraIdentityCallingThroughHttpIsNamedInTheAllowListLikeADtlsOne() {
        AccessPolicy policy = AccessPolicy.fromProperties(Map.of("access.writers", "psk:alice;kura:operator"));
        assertEquals(AccessDecision.ALLOWED, AccessDecision.of(policy, Code.PUT,
                Optional.of(new PeerIdentity(PeerIdentity.KURA, "operator")), AccessRequirement.none()));
        assertEquals(AccessDecision.FORBIDDEN, AccessDecision.of(policy, Code.PUT,
                Optional.of(new PeerIdentity(PeerIdentity.KURA, "viewer")), AccessRequirement.none()));
    }

    @Test
    void aResourceCanTightenButNotLoosenThePolicy() {
        AccessPolicy open = AccessPolicy.open();
        assertEquals(AccessDecision.UNAUTHENTICATED,
                AccessDecision.of(open, Code.GET, ANONYMOUS, AccessRequirement.authenticatedOnly()));
        assertEquals(AccessDecision.FORBIDDEN, AccessDecision.of(open, Code.PUT, BOB,
                AccessRequirement.writersOnly(new PeerIdentity("psk", "alice"))));
        assertEquals(AccessDecision.ALLOWED, AccessDecision.of(open, Code.PUT, ALICE,
                AccessRequirement.writersOnly(new PeerIdentity("psk", "alice"))));
        AccessPolicy strict = new AccessPolicy(true, true, Set.of(new PeerIdentity("psk", "alice")));
        assertEquals(AccessDecision.FORBIDDEN, AccessDecision.of(strict, Code.PUT, BOB, AccessRequirement.none()));
        assertEquals(AccessDecision.UNAUTHENTICATED,
                AccessDecision.of(strict, Code.GET, ANONYMOUS, AccessRequirement.none()));
    }
}
