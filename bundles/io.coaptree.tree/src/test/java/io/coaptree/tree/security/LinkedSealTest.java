package io.coaptree.tree.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.clock.ManualClock;
import io.coaptree.harness.pki.TreePki;
import io.coaptree.tree.drops.DropReason;

/**
 * Link MACs in signature mode: what a gateway seals for one addressee carries a MAC under the key the two share
 * once each has opened a signed message of the other, and only that addressee opens it.
 */
class LinkedSealTest {

    private static final String TO_GB2 = "coaptree/B/2/gB2/query";
    private static final String TO_DB = "coaptree/B/-/dB/reply";
    private static final String HEARTBEAT = "coaptree/B/-/dB/heartbeat";
    private static final byte[] MESSAGE = "a request".getBytes(StandardCharsets.UTF_8);
    private static final long FRESHNESS = 30_000;

    private final ManualClock clock = new ManualClock();

    {
        clock.advance(Duration.ofMillis(System.currentTimeMillis() - clock.millis())); // certificates are valid now
    }
    private final TreePki pki = TreePki.create("Test Tree CA");
    private final SenderTrust trust = new CertificateAuthorityTrust(List.of(pki.caCertificate()), Set.of());
    private final TreePki.Gateway dBKeys = pki.issue("B/-/dB");
    private final TreePki.Gateway gB2Keys = pki.issue("B/2/gB2");
    private final TreePki.Gateway gA1Keys = pki.issue("A/1/gA1");

    private MessageSeal gateway(String address, long boot, TreePki.Gateway credentials) {
        return MessageSeal.signingWithLinks(address, boot, GatewayKey.of(credentials.keys().getPrivate(),
                credentials.certificate()), trust, clock, FRESHNESS, 64);
    }

    private final MessageSeal dB = gateway("B/-/dB", 1, dBKeys);
    private final MessageSeal gB2 = gateway("B/2/gB2", 1, gB2Keys);
    private final MessageSeal gA1 = gateway("A/1/gA1", 1, gA1Keys);

    /** Each opens a heartbeat of the other: what every gateway of a tree does all the time. */
    private static void meet(MessageSeal a, MessageSeal b) throws SealRefusedException {
        b.open(HEARTBEAT, a.seal(HEARTBEAT, MESSAGE));
        a.open(HEARTBEAT, b.seal(HEARTBEAT, MESSAGE));
    }

    @Test
    void beforeTheyMeetGatewaysSignAfterwardsTheyMacAndTheAddresseeOpens() throws Exception {
        byte[] signed = dB.seal(TO_GB2, MESSAGE, "B/2/gB2");
        assertEquals(0xD2, signed[0] & 0xFF, "a COSE_Sign1 while dB knows no key of gB2");
        assertArrayEquals(MESSAGE, gB2.open(TO_GB2, signed).payload());

        meet(dB, gB2);
        byte[] linked = dB.seal(TO_GB2, MESSAGE, "B/2/gB2");
        assertEquals(0xD1, linked[0] & 0xFF, "a COSE_Mac0 once they met");
        assertTrue(linked.length < signed.length - 200, "no signature and no certificate: " + linked.length);
        MessageSeal.Opened opened = gB2.open(TO_GB2, linked);
        assertEquals("B/-/dB", opened.sender());
        assertEquals(1, opened.boot());
        assertArrayEquals(MESSAGE, opened.payload());
        assertArrayEquals(MESSAGE, dB.open(TO_DB, gB2.seal(TO_DB, MESSAGE, "B/-/dB")).payload(), "and back");
        assertEquals(0xD2, dB.seal(HEARTBEAT, MESSAGE)[0] & 0xFF, "what has no one addressee is signed");
    }

