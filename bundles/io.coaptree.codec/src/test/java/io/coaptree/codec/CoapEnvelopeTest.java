package io.coaptree.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

class CoapEnvelopeTest {

    @Test
    void defaultsMeanAbsent() {
        CoapEnvelope e = CoapEnvelope.builder(EnvelopeKind.RESPONSE, 69).build();
        assertEquals(0L, e.correlationId());
        assertEquals("", e.path());
        assertEquals("", e.query());
        assertEquals(CoapEnvelope.ABSENT, e.contentFormat());
        assertEquals(CoapEnvelope.ABSENT, e.accept());
        assertEquals(CoapEnvelope.ABSENT, e.observe());
        assertEquals(CoapEnvelope.ABSENT, e.maxAge());
        assertTrue(e.etags().isEmpty());
        assertNull(e.locationPath());
        assertEquals(0, e.payload().length);
        assertNull(e.identity());
        assertNull(e.sourceNode());
        assertNull(e.destinationNode());
    }

    @Test
    void onlyASuccessWithObserveContinuesAnObservation() {
        assertTrue(CoapEnvelope.builder(EnvelopeKind.NOTIFICATION, CoapCodes.CONTENT).observe(3).build()
                .continuesObservation());
        assertTrue(!CoapEnvelope.builder(EnvelopeKind.RESPONSE, CoapCodes.CONTENT).build().continuesObservation(),
                "no Observe option: the relation ends");
        assertTrue(!CoapEnvelope.builder(EnvelopeKind.RESPONSE, CoapCodes.NOT_FOUND).observe(3).build()
                .continuesObservation(), "an error ends the relation");
        assertTrue(CoapCodes.isSuccess(CoapCodes.CONTENT));
        assertTrue(!CoapCodes.isSuccess(CoapCodes.GATEWAY_TIMEOUT));
        assertEquals("2.05", CoapEnvelope.codeToString(CoapCodes.CONTENT));
        assertEquals("4.00", CoapEnvelope.codeToString(CoapCodes.BAD_REQUEST));
        assertEquals("5.03", CoapEnvelope.codeToString(CoapCodes.SERVICE_UNAVAILABLE));
    }

    @Test
    void requestsCarryMethodCodesAndResponsesCarryResponseCodes() {
        CoapEnvelope.builder(EnvelopeKind.REQUEST, 1);
        CoapEnvelope.builder(EnvelopeKind.REQUEST, 7);
        CoapEnvelope.builder(EnvelopeKind.RESPONSE, 2 << 5 | 5);
        CoapEnvelope.builder(EnvelopeKind.NOTIFICATION, 5 << 5 | 3);
        assertRefused("code", () -> CoapEnvelope.builder(EnvelopeKind.REQUEST, 0));
        assertRefused("code", () -> CoapEnvelope.builder(EnvelopeKind.REQUEST, 69));
        assertRefused("code", () -> CoapEnvelope.builder(EnvelopeKind.RESPONSE, 1));
        assertRefused("code", () -> CoapEnvelope.builder(EnvelopeKind.RESPONSE, 6 << 5));
        assertRefused("code", () -> CoapEnvelope.builder(EnvelopeKind.RESPONSE, 256));
        assertRefused("code", () -> CoapEnvelope.builder(EnvelopeKind.RESPONSE, -1));
    }

    @Test
    void optionValuesOutsideTheirCoapRangesAreRefusedNamingTheField() {
        EnvelopeBuilder b = CoapEnvelope.builder(EnvelopeKind.REQUEST, 1);
        assertRefused("contentFormat", () -> b.contentFormat(65536));
        assertRefused("contentFormat", () -> b.contentFormat(-2));
        assertRefused("accept", () -> b.accept(70000));
        assertRefused("observe", () -> b.observe(1 << 24));
        assertRefused("maxAge", () -> b.maxAge(1L << 32));
        assertRefused("etag", () -> b.addEtag(new byte[0]));
        assertRefused("etag", () -> b.addEtag(new byte[9]));
        assertRefused("identity.name", () -> new CallerIdentity("psk", "", "A/1/gA1"));
        assertRefused("identity.type", () -> new CallerIdentity("", "x", "A/1/gA1"));
        assertRefused("identity.gateway", () -> new CallerIdentity("psk", "x", ""));
    }

    @Test
    void byteArraysAreCopiedInAndOut() {
        byte[] payload = { 1, 2, 3 };
        byte[] etag = { 9 };
        CoapEnvelope e = CoapEnvelope.builder(EnvelopeKind.RESPONSE, 69).payload(payload).addEtag(etag).build();
        payload[0] = 42;
        etag[0] = 42;
        e.payload()[1] = 42;
        e.etags().get(0)[0] = 42;
        assertArrayEquals(new byte[] { 1, 2, 3 }, e.payload());
        assertArrayEquals(new byte[] { 9 }, e.etags().get(0));
    }

    @Test
    void equalityCoversContentOfByteArrays() {
        CoapEnvelope a = Envelopes.full();
        CoapEnvelope b = a.toBuilder().build();
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        assertNotEquals(a, a.toBuilder().payload(new byte[] { 1 }).build());
        assertNotEquals(a, a.toBuilder().etags(List.of(new byte[] { 1, 2, 3, 5 }, new byte[] { -1 })).build());
    }

    @Test
    void toStringShowsCodeAndTargetButNoPayloadBytes() {
        String s = CoapEnvelope.builder(EnvelopeKind.RESPONSE, 69).path("a/b").payload("secret".getBytes())
                .build().toString();
        assertTrue(s.contains("2.05"), s);
        assertTrue(s.contains("/a/b"), s);
        assertTrue(!s.contains("secret"), s);
    }

    static void assertRefused(String field, Runnable action) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, action::run);
        assertTrue(e.getMessage().startsWith(field + ":"), e.getMessage());
    }
}
