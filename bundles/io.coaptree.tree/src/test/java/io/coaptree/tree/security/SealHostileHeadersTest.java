package io.coaptree.tree.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import io.coaptree.harness.clock.ManualClock;
import io.coaptree.harness.junit.ThreadAllocation;
import io.coaptree.harness.pki.TreePki;
import io.coaptree.tree.drops.DropReason;

/**
 * Seals whose CBOR heads declare more than the message holds, the attack of a few bytes that once cost a gateway
 * gigabytes of heap before anything was verified: each is refused as {@code undecodable}, saying which length
 * lied, and refusing it allocates next to nothing (counted on the thread, whatever the collector does).
 */
class SealHostileHeadersTest {

    private static final String TOPIC = "coaptree/B/-/dB/heartbeat";
    /** Far below the lengths the heads declare, far above what opening a real seal costs. */
    private static final long ALLOCATION_BOUND = 1 << 20;

    private final ManualClock clock = new ManualClock();

    {
        clock.advance(Duration.ofMillis(System.currentTimeMillis() - clock.millis())); // certificates are valid now
    }

    private final TreePki pki = TreePki.create("Test Tree CA");
    private final TreePki.Gateway dB = pki.issue("B/-/dB");
    private final MessageSeal signing = MessageSeal.signingWithLinks("B/2/gB2", 7,
            GatewayKey.of(pki.issue("B/2/gB2").keys().getPrivate(), null),
            new CertificateAuthorityTrust(List.of(pki.caCertificate()), Set.of()), clock, 30_000, 8);
    private final MessageSeal secret = MessageSeal.secret("B/2/gB2", 7, "a tree secret of 24 chars".toCharArray(),
            clock, 30_000);

    static Stream<Arguments> hostile() {
        return Stream.of(
                // The attack as found: tag 18, an array of four, a byte string declaring 1 GiB. Seven bytes.
                Arguments.of("a byte string of 1 GiB", hex("d2 84 5a 40000000"), "a byte string declares 1073741824"),
                Arguments.of("a byte string of 2^63 bytes", hex("d2 84 5b 8000000000000000"),
                        "a byte string declares 9223372036854775808"),
                Arguments.of("a text string of 1 GiB", hex("d2 84 7a 40000000"), "a text string declares 1073741824"),
                Arguments.of("an array of 2^32 elements", hex("d2 9b 0000000100000000"),
                        "an array declares 4294967296 elements"),
                Arguments.of("a map of 2^31 pairs", hex("d2 84 40 ba 7fffffff"), "a map declares 2147483647"),
                Arguments.of("ten thousand nested arrays", nested("d2", "81", 10_000, "00"), "nested deeper than 8"),
                Arguments.of("ten thousand nested tags", nested("d2", "c6", 10_000, "00"), "nested deeper than 8"),
                Arguments.of("an indefinite byte string", hex("d2 84 5f 41 00 ff"), "an indefinite length"),
                Arguments.of("a thousand small items", nested("d2", "", 1, "99 03e8" + "00".repeat(1000)),
                        "more than 320 data items"),
                Arguments.of("a truncated head", hex("d2 81 5a 40"), "truncated"),
                Arguments.of("bytes after the seal", hex("d2 80 00"), "1 bytes after the item"),
                // Well-formed outside: the protected header, CBOR inside a byte string, lies in turn.
                Arguments.of("a protected header of a 1 GiB text string", hex("d2 84 45 7a40000000 a0 40 40"),
                        "the protected header: a text string declares 1073741824"),
                Arguments.of("a protected header nested 100 deep",
                        nested("d2 84 58 65", "81", 100, "00 a0 40 40"), "the protected header: nested deeper"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostile")
    void aLyingHeadIsRefusedBeforeItIsAllocated(String what, byte[] sealed, String reason) throws Throwable {
        MessageSeal gB2 = sealed.length > 0 && sealed[0] == (byte) 0xd1 ? secret : signing;
        SealRefusedException[] refusal = new SealRefusedException[1];
        long allocated = ThreadAllocation.during(
                () -> refusal[0] = assertThrows(SealRefusedException.class, () -> gB2.open(TOPIC, sealed)));

        assertEquals(DropReason.UNDECODABLE, refusal[0].reason(), what);
        assertTrue(refusal[0].getMessage().contains(reason), what + ": " + refusal[0].getMessage());
        assertTrue(allocated < ALLOCATION_BOUND, what + ": refusing " + sealed.length + " bytes allocated "
                + allocated + " bytes");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("hostile")
    void theSecretModeRefusesTheSameHeadsUnderItsTag(String what, byte[] sealed, String reason) throws Throwable {
        byte[] mac0 = sealed.clone();
        mac0[0] = (byte) 0xd1; // tag 17, COSE_Mac0
        SealRefusedException[] refusal = new SealRefusedException[1];
        long allocated = ThreadAllocation.during(
                () -> refusal[0] = assertThrows(SealRefusedException.class, () -> secret.open(TOPIC, mac0)));

        assertEquals(DropReason.UNDECODABLE, refusal[0].reason(), what);
        assertTrue(allocated < ALLOCATION_BOUND, what + ": allocated " + allocated + " bytes");
    }

    /** The bounds leave room for what gateways really send: a signed seal with its certificate still opens. */
    @org.junit.jupiter.api.Test
    void realSealsStillOpen() throws Exception {
        byte[] message = "a heartbeat".getBytes(StandardCharsets.UTF_8);
        MessageSeal sender = MessageSeal.signingWithLinks("B/-/dB", 3,
                GatewayKey.of(dB.keys().getPrivate(), dB.certificate()),
                new CertificateAuthorityTrust(List.of(pki.caCertificate()), Set.of()), clock, 30_000, 8);
        assertArrayEquals(message, signing.open(TOPIC, sender.seal(TOPIC, message)).payload());
        MessageSeal secretSender = MessageSeal.secret("B/-/dB", 3, "a tree secret of 24 chars".toCharArray(), clock,
                30_000);
        assertArrayEquals(message, secret.open(TOPIC, secretSender.seal(TOPIC, message)).payload());
    }

    private static byte[] hex(String spaced) {
        return HexFormat.of().parseHex(spaced.replace(" ", ""));
    }

    private static byte[] nested(String head, String level, int times, String tail) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.writeBytes(hex(head));
        byte[] one = hex(level);
        for (int i = 0; i < times; i++) {
            out.writeBytes(one);
        }
        out.writeBytes(hex(tail));
        return out.toByteArray();
    }
}