    /**
     * A link MAC only towards a gateway that follows the sender's heartbeats: even where gA1 and gB2 have each seen
     * the other's key (signed direct requests), gA1 cannot know that gB2 still holds its key, because gB2, in another
     * domain, does not follow gA1's heartbeats; so gA1 signs, and gB2 opens it.
     */
    @Test
    void towardsAGatewayOutsideItsNeighbourhoodAGatewaySignsUntilItAnsweredAndAgainEveryHalfWindow() throws Exception {
        String toGA1 = "coaptree/A/1/gA1/reply";
        byte[] first = gA1.seal(TO_GB2, MESSAGE, "B/2/gB2");
        assertEquals(0xD2, first[0] & 0xFF, "gB2 does not follow gA1 and never heard it: signed");
        gB2.open(TO_GB2, first);
        byte[] answer = gB2.seal(toGA1, MESSAGE, "A/1/gA1");
        assertEquals(0xD2, answer[0] & 0xFF, "gB2 never addressed gA1 a signature yet: signed");
        gA1.open(toGA1, answer);

        byte[] second = gA1.seal(TO_GB2, MESSAGE, "B/2/gB2");
        assertEquals(0xD1, second[0] & 0xFF, "gB2 answered gA1's signed request: it holds the key, a link MAC");
        assertArrayEquals(MESSAGE, gB2.open(TO_GB2, second).payload());
        byte[] secondAnswer = gB2.seal(toGA1, MESSAGE, "A/1/gA1");
        assertEquals(0xD1, secondAnswer[0] & 0xFF, "gA1's link MAC proves it holds gB2's key");
        assertArrayEquals(MESSAGE, gA1.open(toGA1, secondAnswer).payload());

        clock.advance(Duration.ofMillis(FRESHNESS / 2 + 1));
        assertEquals(0xD2, gA1.seal(TO_GB2, MESSAGE, "B/2/gB2")[0] & 0xFF,
                "half a window after its last signature towards gB2, gA1 signs again (gB2 does not hear it otherwise)");

        meet(dB, gB2);
        assertEquals(0xD1, dB.seal(TO_GB2, MESSAGE, "B/2/gB2")[0] & 0xFF, "a domain and its group follow each other");
    }

    @Test
    void aGatewayOutsideTheNeighbourhoodThatNeverAnsweredGetsSignaturesOnly() throws Exception {
        gB2.open(HEARTBEAT, gA1.seal(HEARTBEAT, MESSAGE)); // gB2 knows gA1's key, but gA1 never heard gB2 answer
        gA1.open(HEARTBEAT, gB2.seal(HEARTBEAT, MESSAGE));
        clock.advance(Duration.ofMillis(1));
        assertEquals(0xD2, gA1.seal(TO_GB2, MESSAGE, "B/2/gB2")[0] & 0xFF);
        assertEquals(0xD2, gA1.seal(TO_GB2, MESSAGE, "B/2/gB2")[0] & 0xFF, "no answer since: still signed");
    }

    @Test
    void aThirdGatewayThatKnowsBothCanNeitherOpenNorForgeTheirLink() throws Exception {
        meet(dB, gB2);
        meet(dB, gA1);
        meet(gA1, gB2);
        byte[] linked = dB.seal(TO_GB2, MESSAGE, "B/2/gB2");
        assertEquals(DropReason.FORGED, refusal(() -> gA1.open(TO_GB2, linked)), "not gA1's link");

        // gA1 MACs under its own link with gB2 but names dB as the sender: gB2 checks with its key of dB.
        MessageSeal gA1AsDB = gateway("B/-/dB", 1, gA1Keys);
        gA1AsDB.open(HEARTBEAT, gB2.seal(HEARTBEAT, MESSAGE));
        byte[] forged = gA1AsDB.seal(TO_GB2, MESSAGE, "B/2/gB2");
        assertEquals(0xD1, forged[0] & 0xFF);
        assertEquals(DropReason.FORGED, refusal(() -> gB2.open(TO_GB2, forged)));
    }

    @Test
    void aLinkMacIsBoundToItsTopicAndEveryByteOfIt() throws Exception {
        meet(dB, gB2);
        byte[] linked = dB.seal(TO_GB2, MESSAGE, "B/2/gB2");
        assertEquals(DropReason.FORGED, refusal(() -> gB2.open("coaptree/B/2/gB2/rd", linked)));
        for (int i = 1; i < linked.length; i++) {
            byte[] changed = linked.clone();
            changed[i] ^= 0x01;
            DropReason reason = refusal(() -> gB2.open(TO_GB2, changed));
            assertTrue(Set.of(DropReason.FORGED, DropReason.UNDECODABLE, DropReason.UNTRUSTED,
                    DropReason.UNSIGNED, DropReason.STALE).contains(reason), "byte " + i + ": " + reason);
        }
    }

