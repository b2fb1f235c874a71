package io.coaptree.tree.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.authlete.cbor.CBORDecoder;
import com.authlete.cbor.CBORDecoderOptions;
import com.authlete.cbor.CBORTaggedItem;
import com.authlete.cose.COSESign1;

import io.coaptree.harness.clock.ManualClock;
import io.coaptree.harness.pki.TreePki;
import io.coaptree.tree.drops.DropReason;

/**
 * What gateways read from every follower (join, heartbeat, leave) carries the sender's whole certificate only when a
 * reader may lack it, and its SHA-256 thumbprint otherwise; receivers resolve the thumbprint against certificates
 * they checked before, and refuse one they never checked as {@code unknown-certificate}.
 */
class CertificateAnnouncementsTest {

    private static final long FRESHNESS = 30_000;
    private static final byte[] MESSAGE = "a heartbeat".getBytes(StandardCharsets.UTF_8);
    private static final String HEARTBEAT = "coaptree/B/-/dB/heartbeat";
    private static final String JOIN = "coaptree/B/-/dB/join";

    private final TreePki pki = TreePki.create("Test Tree CA");
    private final TreePki.Gateway dBKeys = pki.issue("B/-/dB");
    /** Set to the wall clock's time, from which the certificates are valid; moved by hand from there. */
    private final ManualClock clock = new ManualClock();

    {
        clock.advance(Duration.ofMillis(System.currentTimeMillis() - clock.millis()));
    }

    private MessageSeal gateway(String address, long boot, TreePki.Gateway credentials, Set<String> revoked) {
        return MessageSeal.signingWithLinks(address, boot, GatewayKey.of(credentials.keys().getPrivate(),
                credentials.certificate()), new CertificateAuthorityTrust(List.of(pki.caCertificate()), revoked),
                clock, FRESHNESS, 64);
    }

    private MessageSeal gateway(String address, long boot) {
        return gateway(address, boot, address.equals("B/-/dB") ? dBKeys : pki.issue(address), Set.of());
    }

    private final MessageSeal dB = gateway("B/-/dB", 1);
    private final MessageSeal gB2 = gateway("B/2/gB2", 1);

    @Test
    void theSecondBroadcastOnAContextNamesTheCertificateByThumbprintAndIsSmaller() throws Exception {
        byte[] first = dB.sealForFollowers(HEARTBEAT, MESSAGE);
        byte[] second = dB.sealForFollowers(HEARTBEAT, MESSAGE);

        assertTrue(unprotected(first).containsKey(SignatureProtection.X5CHAIN), "the first carries the certificate");
        assertFalse(unprotected(first).containsKey(SignatureProtection.X5T));
        assertFalse(unprotected(second).containsKey(SignatureProtection.X5CHAIN), "the second does not");
        List<?> x5t = (List<?>) unprotected(second).get(SignatureProtection.X5T);
        assertEquals(-16, ((Number) x5t.get(0)).intValue(), "SHA-256");
        assertArrayEquals(SignatureProtection.thumbprint(dBKeys.certificate().getEncoded()), (byte[]) x5t.get(1));
        int certificate = dBKeys.certificate().getEncoded().length;
        assertTrue(second.length < first.length - certificate + 50,
                first.length + " bytes, then " + second.length + " (the certificate has " + certificate + ")");

        assertTrue(unprotected(dB.sealForFollowers(JOIN, MESSAGE)).containsKey(SignatureProtection.X5CHAIN),
                "each context gets the certificate once");
    }

    @Test
    void aReceiverThatOpenedTheCertificateOpensTheThumbprintAndAFreshOneRefusesIt() throws Exception {
        byte[] first = dB.sealForFollowers(HEARTBEAT, MESSAGE);
        byte[] second = dB.sealForFollowers(HEARTBEAT, MESSAGE);

        gB2.open(HEARTBEAT, first);
        MessageSeal.Opened opened = gB2.open(HEARTBEAT, second);
        assertEquals("B/-/dB", opened.sender());
        assertArrayEquals(MESSAGE, opened.payload());

        MessageSeal fresh = gateway("B/2/gB2", 2);
        SealRefusedException refused = assertThrows(SealRefusedException.class, () -> fresh.open(HEARTBEAT, second));
        assertEquals(DropReason.UNKNOWN_CERTIFICATE, refused.reason());
        assertEquals("B/-/dB", refused.claimedSender());
        assertTrue(refused.getMessage().contains("thumbprint"), refused.getMessage());
    }

