package io.coaptree.tree.security;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import com.authlete.cbor.CBORDecoder;
import com.authlete.cbor.CBORItemList;
import com.authlete.cbor.CBORPairList;
import com.authlete.cbor.CBORTaggedItem;

import io.coaptree.harness.clock.ManualClock;
import io.coaptree.harness.pki.TreePki;
import io.coaptree.tree.drops.DropReason;

/**
 * What every follower of a gateway reads (its heartbeats) carries a tag for each follower that holds a link with
 * it: such a follower checks the tag, not the signature, except once every half freshness window; anyone else
 * checks the signature as before.
 */
class FollowerTagsTest {

    private static final String HEARTBEAT = "coaptree/B/-/dB/heartbeat";
    private static final byte[] MESSAGE = "a heartbeat".getBytes(StandardCharsets.UTF_8);
    private static final long FRESHNESS = 30_000;

    private final ManualClock clock = new ManualClock();

    {
        clock.advance(Duration.ofMillis(System.currentTimeMillis() - clock.millis())); // certificates are valid now
    }
    private final TreePki pki = TreePki.create("Test Tree CA");
    private final SenderTrust trust = new CertificateAuthorityTrust(List.of(pki.caCertificate()), Set.of());
    private final MessageSeal dB = gateway("B/-/dB", 1);
    private final MessageSeal gB2 = gateway("B/2/gB2", 1);

    private MessageSeal gateway(String address, long boot) {
        TreePki.Gateway credentials = pki.issue(address);
        return MessageSeal.signingWithLinks(address, boot, GatewayKey.of(credentials.keys().getPrivate(),
                credentials.certificate()), trust, clock, FRESHNESS, 128);
    }

    /** Each opens a signed heartbeat of the other, as a domain and its group do when the group joins. */
    private static void meet(MessageSeal a, MessageSeal b) throws SealRefusedException {
        b.open(HEARTBEAT, a.seal(HEARTBEAT, MESSAGE));
        a.open("coaptree/B/2/gB2/heartbeat", b.seal("coaptree/B/2/gB2/heartbeat", MESSAGE));
    }

    @Test
    void aFollowerHoldingALinkChecksItsTagInsteadOfTheSignature() throws Exception {
        assertEquals(MESSAGE.length, gB2.open(HEARTBEAT, dB.sealForFollowers(HEARTBEAT, MESSAGE)).payload().length);
        assertEquals(1, gB2.signatureChecks(), "before they met: the signature");
        meet(dB, gB2);
        assertEquals(2, gB2.signatureChecks());

        byte[] heartbeat = dB.sealForFollowers(HEARTBEAT, MESSAGE);
        assertEquals(0xD2, heartbeat[0] & 0xFF, "still a signed COSE_Sign1, for whoever has no tag");
        assertEquals(Set.of("B/2/gB2"), tags(heartbeat).keySet());
        MessageSeal.Opened opened = gB2.open(HEARTBEAT, heartbeat);
        assertEquals("B/-/dB", opened.sender());
        assertArrayEquals(MESSAGE, opened.payload());
        assertEquals(2, gB2.signatureChecks(), "the tag, not the signature");

        MessageSeal gA1 = gateway("A/1/gA1", 1);
        gA1.open(HEARTBEAT, heartbeat);
        assertEquals(1, gA1.signatureChecks(), "a gateway without a tag checks the signature");
    }

    @Test
    void theSignatureIsCheckedAgainEveryHalfFreshnessWindowWhichKeepsTheLink() throws Exception {
        meet(dB, gB2);
        long checks = gB2.signatureChecks();
        for (int second = 1; second <= 60; second++) {
            clock.advance(Duration.ofSeconds(1));
            gB2.open(HEARTBEAT, dB.sealForFollowers(HEARTBEAT, MESSAGE));
            // dB keeps gB2's key confirmed as a domain does from its group's heartbeats
            dB.open("coaptree/B/2/gB2/heartbeat", gB2.sealForFollowers("coaptree/B/2/gB2/heartbeat", MESSAGE));
        }
        long signed = gB2.signatureChecks() - checks;
        assertTrue(signed >= 2 && signed <= 4, "about one signature a half window over 60 s: " + signed);
        assertEquals(Set.of("B/2/gB2"), tags(dB.sealForFollowers(HEARTBEAT, MESSAGE)).keySet(), "the link holds");
    }

