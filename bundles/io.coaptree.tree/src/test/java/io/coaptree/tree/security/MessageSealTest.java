package io.coaptree.tree.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.clock.ManualClock;
import io.coaptree.harness.pki.TreePki;
import io.coaptree.tree.drops.DropReason;

class MessageSealTest {

    private static final String TOPIC = "coaptree/B/2/gB2/query";
    private static final byte[] MESSAGE = "a request".getBytes(StandardCharsets.UTF_8);

    private final ManualClock clock = new ManualClock();

    {
        clock.advance(Duration.ofMillis(System.currentTimeMillis() - clock.millis())); // certificates are valid now
    }
    private final TreePki pki = TreePki.create("Test Tree CA");
    private final SenderTrust trust = new CertificateAuthorityTrust(List.of(pki.caCertificate()), Set.of());

    private MessageSeal signer(String address, TreePki.Gateway credentials) {
        return MessageSeal.signing(address, 42, GatewayKey.of(credentials.keys().getPrivate(),
                credentials.certificate()), trust, clock, 30_000);
    }

    private final MessageSeal dB = signer("B/-/dB", pki.issue("B/-/dB"));
    private final MessageSeal gB2 = signer("B/2/gB2", pki.issue("B/2/gB2"));

    @Test
    void aSealOpensWithItsSenderBootSequenceAndMessage() throws Exception {
        byte[] first = dB.seal(TOPIC, MESSAGE);
        byte[] second = dB.seal(TOPIC, MESSAGE);

        MessageSeal.Opened opened = gB2.open(TOPIC, first);
        assertEquals("B/-/dB", opened.sender());
        assertEquals(42, opened.boot());
        assertEquals(0, opened.seq());
        assertArrayEquals(MESSAGE, opened.payload());
        assertEquals(1, gB2.open(TOPIC, second).seq());
        assertEquals(0xD2, first[0] & 0xFF, "a tagged COSE_Sign1 (tag 18)");
    }

    /**
     * Every byte outside the certificate is covered: headers, message and signature. The certificate travels in the
     * unprotected header, as COSE carries x5chain, and vouches for itself through the CA's signature: a changed
     * byte there either breaks that signature or is a re-encoding of the same certificate (the JDK ignores, for
     * example, the unused-bits byte of its signature), which names the same key.
     */
    @Test
    void anyChangedByteBreaksTheSeal() throws Exception {
        TreePki.Gateway credentials = pki.issue("B/-/dB");
        byte[] sealed = signer("B/-/dB", credentials).seal(TOPIC, MESSAGE);
        byte[] der = credentials.certificate().getEncoded();
        int certificateAt = indexOf(sealed, der);
        for (int i = 1; i < sealed.length; i++) {
            if (i >= certificateAt && i < certificateAt + der.length) {
                continue;
            }
            byte[] changed = sealed.clone();
            changed[i] ^= 0x01;
            SealRefusedException e = assertThrows(SealRefusedException.class, () -> gB2.open(TOPIC, changed),
                    "byte " + i);
            assertEquals(true, Set.of(DropReason.FORGED, DropReason.UNDECODABLE, DropReason.UNTRUSTED,
                    DropReason.UNSIGNED, DropReason.STALE).contains(e.reason()), "byte " + i + ": " + e.reason());
        }
    }

    @Test
    void aSealIsBoundToItsTopic() {
        byte[] sealed = dB.seal(TOPIC, MESSAGE);
        assertEquals(DropReason.FORGED, refusal(() -> gB2.open("coaptree/B/1/gB1/query", sealed)));
    }

    @Test
    void aKeyOutsideTheAnchorIsUntrusted() {
        TreePki rogue = TreePki.create("Rogue CA");
        byte[] sealed = signer("B/-/dB", rogue.issue("B/-/dB")).seal(TOPIC, MESSAGE);
        assertEquals(DropReason.UNTRUSTED, refusal(() -> gB2.open(TOPIC, sealed)));
    }