    /** A thumbprint proves nothing by itself: the signature is still checked against the remembered key. */
    @Test
    void aThumbprintSealWithAnotherSignatureIsForged() throws Exception {
        gB2.open(HEARTBEAT, dB.sealForFollowers(HEARTBEAT, MESSAGE));
        byte[] second = dB.sealForFollowers(HEARTBEAT, MESSAGE);
        byte[] changed = second.clone();
        changed[changed.length - 1] ^= 0x01;
        assertEquals(DropReason.FORGED, refusal(() -> gB2.open(HEARTBEAT, changed)));

        // gA1's key and certificate, checked by gB2, named by thumbprint under dB's name
        MessageSeal gA1 = gateway("A/1/gA1", 1);
        gB2.open("coaptree/A/1/gA1/heartbeat", gA1.sealForFollowers("coaptree/A/1/gA1/heartbeat", MESSAGE));
        MessageSeal gA1AsDB = gateway("B/-/dB", 1, pki.issue("A/1/gA1"), Set.of());
        gA1AsDB.sealForFollowers(HEARTBEAT, MESSAGE);
        assertEquals(DropReason.UNKNOWN_CERTIFICATE,
                refusal(() -> gB2.open(HEARTBEAT, gA1AsDB.sealForFollowers(HEARTBEAT, MESSAGE))),
                "a thumbprint counts only for the sender that presented the certificate");
    }

    @Test
    void afterOpeningANewSenderOrBootTheNextBroadcastCarriesTheCertificateAgain() throws Exception {
        MessageSeal gB1 = gateway("B/1/gB1", 1);
        dB.sealForFollowers(HEARTBEAT, MESSAGE);
        byte[] joinOfGB1 = gB1.sealForFollowers("coaptree/B/1/gB1/join", MESSAGE);
        dB.open("coaptree/B/1/gB1/join", joinOfGB1); // gB1 joins: dB has not heard it before
        assertTrue(carriesCertificate(dB.sealForFollowers(HEARTBEAT, MESSAGE)), "the answer to its join");
        assertFalse(carriesCertificate(dB.sealForFollowers(HEARTBEAT, MESSAGE)), "once");

        dB.open("coaptree/B/1/gB1/heartbeat", gB1.sealForFollowers("coaptree/B/1/gB1/heartbeat", MESSAGE));
        assertFalse(carriesCertificate(dB.sealForFollowers(HEARTBEAT, MESSAGE)), "the same boot again: no news");

        MessageSeal restarted = gateway("B/1/gB1", 2);
        dB.open("coaptree/B/1/gB1/join", restarted.sealForFollowers("coaptree/B/1/gB1/join", MESSAGE));
        byte[] answer = dB.sealForFollowers(HEARTBEAT, MESSAGE);
        assertTrue(carriesCertificate(answer), "a restart: the new boot lost what the old one knew");
        assertArrayEquals(MESSAGE, restarted.open(HEARTBEAT, answer).payload());
    }

    @Test
    void afterTheRefreshIntervalTheCertificateGoesAgain() throws Exception {
        assertTrue(carriesCertificate(dB.sealForFollowers(HEARTBEAT, MESSAGE)));
        clock.advance(Duration.ofMillis(CertificateAnnouncements.REFRESH_MILLIS - 1));
        assertFalse(carriesCertificate(dB.sealForFollowers(HEARTBEAT, MESSAGE)));
        clock.advance(Duration.ofMillis(1));
        assertTrue(carriesCertificate(dB.sealForFollowers(HEARTBEAT, MESSAGE)), "a refresh interval after the last");
        assertFalse(carriesCertificate(dB.sealForFollowers(HEARTBEAT, MESSAGE)));
    }

    /**
     * The root never hears the groups that follow it start (it follows only domains), so it cannot know when one needs
     * its certificate: it always sends it.
     */
    @Test
    void theRootAlwaysCarriesItsCertificate() throws Exception {
        String rootHeartbeat = "coaptree/-/-/top/heartbeat";
        MessageSeal root = gateway("-/-/top", 1);
        MessageSeal domain = gateway("A/-/dA", 1);
        for (int i = 0; i < 3; i++) {
            assertTrue(carriesCertificate(root.sealForFollowers(rootHeartbeat, MESSAGE)), "heartbeat " + i);
            assertEquals(i == 0, carriesCertificate(domain.sealForFollowers("coaptree/A/-/dA/heartbeat", MESSAGE)));
        }
    }

    @Test
    void whatIsAddressedOrForAnyGatewayCarriesTheWholeCertificate() throws Exception {
        dB.sealForFollowers(HEARTBEAT, MESSAGE);
        byte[] addressed = dB.seal("coaptree/B/2/gB2/query", MESSAGE, "B/2/gB2");
        assertEquals(0xD2, addressed[0] & 0xFF, "signed: no link with gB2 yet");
        assertTrue(carriesCertificate(addressed), "gB2 most likely does not know dB yet");
        assertTrue(carriesCertificate(dB.seal(TreeSecurity.VOUCHER_CONTEXT, MESSAGE)), "a voucher, read anywhere");
        assertTrue(carriesCertificate(dB.seal(TreeSecurity.VOUCHER_CONTEXT, MESSAGE)), "every time");
        assertArrayEquals(MESSAGE, gateway("A/1/gA1", 1).open("coaptree/B/2/gB2/query", addressed).payload());
    }

