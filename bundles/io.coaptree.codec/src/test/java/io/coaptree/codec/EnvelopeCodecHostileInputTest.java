package io.coaptree.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.io.Output;

/**
 * Input from the network: whatever arrives, decoding either yields a valid envelope or an EnvelopeCodecException
 * whose message says what was wrong; a test named "is rejected" fails if its input decodes.
 */
class EnvelopeCodecHostileInputTest {

    private final EnvelopeCodec codec = new EnvelopeCodec();

    /** The codec's refusal of {@code input}; a decoded envelope or any other throwable fails the test. */
    private EnvelopeCodecException rejected(byte[] input) {
        return assertThrows(EnvelopeCodecException.class, () -> codec.decode(input),
                () -> "not rejected: " + HexFormat.of().formatHex(input));
    }

    /** As {@link #rejected}, and the refusal's message starts with or contains one of {@code reasons}. */
    private void rejectedFor(byte[] input, String... reasons) {
        String message = rejected(input).getMessage();
        assertTrue(Arrays.stream(reasons).anyMatch(message::contains),
                "rejected for " + message + ", expected " + Arrays.toString(reasons) + ": "
                        + HexFormat.of().formatHex(input));
    }

    @Test
    void randomGarbageIsRejected() {
        Random r = new Random(42);
        for (int i = 0; i < 5000; i++) {
            byte[] garbage = new byte[r.nextInt(300)];
            r.nextBytes(garbage);
            if (garbage.length == 0) {
                rejectedFor(garbage, "empty input");
            } else if (garbage[0] != EnvelopeCodec.FORMAT_VERSION) {
                rejectedFor(garbage, "unsupported format version " + (garbage[0] & 0xFF));
            } else {
                rejected(garbage); // our version byte by chance: refused further on
            }
        }
    }

    @Test
    void randomGarbageBehindAValidHeaderIsRejected() throws Exception {
        byte[] header = Arrays.copyOf(codec.encode(Envelopes.full()), 2);
        Random r = new Random(43);
        for (int i = 0; i < 5000; i++) {
            byte[] garbage = new byte[2 + r.nextInt(300)];
            r.nextBytes(garbage);
            System.arraycopy(header, 0, garbage, 0, 2);
            // the header passes; the envelope's fields, or what follows them, are refused
            rejectedFor(garbage, "malformed envelope: ", " bytes after the envelope");
        }
    }

    @Test
    void everyTruncationIsRejected() throws Exception {
        Random r = new Random(44);
        rejectedFor(new byte[0], "empty input");
        for (int n = 0; n < 50; n++) {
            byte[] encoded = codec.encode(n == 0 ? Envelopes.full() : Envelopes.random(r));
            for (int length = 1; length < encoded.length; length++) {
                // No prefix of an envelope is an envelope: its last field is always still missing.
                rejectedFor(Arrays.copyOf(encoded, length), "Buffer underflow", "(truncated)");
            }
        }
    }

    @Test
    void bitFlipsAreRejectedOrDecodeToSomeValidEnvelope() throws Exception {
        Random r = new Random(45);
        byte[] full = codec.encode(Envelopes.full());
        for (int bit = 0; bit < full.length * 8; bit++) {
            byte[] flipped = full.clone();
            flipped[bit / 8] ^= (byte) (1 << (bit % 8));
            rejectedOrValid(flipped);
        }
        for (int i = 0; i < 5000; i++) {
            byte[] flipped = codec.encode(Envelopes.random(r));
            for (int flips = 1 + r.nextInt(4); flips > 0; flips--) {
                int bit = r.nextInt(flipped.length * 8);
                flipped[bit / 8] ^= (byte) (1 << (bit % 8));
            }
            rejectedOrValid(flipped);
        }
    }

    /**
     * Decodes: an EnvelopeCodecException passes, and so does an envelope that is valid, i.e. one the codec encodes
     * again (within every limit) and decodes back to itself; anything else fails the test with the input.
     */
    private void rejectedOrValid(byte[] input) {
        CoapEnvelope decoded;
        try {
            decoded = codec.decode(input);
        } catch (EnvelopeCodecException expected) {
            return;
        } catch (Throwable t) {
            fail("decoding " + HexFormat.of().formatHex(input) + " threw " + t, t);
            return;
        }
        try {
            assertEquals(decoded, codec.decode(codec.encode(decoded)), HexFormat.of().formatHex(input));
        } catch (EnvelopeCodecException e) {
            fail("decoded " + HexFormat.of().formatHex(input) + " to an envelope the codec cannot encode again", e);
        }
    }

    @Test
    void aFormatVersionOtherThanOursIsRejected() throws Exception {
        byte[] encoded = codec.encode(Envelopes.full());
        for (int version : new int[] { 0, 1, 2, 3, 4, 6, 0x7F, 0xB1, 0xFF }) { // 0xB1 opens a batch of envelopes
            encoded[0] = (byte) version;
            EnvelopeCodecException e = rejected(encoded);
            assertTrue(e.getMessage().contains("format version " + version), e.getMessage());
        }
    }

    @Test
    void emptyAndOversizedInputIsRejectedBeforeParsing() {
        rejectedFor(new byte[0], "empty input");
        byte[] huge = new byte[codec.limits().maxEncodedBytes() + 1];
        huge[0] = EnvelopeCodec.FORMAT_VERSION;
        assertTrue(rejected(huge).getMessage().contains("exceed"));
    }

    @Test
    void trailingBytesAreRejected() throws Exception {
        byte[] encoded = codec.encode(Envelopes.full());
        EnvelopeCodecException e = rejected(Arrays.copyOf(encoded, encoded.length + 1));
        assertTrue(e.getMessage().contains("after the envelope"), e.getMessage());
    }