    @Test
    void aTagThatDoesNotMatchIsRefusedAsForged() throws Exception {
        meet(dB, gB2);
        byte[] heartbeat = dB.sealForFollowers(HEARTBEAT, MESSAGE);
        byte[] name = "B/2/gB2".getBytes(StandardCharsets.UTF_8);
        int at = indexOf(heartbeat, name);
        // the entry: the address, then [boot 1, an 8-byte string]: 0x82 0x01 0x48 and the tag
        assertEquals(0x48, heartbeat[at + name.length + 2] & 0xFF);
        heartbeat[at + name.length + 3] ^= 1;

        SealRefusedException refused = assertThrows(SealRefusedException.class, () -> gB2.open(HEARTBEAT, heartbeat));
        assertEquals(DropReason.FORGED, refused.reason());
    }

    @Test
    void aFollowerThatRestartedChecksTheSignatureUntilTheSenderHasItsNewKey() throws Exception {
        meet(dB, gB2);
        MessageSeal restarted = gateway("B/2/gB2", 2);
        byte[] heartbeat = dB.sealForFollowers(HEARTBEAT, MESSAGE);
        assertEquals(Set.of("B/2/gB2"), tags(heartbeat).keySet(), "dB still holds the link with boot 1");
        assertArrayEquals(MESSAGE, restarted.open(HEARTBEAT, heartbeat).payload());
        assertEquals(1, restarted.signatureChecks(), "the tag is for its previous boot: the signature");
    }

    @Test
    void tagsGoToFollowersOnlyAndAtMostSixtyFourAndTheHeartbeatStillOpens() throws Exception {
        MessageSeal gA1 = gateway("A/1/gA1", 1);
        // gA1 and dB exchanged signed messages (a direct route), but gA1 does not follow dB's heartbeats
        dB.open("coaptree/B/-/dB/query", gA1.seal("coaptree/B/-/dB/query", MESSAGE, "B/-/dB"));
        for (int group = 1; group <= 70; group++) {
            meet(dB, gateway("B/" + group + "/g" + group, 1));
        }
        byte[] heartbeat = dB.sealForFollowers(HEARTBEAT, MESSAGE);
        Map<Object, Object> tags = tags(heartbeat);
        assertEquals(FollowerTags.MAX_TAGS, tags.size());
        assertTrue(tags.keySet().stream().allMatch(k -> k.toString().startsWith("B/")), tags.keySet().toString());
        assertArrayEquals(MESSAGE, gA1.open(HEARTBEAT, heartbeat).payload(), "decoded within the seal's bounds");
    }

    @Test
    void theRootTagsNothingItsDomainsTagTheRoot() throws Exception {
        MessageSeal root = gateway("-/-/top", 1);
        root.open(HEARTBEAT, dB.seal(HEARTBEAT, MESSAGE));
        dB.open("coaptree/-/-/top/heartbeat", root.seal("coaptree/-/-/top/heartbeat", MESSAGE));
        assertEquals(Map.of(), tags(root.sealForFollowers("coaptree/-/-/top/heartbeat", MESSAGE)),
                "every group follows the root, which holds links with its domains only");
        assertEquals(Set.of("-/-/top"), tags(dB.sealForFollowers(HEARTBEAT, MESSAGE)).keySet());
    }

    @SuppressWarnings("unchecked")
    private static Map<Object, Object> tags(byte[] sealed) throws Exception {
        CBORTaggedItem item = (CBORTaggedItem) new CBORDecoder(sealed).next();
        CBORPairList unprotected = (CBORPairList) ((CBORItemList) item.getTagContent()).getItems().get(1);
        return (Map<Object, Object>) unprotected.parse().getOrDefault(FollowerTags.LABEL, Map.of());
    }

    private static int indexOf(byte[] bytes, byte[] part) {
        for (int i = 0; i + part.length <= bytes.length; i++) {
            if (java.util.Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
                return i;
            }
        }
        throw new AssertionError("not found");
    }
}
