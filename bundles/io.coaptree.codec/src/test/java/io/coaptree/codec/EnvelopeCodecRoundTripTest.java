package io.coaptree.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.coaptree.properties.InvalidPropertyException;

class EnvelopeCodecRoundTripTest {

    private final EnvelopeCodec codec = new EnvelopeCodec();

    private CoapEnvelope roundTrip(CoapEnvelope e) throws EnvelopeCodecException {
        return codec.decode(codec.encode(e));
    }

    @Test
    void everyFieldSurvives() throws Exception {
        CoapEnvelope e = Envelopes.full();
        CoapEnvelope back = roundTrip(e);
        assertEquals(e, back);
        assertEquals(0x1234_5678_9ABCL, back.correlationId());
        assertEquals(EnvelopeKind.REQUEST, back.kind());
        assertEquals(2, back.code());
        assertEquals("rd/ep-1", back.path());
        assertEquals("rt=core.rd-ep&lt=90000", back.query());
        assertEquals(40, back.contentFormat());
        assertEquals(50, back.accept());
        assertEquals(2, back.etagCount());
        assertArrayEquals(new byte[] { 1, 2, 3, 4 }, back.etags().get(0));
        assertArrayEquals(new byte[] { (byte) 0xFF }, back.etags().get(1));
        assertEquals(0, back.observe());
        assertEquals(60, back.maxAge());
        assertEquals("rd/4521", back.locationPath());
        assertArrayEquals(e.payload(), back.payload());
        assertEquals(new CallerIdentity("psk", "gateway-7", "A/1/gA1"), back.identity());
        assertEquals("bologna/lab/node-2", back.sourceNode());
        assertEquals("bologna", back.destinationNode());
    }

    static Stream<Arguments> singleFieldVariants() {
        return Stream.of(
                variant("minimal", b -> b),
                variant("correlation id min", b -> b.correlationId(Long.MIN_VALUE)),
                variant("correlation id max", b -> b.correlationId(Long.MAX_VALUE)),
                variant("correlation id -1", b -> b.correlationId(-1)),
                variant("root path, empty query", b -> b.path("").query("")),
                variant("non-ASCII path", b -> b.path("capteur/temp\u00e9rature/\u4e2d/\ud83d\ude00")),
                variant("content format 0", b -> b.contentFormat(0)),
                variant("content format max", b -> b.contentFormat(CoapEnvelope.MAX_CONTENT_FORMAT)),
                variant("accept 0", b -> b.accept(0)),
                variant("one 8-byte etag", b -> b.addEtag(new byte[] { 0, 1, 2, 3, 4, 5, 6, -1 })),
                variant("observe max", b -> b.observe(CoapEnvelope.MAX_OBSERVE)),
                variant("max-age 0", b -> b.maxAge(0)),
                variant("max-age max", b -> b.maxAge(CoapEnvelope.MAX_MAX_AGE)),
                variant("empty location path", b -> b.locationPath("")),
                variant("null payload", b -> b.payload(null)),
                variant("one zero byte payload", b -> b.payload(new byte[1])),
                variant("x509 identity", b -> b.identity(new CallerIdentity("x509", "CN=node, O=\u00e8", "-/-/top"))),
                variant("empty node paths", b -> b.sourceNode("").destinationNode("")));
    }