    @Test
    void aClassNameInsteadOfARegistrationIdIsRejected() {
        Kryo permissive = new Kryo();
        permissive.setRegistrationRequired(false);
        Output out = new Output(256);
        out.writeByte(EnvelopeCodec.FORMAT_VERSION);
        HashMap<String, String> map = new HashMap<>();
        map.put("k", "v");
        permissive.writeClassAndObject(out, map);
        EnvelopeCodecException e = rejected(out.toBytes());
        assertTrue(e.getMessage().contains("class name"), e.getMessage());
    }

    @Test
    void aClassNamedInTheInputIsNeverInstantiated() {
        Kryo permissive = new Kryo();
        permissive.setRegistrationRequired(false);
        Output out = new Output(256);
        out.writeByte(EnvelopeCodec.FORMAT_VERSION);
        permissive.writeClassAndObject(out, new Canary());
        Canary.instances.set(0);
        rejectedFor(out.toBytes(), "class name");
        assertEquals(0, Canary.instances.get());
    }

    @Test
    void anUnregisteredIdIsRejected() {
        for (int id : new int[] { 10, 19, 21, 500, Integer.MAX_VALUE - 2 }) {
            Output out = new Output(16);
            out.writeByte(EnvelopeCodec.FORMAT_VERSION);
            out.writeVarInt(id + 2, true); // Kryo writes registration ids shifted by two
            out.writeBytes(new byte[] { 1, 2, 3 });
            EnvelopeCodecException e = rejected(out.toBytes());
            assertTrue(e.getMessage().contains("unregistered"), e.getMessage());
        }
    }

    @Test
    void aRegisteredTypeOtherThanTheEnvelopeIsRejectedBeforeItsValueIsRead() {
        Output out = new Output(16);
        out.writeByte(EnvelopeCodec.FORMAT_VERSION);
        out.writeVarInt(1 + 2, true); // Kryo's built-in id of String
        out.writeVarInt(Integer.MAX_VALUE, true); // a hostile length that Kryo's own reader would allocate
        EnvelopeCodecException e = rejected(out.toBytes());
        assertTrue(e.getMessage().contains("does not carry an envelope"), e.getMessage());
        rejectedFor(new byte[] { EnvelopeCodec.FORMAT_VERSION, 0 }, "does not carry an envelope but null"); // Kryo's null
    }

    @Test
    void hostileLengthsAreRejectedWithoutAllocating() {
        for (int length : new int[] { Integer.MAX_VALUE, -1, CodecLimits.defaults().maxPayloadBytes() + 1, 1000 }) {
            Output out = header();
            out.writeByte(2); // RESPONSE
            out.writeByte(69);
            out.writeVarLong(7, true);
            out.writeVarInt(length, true); // the path's length claim
            out.writeBytes(new byte[20]);
            // refused by the codec's own check of the claim, before anything of that size is allocated
            rejectedFor(out.toBytes(), "path: ");
        }
        Output out = header();
        out.writeByte(2);
        out.writeByte(69);
        out.writeVarLong(7, true);
        out.writeVarInt(1, true);
        out.writeVarInt(1, true);
        out.writeVarInt(0, true);
        out.writeVarInt(0, true);
        out.writeVarInt(Integer.MAX_VALUE, true); // the ETag count
        EnvelopeCodecException e = rejected(out.toBytes());
        assertTrue(e.getMessage().contains("maxEtags"), e.getMessage());
    }

    @Test
    void malformedUtf8IsRejected() {
        Output out = header();
        out.writeByte(1); // REQUEST
        out.writeByte(1);
        out.writeVarLong(7, true);
        out.writeVarInt(3, true);
        out.writeBytes(new byte[] { (byte) 0xC3, (byte) 0x28 });
        EnvelopeCodecException e = rejected(out.toBytes());
        assertTrue(e.getMessage().contains("UTF-8"), e.getMessage());
    }

    @Test
    void anInvalidKindOrCodeIsRejected() throws Exception {
        byte[] encoded = codec.encode(Envelopes.full());
        byte[] badKind = encoded.clone();
        badKind[2] = 9;
        assertTrue(rejected(badKind).getMessage().contains("kind"));
        byte[] badCode = encoded.clone();
        badCode[3] = (byte) 69; // a response code in a request
        assertTrue(rejected(badCode).getMessage().contains("code"));
    }

    @Test
    void flagsOtherThanUrgentAreRejected() throws Exception {
        byte[] encoded = codec.encode(Envelopes.full());
        assertEquals(1, encoded[encoded.length - 3], "the flags byte comes before the route hint; urgent is bit 0");
        assertEquals(0, encoded[encoded.length - 1] | encoded[encoded.length - 2], "no route hint");
        encoded[encoded.length - 3] = 5;
        assertTrue(rejected(encoded).getMessage().contains("flags"));
        CoapEnvelope hinted = Envelopes.full().toBuilder().owner("B/g2/b2").ownerBroker("site-1").build();
        assertEquals(hinted, codec.decode(codec.encode(hinted)));
    }

    private static Output header() {
        Output out = new Output(64);
        out.writeByte(EnvelopeCodec.FORMAT_VERSION);
        out.writeVarInt(EnvelopeCodec.ENVELOPE_REGISTRATION_ID + 2, true);
        return out;
    }

    /** Counts its instances, to show the codec builds nothing that the input names. */
    public static final class Canary {
        static final AtomicInteger instances = new AtomicInteger();

        public Canary() {
            instances.incrementAndGet();
        }
    }
}
