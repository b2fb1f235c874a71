package io.coaptree.remotequery.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.coaptree.harness.junit.ThreadAllocation;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.tree.drops.DropReason;

/**
 * Directory synchronisation messages of a few dozen bytes whose string lengths declare up to 2 GiB: refused as
 * {@code undecodable} with the length named, and refusing them allocates next to nothing.
 */
class SyncCodecAllocationTest {

    private static final long ALLOCATION_BOUND = 1 << 20;

    private final SyncCodec codec = new SyncCodec(LinkFormatParser.withDefaults(), 1 << 20);

    static Stream<Arguments> hostile() {
        return Stream.of(
                Arguments.of("a sender of 1 GiB", message(1 << 30, null, 0), "a string of 1073741824 bytes"),
                Arguments.of("a sender of 2^31-1 bytes", message(Integer.MAX_VALUE, null, 0),
                        "a string of 2147483647 bytes"),
                Arguments.of("a negative length", message(-1, null, 0), "a string of -1 bytes"),
                Arguments.of("links of 1 GiB", message(-2, "B/2/gB2", 1 << 30), "a string of 1073741824 bytes"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostile")
    void aLyingLengthIsRefusedBeforeItIsAllocated(String what, byte[] input, String reason) throws Throwable {
        SyncCodecException[] refusal = new SyncCodecException[1];
        long allocated = ThreadAllocation.during(
                () -> refusal[0] = assertThrows(SyncCodecException.class, () -> codec.decode(input)));

        assertEquals(DropReason.UNDECODABLE, refusal[0].reason(), what);
        assertTrue(refusal[0].getMessage().contains(reason), what + ": " + refusal[0].getMessage());
        assertTrue(allocated < ALLOCATION_BOUND, what + ": allocated " + allocated + " bytes");
    }

    /**
     * Version 1, a full directory: the sender's length {@code senderLength} (-2: the real {@code sender}), epoch,
     * version and digest, then the links' length {@code linksLength}, and four bytes.
     */
    private static byte[] message(int senderLength, String sender, int linksLength) {
        ByteBuffer out = ByteBuffer.allocate(128);
        out.put((byte) 1).put((byte) 1);
        if (senderLength == -2) {
            byte[] utf8 = sender.getBytes(StandardCharsets.UTF_8);
            out.putInt(utf8.length).put(utf8);
            out.putLong(1).putLong(2).putLong(3);
            out.putInt(linksLength);
        } else {
            out.putInt(senderLength);
        }
        out.put(new byte[4]);
        byte[] bytes = new byte[out.position()];
        out.flip().get(bytes);
        return bytes;
    }
}