    private static Arguments variant(String name, UnaryOperator<EnvelopeBuilder> change) {
        return Arguments.of(name, change);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("singleFieldVariants")
    void eachFieldAloneSurvivesForEveryKind(String name, UnaryOperator<EnvelopeBuilder> change)
            throws Exception {
        for (EnvelopeBuilder base : List.of(CoapEnvelope.builder(EnvelopeKind.REQUEST, 1),
                CoapEnvelope.builder(EnvelopeKind.RESPONSE, 132), CoapEnvelope.builder(EnvelopeKind.NOTIFICATION, 69))) {
            CoapEnvelope e = change.apply(base).build();
            assertEquals(e, roundTrip(e), name);
        }
    }

    @Test
    void absentAndEmptyStayDistinct() throws Exception {
        CoapEnvelope absent = roundTrip(CoapEnvelope.builder(EnvelopeKind.RESPONSE, 65).build());
        assertNull(absent.locationPath());
        assertNull(absent.sourceNode());
        assertNull(absent.identity());
        CoapEnvelope empty = roundTrip(CoapEnvelope.builder(EnvelopeKind.RESPONSE, 65).locationPath("").sourceNode("").build());
        assertEquals("", empty.locationPath());
        assertEquals("", empty.sourceNode());
    }

    @Test
    void randomEnvelopesSurvive() throws Exception {
        Random r = new Random(5);
        for (int i = 0; i < 2000; i++) {
            CoapEnvelope e = Envelopes.random(r);
            assertEquals(e, roundTrip(e));
        }
    }

    @Test
    void encodingStartsWithTheFormatVersion() throws Exception {
        assertEquals(EnvelopeCodec.FORMAT_VERSION, codec.encode(Envelopes.full())[0]);
    }

    @Test
    void decodesASliceOfALargerArray() throws Exception {
        byte[] encoded = codec.encode(Envelopes.full());
        byte[] framed = new byte[encoded.length + 10];
        System.arraycopy(encoded, 0, framed, 3, encoded.length);
        assertEquals(Envelopes.full(), codec.decode(framed, 3, encoded.length));
    }

    @Test
    void valuesExactlyAtTheLimitsPass() throws Exception {
        CodecLimits limits = new CodecLimits(1024, 10, 2, CodecLimits.DEFAULT_MAX_POOLED_INSTANCES);
        EnvelopeCodec small = new EnvelopeCodec(limits);
        CoapEnvelope e = CoapEnvelope.builder(EnvelopeKind.REQUEST, 1).payload(new byte[1024]).path("0123456789")
                .query("\u00e8\u00e8\u00e8\u00e8\u00e8").addEtag(new byte[8]).addEtag(new byte[8]).build();
        byte[] encoded = small.encode(e);
        assertTrue(encoded.length <= limits.maxEncodedBytes());
        assertEquals(e, small.decode(encoded));
    }

    @Test
    void encodingBeyondALimitFailsNamingIt() {
        EnvelopeCodec small = new EnvelopeCodec(new CodecLimits(1024, 10, 1, CodecLimits.DEFAULT_MAX_POOLED_INSTANCES));
        EnvelopeBuilder ok = CoapEnvelope.builder(EnvelopeKind.REQUEST, 1);
        assertEncodeRefused(small, ok.payload(new byte[1025]).build(), CodecLimits.MAX_PAYLOAD_BYTES.id());
        ok.payload(null);
        // 6 characters, 12 UTF-8 bytes: the limit counts bytes.
        assertEncodeRefused(small, ok.path("\u00e8\u00e8\u00e8\u00e8\u00e8\u00e8").build(), "maxStringBytes");
        ok.path("");
        assertEncodeRefused(small, ok.sourceNode("01234567890").build(), "sourceNode");
        ok.sourceNode(null);
        assertEncodeRefused(small, ok.addEtag(new byte[1]).addEtag(new byte[1]).build(), "maxEtags");
    }

    private static void assertEncodeRefused(EnvelopeCodec codec, CoapEnvelope e, String expectedInMessage) {
        EnvelopeCodecException ex = assertThrows(EnvelopeCodecException.class, () -> codec.encode(e));
        assertTrue(ex.getMessage().contains(expectedInMessage), ex.getMessage());
    }

    @Test
    void aCodecWithLargerLimitsRefusesWhatASmallerOneWouldDecode() throws Exception {
        byte[] big = new EnvelopeCodec().encode(
                CoapEnvelope.builder(EnvelopeKind.RESPONSE, 69).payload(new byte[5000]).build());
        EnvelopeCodec small = new EnvelopeCodec(
                CodecLimits.fromProperties(Map.of(CodecLimits.MAX_PAYLOAD_BYTES.id(), 4096)));
        EnvelopeCodecException e = assertThrows(EnvelopeCodecException.class, () -> small.decode(big));
        assertTrue(e.getMessage().contains(CodecLimits.MAX_PAYLOAD_BYTES.id()), e.getMessage());
    }

    @Test
    void thePayloadLimitIsReadFromPropertiesAndRefusedNamingTheSetting() {
        CodecLimits limits = CodecLimits.fromProperties(Map.of(CodecLimits.MAX_PAYLOAD_BYTES.id(), "2000"));
        assertEquals(2000, limits.maxPayloadBytes());
        assertEquals(CodecLimits.DEFAULT_MAX_STRING_BYTES, limits.maxStringBytes());
        assertEquals(CodecLimits.DEFAULT_MAX_ETAGS, limits.maxEtags());
        assertEquals(CodecLimits.DEFAULT_MAX_POOLED_INSTANCES, limits.maxPooledInstances());
        assertEquals(CodecLimits.MAX_PAYLOAD_BYTES.defaultValue(), CodecLimits.defaults().maxPayloadBytes());
        for (Object bad : List.of("lots", 1023, 16_777_217)) {
            InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                    () -> CodecLimits.fromProperties(Map.of(CodecLimits.MAX_PAYLOAD_BYTES.id(), bad)));
            assertEquals(CodecLimits.MAX_PAYLOAD_BYTES.id(), e.field(), e.getMessage());
        }
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> new CodecLimits(Integer.MAX_VALUE, 10, 1, 1));
        assertEquals(CodecLimits.MAX_PAYLOAD_BYTES.id(), e.field(), e.getMessage());
        IllegalArgumentException other = assertThrows(IllegalArgumentException.class,
                () -> new CodecLimits(1024, 0, 1, 1));
        assertTrue(other.getMessage().startsWith("maxStringBytes"), other.getMessage());
    }
}
