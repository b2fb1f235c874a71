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

    /**
     * A caller another gateway authenticated arrives qualified by it: {@code maint} known only to gA1 is not the
     * {@code maint} of this gateway, and only an entry naming gA1's, or explicitly any gateway's, admits it.
     */
    @Test
    void anIdentityIsTheSameCallerOnlyWhenTheSameGatewayAuthenticatedIt() {
        Optional<PeerIdentity> maintOfGA1 = Optional.of(new PeerIdentity("psk", "maint", "A/1/gA1"));
        Optional<PeerIdentity> maintHere = Optional.of(new PeerIdentity("psk", "maint"));
        AccessPolicy ownAndGB1 = AccessPolicy
                .fromProperties(Map.of("access.writers", "psk:maint\nB/1/gB1:psk:maint"));
        assertEquals(AccessDecision.FORBIDDEN, AccessDecision.of(ownAndGB1, Code.PUT, maintOfGA1, none()));
        assertEquals(AccessDecision.ALLOWED, AccessDecision.of(ownAndGB1, Code.PUT, maintHere, none()));
        assertEquals(AccessDecision.ALLOWED, AccessDecision.of(ownAndGB1, Code.PUT,
                Optional.of(new PeerIdentity("psk", "maint", "B/1/gB1")), none()));

        AccessPolicy gA1s = AccessPolicy.fromProperties(Map.of("access.writers", "A/1/gA1:psk:maint"));
        assertEquals(AccessDecision.ALLOWED, AccessDecision.of(gA1s, Code.PUT, maintOfGA1, none()));
        assertEquals(AccessDecision.FORBIDDEN, AccessDecision.of(gA1s, Code.PUT, maintHere, none()));
        assertEquals(AccessDecision.FORBIDDEN, AccessDecision.of(gA1s, Code.PUT,
                Optional.of(new PeerIdentity("kura", "maint", "A/1/gA1")), none()), "the type counts too");

        AccessPolicy fleetWide = AccessPolicy.fromProperties(Map.of("access.writers", "*:psk:maint"));
        assertEquals(AccessDecision.ALLOWED, AccessDecision.of(fleetWide, Code.PUT, maintOfGA1, none()));
        assertEquals(AccessDecision.ALLOWED, AccessDecision.of(fleetWide, Code.PUT, maintHere, none()));
        assertEquals(AccessDecision.FORBIDDEN, AccessDecision.of(fleetWide, Code.PUT,
                Optional.of(new PeerIdentity("psk", "alice", "A/1/gA1")), none()));

        AccessPolicy x509OfGA1 = AccessPolicy.fromProperties(Map.of("access.writers", "A/1/gA1:x509:CN=op, O=Site"));
        assertEquals(AccessDecision.ALLOWED, AccessDecision.of(x509OfGA1, Code.PUT,
                Optional.of(new PeerIdentity("x509", "CN=op,O=Site", "A/1/gA1")), none()));
        assertEquals(AccessDecision.FORBIDDEN, AccessDecision.of(x509OfGA1, Code.PUT,
                Optional.of(new PeerIdentity("x509", "CN=op,O=Site", "A/2/gA2")), none()));
    }

    private static AccessRequirement none() {
        return AccessRequirement.none();
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