    @Test
    void aRestartedAddresseeRefusesTheOldLinkUntilTheSenderHasSeenItsNewKey() throws Exception {
        meet(dB, gB2);
        MessageSeal restarted = gateway("B/2/gB2", 2, gB2Keys);
        restarted.open(HEARTBEAT, dB.seal(HEARTBEAT, MESSAGE)); // the restarted gB2 hears dB again
        byte[] stale = dB.seal(TO_GB2, MESSAGE, "B/2/gB2");
        assertEquals(DropReason.UNTRUSTED, refusal(() -> restarted.open(TO_GB2, stale)),
                "made for gB2's previous boot");

        dB.open(HEARTBEAT, restarted.seal(HEARTBEAT, MESSAGE)); // dB hears the new gB2 (its join, or heartbeat)
        byte[] fresh = dB.seal(TO_GB2, MESSAGE, "B/2/gB2");
        assertEquals(0xD1, fresh[0] & 0xFF);
        assertArrayEquals(MESSAGE, restarted.open(TO_GB2, fresh).payload());
    }

    @Test
    void aLinkLapsesWhenThePeerStopsSigningAndTheSenderSignsAgain() throws Exception {
        meet(dB, gB2);
        byte[] linked = dB.seal(TO_GB2, MESSAGE, "B/2/gB2");
        clock.advance(Duration.ofMillis(FRESHNESS + 1));
        assertEquals(0xD2, dB.seal(TO_GB2, MESSAGE, "B/2/gB2")[0] & 0xFF,
                "no signed message of gB2 for a freshness window: sign");
        DropReason reason = refusal(() -> gB2.open(TO_GB2, linked));
        assertTrue(reason == DropReason.UNTRUSTED || reason == DropReason.STALE, reason.toString());
    }

    @Test
    void aReplayedSignedMessageDoesNotProlongALink() throws Exception {
        byte[] heartbeatOfGB2 = gB2.seal(HEARTBEAT, MESSAGE);
        dB.open(HEARTBEAT, heartbeatOfGB2);
        gB2.open(HEARTBEAT, dB.seal(HEARTBEAT, MESSAGE));
        clock.advance(Duration.ofMillis(FRESHNESS - 1000));
        dB.open(HEARTBEAT, heartbeatOfGB2); // the same bytes again, still fresh (the replay window is the bus's)
        clock.advance(Duration.ofMillis(1001));
        assertEquals(0xD2, dB.seal(TO_GB2, MESSAGE, "B/2/gB2")[0] & 0xFF,
                "a freshness window after gB2 last signed, whatever arrived since: sign");
    }

    @Test
    void aRevokedGatewaysLinksLapse() throws Exception {
        MessageSeal revoking = MessageSeal.signingWithLinks("B/2/gB2", 1, GatewayKey.of(gB2Keys.keys()
                .getPrivate(), gB2Keys.certificate()), new CertificateAuthorityTrust(List.of(pki.caCertificate()),
                        Set.of("B/-/dB")), clock, FRESHNESS, 64);
        dB.open(HEARTBEAT, revoking.seal(HEARTBEAT, MESSAGE));
        assertEquals(DropReason.UNTRUSTED, refusal(() -> revoking.open(HEARTBEAT, dB.seal(HEARTBEAT, MESSAGE))));
        byte[] linked = dB.seal(TO_GB2, MESSAGE, "B/2/gB2");
        assertEquals(0xD1, linked[0] & 0xFF, "dB has gB2's key");
        assertEquals(DropReason.UNTRUSTED, refusal(() -> revoking.open(TO_GB2, linked)),
                "gB2 never took a key of the revoked dB");
    }

    @Test
    void withoutLinksAMacIsUnsigned() throws Exception {
        meet(dB, gB2);
        MessageSeal plainSigner = MessageSeal.signing("B/2/gB2", 1, GatewayKey.of(gB2Keys.keys().getPrivate(),
                gB2Keys.certificate()), trust, clock, FRESHNESS);
        byte[] linked = dB.seal(TO_GB2, MESSAGE, "B/2/gB2");
        assertEquals(DropReason.UNSIGNED, refusal(() -> plainSigner.open(TO_GB2, linked)));
        MessageSeal secret = MessageSeal.secret("B/-/dB", 1, "a tree secret of 24 chars".toCharArray(), clock,
                FRESHNESS);
        assertEquals(DropReason.UNSIGNED, refusal(() -> gB2.open(TO_GB2, secret.seal(TO_GB2, MESSAGE))),
                "a tree-secret MAC where gateways sign");
    }

    private static DropReason refusal(Opening opening) {
        return assertThrows(SealRefusedException.class, opening::open).reason();
    }

    @FunctionalInterface
    private interface Opening {
        void open() throws Exception;
    }
}