    @Test
    void aRevokedCertificateNamedByThumbprintIsUntrustedSeenOrNot() throws Exception {
        String fingerprint = HexFormat.ofDelimiter(":").formatHex(
                SignatureProtection.thumbprint(dBKeys.certificate().getEncoded()));
        MessageSeal revoking = gateway("B/2/gB2", 2, pki.issue("B/2/gB2"), Set.of(fingerprint.toUpperCase()));
        byte[] first = dB.sealForFollowers(HEARTBEAT, MESSAGE);
        byte[] second = dB.sealForFollowers(HEARTBEAT, MESSAGE);
        assertEquals(DropReason.UNTRUSTED, refusal(() -> revoking.open(HEARTBEAT, second)), "never seen");
        assertEquals(DropReason.UNTRUSTED, refusal(() -> revoking.open(HEARTBEAT, first)));
        assertEquals(DropReason.UNTRUSTED, refusal(() -> revoking.open(HEARTBEAT, second)), "seen whole first");

        MessageSeal revokingTheAddress = gateway("B/2/gB2", 3, pki.issue("B/2/gB2"), Set.of("B/-/dB"));
        assertEquals(DropReason.UNTRUSTED, refusal(() -> revokingTheAddress.open(HEARTBEAT, second)));
    }

    /**
     * A thumbprint this gateway cannot resolve, from a boot it never heard: one of the two restarted while the other
     * did not hear it, so the sender may lack this gateway's certificate as well; its next broadcast carries it.
     */
    @Test
    void anUnknownThumbprintFromANewBootMakesTheReceiverSendItsCertificate() throws Exception {
        gB2.sealForFollowers("coaptree/B/2/gB2/heartbeat", MESSAGE);
        dB.sealForFollowers(HEARTBEAT, MESSAGE);
        assertEquals(DropReason.UNKNOWN_CERTIFICATE,
                refusal(() -> gB2.open(HEARTBEAT, dB.sealForFollowers(HEARTBEAT, MESSAGE))));
        assertTrue(carriesCertificate(gB2.sealForFollowers("coaptree/B/2/gB2/heartbeat", MESSAGE)));
    }

    /** Pinned keys need no certificate: the seal carries neither a certificate nor a thumbprint, and opens. */
    @Test
    void pinnedKeysCarryNoCertificateNorThumbprint() throws Exception {
        PinnedKeyTrust pins = PinnedKeyTrust.parse("B/-/dB=" + java.util.Base64.getEncoder()
                .encodeToString(dBKeys.certificate().getPublicKey().getEncoded()), Set.of());
        MessageSeal pinnedDB = MessageSeal.signing("B/-/dB", 1, GatewayKey.of(dBKeys.keys().getPrivate(), null), pins,
                clock, FRESHNESS);
        MessageSeal pinnedGB2 = MessageSeal.signing("B/2/gB2", 1, GatewayKey.of(pki.issue("B/2/gB2").keys()
                .getPrivate(), null), pins, clock, FRESHNESS);
        for (int i = 0; i < 2; i++) {
            byte[] sealed = pinnedDB.sealForFollowers(HEARTBEAT, MESSAGE);
            assertEquals(Map.of(), unprotected(sealed));
            assertArrayEquals(MESSAGE, pinnedGB2.open(HEARTBEAT, sealed).payload());
        }
        dB.sealForFollowers(HEARTBEAT, MESSAGE);
        assertArrayEquals(MESSAGE, pinnedGB2.open(HEARTBEAT, dB.sealForFollowers(HEARTBEAT, MESSAGE)).payload(),
                "a thumbprint is nothing to a pinned key");
    }

    @Test
    void theSecretModeIsUnchanged() throws Exception {
        MessageSeal a = MessageSeal.secret("A/-/dA", 1, "a tree secret of 24 chars".toCharArray(), clock, FRESHNESS);
        MessageSeal b = MessageSeal.secret("B/-/dB", 1, "a tree secret of 24 chars".toCharArray(), clock, FRESHNESS);
        byte[] first = a.sealForFollowers(HEARTBEAT, MESSAGE);
        byte[] second = a.sealForFollowers(HEARTBEAT, MESSAGE);
        assertEquals(0xD1, second[0] & 0xFF, "a tagged COSE_Mac0");
        assertEquals(first.length, second.length);
        assertArrayEquals(MESSAGE, b.open(HEARTBEAT, second).payload());
    }

    private static boolean carriesCertificate(byte[] sealed) throws Exception {
        Map<Object, Object> unprotected = unprotected(sealed);
        assertTrue(unprotected.containsKey(SignatureProtection.X5CHAIN) != unprotected.containsKey(
                SignatureProtection.X5T), "the certificate or its thumbprint: " + unprotected.keySet());
        return unprotected.containsKey(SignatureProtection.X5CHAIN);
    }

    /** The unprotected header of a seal, read as any receiver reads it. */
    private static Map<Object, Object> unprotected(byte[] sealed) throws Exception {
        CBORDecoderOptions options = new CBORDecoderOptions();
        options.removeTagProcessor(17);
        options.removeTagProcessor(18);
        CBORTaggedItem tagged = (CBORTaggedItem) new CBORDecoder(sealed, options).next();
        return COSESign1.build(tagged.getTagContent()).getUnprotectedHeader().getParameters();
    }

    private static DropReason refusal(Opening opening) {
        return assertThrows(SealRefusedException.class, opening::open).reason();
    }

    @FunctionalInterface
    private interface Opening {
        void open() throws Exception;
    }
}