    @Test
    void aGatewayCannotSealAsAnother() {
        byte[] sealed = signer("B/-/dB", pki.issue("A/1/gA1")).seal(TOPIC, MESSAGE);
        assertEquals(DropReason.UNTRUSTED, refusal(() -> gB2.open(TOPIC, sealed)), "gA1's certificate as dB");
    }

    @Test
    void expiredAndRevokedCertificatesAreUntrusted() {
        TreePki.Gateway expired = pki.issue("B/-/dB", Instant.now().minus(Duration.ofMinutes(1)));
        byte[] sealed = signer("B/-/dB", expired).seal(TOPIC, MESSAGE);
        assertEquals(DropReason.UNTRUSTED, refusal(() -> gB2.open(TOPIC, sealed)));

        MessageSeal revoking = MessageSeal.signing("B/2/gB2", 1, GatewayKey.of(pki.issue("B/2/gB2").keys()
                .getPrivate(), null), new CertificateAuthorityTrust(List.of(pki.caCertificate()), Set.of("B/-/dB")),
                clock, 30_000);
        assertEquals(DropReason.UNTRUSTED, refusal(() -> revoking.open(TOPIC, dB.seal(TOPIC, MESSAGE))));
    }

    @Test
    void aSealOutsideTheFreshnessWindowIsStale() {
        byte[] sealed = dB.seal(TOPIC, MESSAGE);
        clock.advance(Duration.ofMillis(30_001));
        assertEquals(DropReason.STALE, refusal(() -> gB2.open(TOPIC, sealed)));
    }

    @Test
    void plainAndRandomBytesAreUnsignedAndMalformedSealsUndecodable() {
        Random random = new Random(3);
        for (int i = 0; i < 200; i++) {
            byte[] bytes = new byte[random.nextInt(300)];
            random.nextBytes(bytes);
            if (bytes.length > 0 && (bytes[0] & 0xFF) == 0xD2) {
                bytes[0] = 0;
            }
            assertEquals(DropReason.UNSIGNED, refusal(() -> gB2.open(TOPIC, bytes)));
        }
        byte[] sealed = dB.seal(TOPIC, MESSAGE);
        for (int cut = 1; cut < sealed.length; cut++) {
            byte[] truncated = java.util.Arrays.copyOf(sealed, sealed.length - cut);
            assertEquals(DropReason.UNDECODABLE, refusal(() -> gB2.open(TOPIC, truncated)), "cut " + cut);
        }
        byte[] deep = new byte[100_000];
        deep[0] = (byte) 0xD2;
        java.util.Arrays.fill(deep, 1, deep.length, (byte) 0x81); // arrays nested 100 000 deep
        assertEquals(DropReason.UNDECODABLE, refusal(() -> gB2.open(TOPIC, deep)));
    }

    @Test
    void theSecretModeMacsWithCoseMac0AndRefusesAnotherSecret() throws Exception {
        MessageSeal a = MessageSeal.secret("A/-/dA", 1, "a tree secret of 24 chars".toCharArray(), clock, 30_000);
        MessageSeal b = MessageSeal.secret("B/-/dB", 1, "a tree secret of 24 chars".toCharArray(), clock, 30_000);
        MessageSeal other = MessageSeal.secret("B/-/dB", 1, "another secret, 24 chars".toCharArray(), clock,
                30_000);
        byte[] sealed = a.seal(TOPIC, MESSAGE);
        assertEquals(0xD1, sealed[0] & 0xFF, "a tagged COSE_Mac0 (tag 17)");
        assertArrayEquals(MESSAGE, b.open(TOPIC, sealed).payload());
        assertEquals(DropReason.FORGED, refusal(() -> other.open(TOPIC, sealed)));
        assertEquals(DropReason.UNSIGNED, refusal(() -> gB2.open(TOPIC, sealed)), "a MAC where signatures rule");
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        for (int i = 0; i + part.length <= bytes.length; i++) {
            if (java.util.Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        throw new AssertionError("the certificate is not in the seal");
    }

    private static DropReason refusal(Opening opening) {
        return assertThrows(SealRefusedException.class, opening::open).reason();
    }

    @FunctionalInterface
    private interface Opening {
        void open() throws Exception;
    }
}
