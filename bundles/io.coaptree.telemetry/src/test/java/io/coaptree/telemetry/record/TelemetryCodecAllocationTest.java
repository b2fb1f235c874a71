package io.coaptree.telemetry.record;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.coaptree.harness.junit.ThreadAllocation;

/**
 * Telemetry records of a few dozen bytes whose lengths declare more than is there, up to 4 GiB: refused with the
 * field named, and refusing them allocates next to nothing. The codec takes payloads of 16 MiB, so a claim within
 * that limit is refused by the bytes actually left.
 */
class TelemetryCodecAllocationTest {

    private static final long ALLOCATION_BOUND = 1 << 20;

    private final TelemetryCodec codec = new TelemetryCodec(16 << 20);

    static Stream<Arguments> hostile() {
        return Stream.of(
                Arguments.of("a payload of 16 MiB, 3 bytes there", record(1024, 16 << 20), "payload of 16777216 bytes, 3 left"),
                Arguments.of("a payload of 4 GiB - 1", record(1024, -1), "payload of 4294967295 bytes"),
                Arguments.of("a source of 64 KiB - 1", record(0xFFFF, 0), "source of 65535 bytes"),
                Arguments.of("a source of 1 KiB, 3 bytes there", shortRecord(), "source of 1024 bytes, 3 left"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostile")
    void aLyingLengthIsRefusedBeforeItIsAllocated(String what, byte[] input, String reason) throws Throwable {
        TelemetryCodecException[] refusal = new TelemetryCodecException[1];
        long allocated = ThreadAllocation.during(
                () -> refusal[0] = assertThrows(TelemetryCodecException.class, () -> codec.decode(input)));

        assertTrue(refusal[0].getMessage().contains(reason), what + ": " + refusal[0].getMessage());
        assertTrue(allocated < ALLOCATION_BOUND, what + ": allocated " + allocated + " bytes");
    }

    /** A record whose source length is {@code sourceLength} (its bytes there when at most 1024) and payload length {@code payloadLength}, with 3 bytes. */
    private static byte[] record(int sourceLength, int payloadLength) {
        ByteBuffer out = ByteBuffer.allocate(2048);
        out.put(TelemetryCodec.FORMAT).put((byte) 1).putShort((short) sourceLength);
        if (sourceLength <= TelemetryCodec.MAX_SOURCE_BYTES) {
            out.put(new byte[sourceLength]);
            out.put((byte) 1).put((byte) 't').putInt(-1).putLong(0).putInt(payloadLength);
        }
        out.put(new byte[3]);
        byte[] bytes = new byte[out.position()];
        out.flip().get(bytes);
        return bytes;
    }

    private static byte[] shortRecord() {
        return new byte[] { TelemetryCodec.FORMAT, 1, 0x04, 0x00, 's', 'r', 'c' };
    }
}
