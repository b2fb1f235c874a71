package io.coaptree.codec;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.function.Consumer;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import com.esotericsoftware.kryo.io.Output;

import io.coaptree.harness.junit.ThreadAllocation;

/**
 * Envelopes of a few dozen bytes whose length fields declare up to the payload limit, or far beyond: each is
 * refused with the field named, and refusing it allocates next to nothing on the decoding thread. The codec runs
 * with the largest payload limit a gateway may set (16 MiB), so it is the bytes actually left, not the limit, that
 * refuses a claim within the limit.
 */
class EnvelopeCodecAllocationTest {

    private static final long ALLOCATION_BOUND = 1 << 20;
    private static final int LARGEST_PAYLOAD = 16_777_216;

    private final EnvelopeCodec codec = new EnvelopeCodec(new CodecLimits(LARGEST_PAYLOAD,
            CodecLimits.DEFAULT_MAX_STRING_BYTES, CodecLimits.DEFAULT_MAX_ETAGS,
            CodecLimits.DEFAULT_MAX_POOLED_INSTANCES));

    static Stream<Arguments> hostile() {
        return Stream.of(
                Arguments.of("a path of 2^31-2 bytes", envelope(out -> out.writeVarInt(Integer.MAX_VALUE, true)),
                        "path: "),
                Arguments.of("a path of 2048 bytes, 4 there", envelope(out -> {
                    out.writeVarInt(2049, true);
                    out.writeBytes(new byte[4]);
                }), "path: 2048 bytes announced"),
                Arguments.of("2^31-1 ETags", envelope(out -> {
                    strings(out, "a", "");
                    out.writeVarInt(0, true);
                    out.writeVarInt(0, true);
                    out.writeVarInt(Integer.MAX_VALUE, true);
                }), "maxEtags"),
                Arguments.of("a payload of 16 MiB, none there", uptoPayload(LARGEST_PAYLOAD), "payload: 16777216 bytes"),
                Arguments.of("a payload of 1 GiB", uptoPayload(1 << 30), "payload: 1073741824 bytes exceed"),
                Arguments.of("a payload of 4 GiB - 1", uptoPayload(-1), "payload: 4294967295 bytes exceed"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostile")
    void aLyingLengthIsRefusedBeforeItIsAllocated(String what, byte[] input, String reason) throws Throwable {
        EnvelopeCodecException[] refusal = new EnvelopeCodecException[1];
        long allocated = ThreadAllocation.during(
                () -> refusal[0] = assertThrows(EnvelopeCodecException.class, () -> codec.decode(input)));

        assertTrue(refusal[0].getMessage().contains(reason), what + ": " + refusal[0].getMessage());
        assertTrue(allocated < ALLOCATION_BOUND, what + ": refusing " + input.length + " bytes allocated "
                + allocated + " bytes");
    }

    /** An envelope's head (version, registration, a GET request with correlation id 7), then {@code rest}. */
    private static byte[] envelope(Consumer<Output> rest) {
        Output out = new Output(64, 1024);
        out.writeByte(EnvelopeCodec.FORMAT_VERSION);
        out.writeVarInt(EnvelopeCodec.ENVELOPE_REGISTRATION_ID + 2, true);
        out.writeByte(1); // REQUEST
        out.writeByte(1);
        out.writeVarLong(7, true);
        rest.accept(out);
        return out.toBytes();
    }

    /** Every field before the payload, valid, then a payload length of {@code declared} and three bytes. */
    private static byte[] uptoPayload(int declared) {
        return envelope(out -> {
            strings(out, "temperature", "");
            out.writeVarInt(0, true); // no Content-Format
            out.writeVarInt(0, true); // no Accept
            out.writeVarInt(0, true); // no ETag
            out.writeVarInt(0, true); // no Observe
            out.writeVarLong(0, true); // no Max-Age
            out.writeVarInt(0, true); // no Location-Path
            out.writeVarInt(declared, true);
            out.writeBytes(new byte[3]);
        });
    }

    private static void strings(Output out, String... values) {
        for (String value : values) {
            byte[] utf8 = value.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            out.writeVarInt(utf8.length + 1, true);
            out.writeBytes(utf8);
        }
    }
}
