package io.coaptree.tree.protocol;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HexFormat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import io.coaptree.harness.junit.ThreadAllocation;

/** Membership messages whose string lengths lie: refused with the field named, allocating next to nothing. */
class TreeMessageCodecAllocationTest {

    private final TreeMessageCodec codec = new TreeMessageCodec(4096);

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            "a node name of 64 KiB - 1, 0203ffff41, node: length 65535",
            "a node name of 1 KiB and 1 byte there, 0203040041, node: length 1024",
            "an endpoint of 1 KiB and 1 byte there, 02030006412f2d2f64410000000000000001040041, coapEndpoint: length 1024" })
    void aLyingLengthIsRefusedBeforeItIsAllocated(String what, String hex, String reason) throws Throwable {
        byte[] input = HexFormat.of().parseHex(hex);
        TreeCodecException[] refusal = new TreeCodecException[1];
        long allocated = ThreadAllocation.during(
                () -> refusal[0] = assertThrows(TreeCodecException.class, () -> codec.decode(input)));

        assertTrue(refusal[0].getMessage().contains(reason), what + ": " + refusal[0].getMessage());
        assertTrue(allocated < (1 << 20), what + ": allocated " + allocated + " bytes");
    }
}
