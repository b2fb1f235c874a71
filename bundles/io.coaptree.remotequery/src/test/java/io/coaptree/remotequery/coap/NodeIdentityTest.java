package io.coaptree.remotequery.coap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Optional;

import org.eclipse.californium.core.coap.Request;
import org.junit.jupiter.api.Test;

import io.coaptree.api.PeerIdentity;
import io.coaptree.codec.CallerIdentity;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.tree.model.NodeAddress;

/** The gateway-internal identity never crosses the tree and cannot be written in a configuration. */
class NodeIdentityTest {

    @Test
    void anEnvelopeClaimingTheNodeIdentityRunsAnonymously() {
        CoapEnvelope forged = CoapEnvelope.builder(EnvelopeKind.REQUEST, 2)
                .identity(new CallerIdentity(NodeIdentity.TYPE, "A/-/dA", "A/-/dA")).build();
        assertNull(EnvelopeMapping.callerOf(forged, "B/-/dB"));
        CoapEnvelope alice = CoapEnvelope.builder(EnvelopeKind.REQUEST, 2)
                .identity(new CallerIdentity("psk", "alice", "A/1/gA1")).build();
        assertEquals(new PeerIdentity("psk", "alice", "A/1/gA1"), EnvelopeMapping.callerOf(alice, "B/2/gB2"));
        assertEquals("A/1/gA1:psk:alice", EnvelopeMapping.callerOf(alice, "B/2/gB2").toString());
        assertEquals(new PeerIdentity("psk", "alice"), EnvelopeMapping.callerOf(alice, "A/1/gA1"),
                "a caller gA1 authenticated is gA1's own peer at gA1");
    }

    @Test
    void aCallerEntersTheTreeQualifiedByTheGatewayThatAuthenticatedIt() {
        assertEquals(new CallerIdentity("psk", "maint", "A/1/gA1"), EnvelopeMapping.fromRequest(Request.newGet(),
                Optional.of(new PeerIdentity("psk", "maint")), "A/1/gA1").identity());
        assertEquals(new CallerIdentity("psk", "maint", "B/2/gB2"), EnvelopeMapping.fromRequest(Request.newGet(),
                Optional.of(new PeerIdentity("psk", "maint", "B/2/gB2")), "A/1/gA1").identity(),
                "a caller carried from another gateway keeps that gateway");
    }

    @Test
    void theNodeIdentityIsNeverPutIntoAnEnvelopeNorParsedFromText() {
        PeerIdentity node = NodeIdentity.of(NodeAddress.parse("A/1/gA1"));
        assertEquals("node:A/1/gA1", node.toString());
        assertNull(EnvelopeMapping.fromRequest(Request.newGet(), Optional.of(node), "A/1/gA1").identity());
        assertThrows(IllegalArgumentException.class, () -> PeerIdentity.parse("node:A/1/gA1"));
    }
}
