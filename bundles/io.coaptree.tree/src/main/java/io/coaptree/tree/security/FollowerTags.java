package io.coaptree.tree.security;

import java.security.MessageDigest;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.BiFunction;
import java.util.function.Supplier;

import javax.crypto.spec.SecretKeySpec;

import com.authlete.cose.COSEUnprotectedHeaderBuilder;

import io.coaptree.tree.drops.DropReason;

/**
 * Tags for the followers of a gateway on what they all read (its join, heartbeat and leave), so that a follower
 * holding a link with the sender checks a MAC of about a microsecond instead of the Ed25519 signature (tens of
 * microseconds, far more on a Raspberry Pi). Every domain gateway opens a heartbeat of each of its groups every
 * interval: with signatures alone that is a check per child and interval, and it was most of a busy tree's CPU.
 * <p>
 * The message stays a signed {@code COSE_Sign1}: whoever has no tag, or no link with the sender's boot (a gateway
 * that is joining, one that just restarted, the groups reading the root), checks the signature as before. The
 * unprotected header adds, under label {@value #LABEL}, a map from a follower's node address to
 * {@code [its boot, tag]}: the first {@value #TAG_BYTES} bytes (HMAC 256/64, RFC 9053) of HMAC-SHA256 under the
 * link key of that pair and that boot, over the {@code MAC_structure} of RFC 9052 (context {@code "MAC0"}) built from
 * the message's own protected header, topic and payload. A follower's key is shared with the sender alone, so one
 * follower cannot make another's tag.
 * <p>
 * A follower takes its tag instead of the signature only while its link with the sender was confirmed by a checked
 * signature within half the freshness window; otherwise it checks the signature, which confirms the link again. So
 * each follower still checks one signature of the sender every half window (a revoked sender's links lapse as they
 * always did), and a tag that does not match is refused as forged. At most {@value #MAX_TAGS} tags a message: a
 * domain with more children leaves the others to the signature. The root tags nothing: every gateway follows it, and
 * it holds links with its domains only, so its tags would cost every group their bytes for a few dozen readers.
 */
final class FollowerTags {

    /** Private-use label of the tags in the unprotected header. */
    static final int LABEL = -65542;
    static final int TAG_BYTES = 8;
    static final int MAX_TAGS = 64;
    /** CBOR items a message may hold beyond its tags (see {@link MessageSeal#BOUNDS}). */
    static final int ITEMS_BESIDE_TAGS = 64;
    /** A tag entry: the address, the array, the boot and the tag. */
    static final int ITEMS_PER_TAG = 4;

    private final String self;
    private final long selfBoot;
    private final LinkKeys links;
    private final BiFunction<SecretKeySpec, byte[], byte[]> mac;

    /** @param mac HMAC-SHA256 of the bytes under the key */
    FollowerTags(String self, long selfBoot, LinkKeys links, BiFunction<SecretKeySpec, byte[], byte[]> mac) {
        this.self = self;
        this.selfBoot = selfBoot;
        this.links = links;
        this.mac = mac;
    }

    /** Adds a tag for each follower a link holds with now; nothing when none does. */
    void addTo(COSEUnprotectedHeaderBuilder unprotected, Supplier<byte[]> macStructure, long nowMillis) {
        List<LinkKeys.Tagged> followers = links.followerLinks(nowMillis, MAX_TAGS);
        if (followers.isEmpty()) {
            return;
        }
        byte[] structure = macStructure.get();
        Map<String, List<Object>> tags = new LinkedHashMap<>();
        for (LinkKeys.Tagged follower : followers) {
            tags.put(follower.peer(), List.of(follower.link().peerBoot(), tag(follower.link().key(), structure)));
        }
        unprotected.put(LABEL, tags);
    }

    /**
     * Whether the message carries a tag for this gateway that it may take instead of the signature, and that tag
     * matches.
     *
     * @throws SealRefusedException forged: a tag for this boot that does not match under a link that holds
     */
    boolean holds(String sender, long senderBoot, Map<Object, Object> unprotected, Supplier<byte[]> macStructure,
            long nowMillis) throws SealRefusedException {
        if (!(unprotected.get(LABEL) instanceof Map<?, ?> tags) || !(tags.get(self) instanceof List<?> entry)
                || entry.size() != 2 || !(entry.get(0) instanceof Number boot) || boot.longValue() != selfBoot
                || !(entry.get(1) instanceof byte[] tag)) {
            return false;
        }
        Optional<SecretKeySpec> key = links.forTag(sender, senderBoot, nowMillis);
        if (key.isEmpty()) {
            return false;
        }
        if (!MessageDigest.isEqual(tag(key.get(), macStructure.get()), tag)) {
            throw new SealRefusedException(DropReason.FORGED, sender, "the follower tag does not match");
        }
        return true;
    }

    private byte[] tag(SecretKeySpec key, byte[] structure) {
        return Arrays.copyOf(mac.apply(key, structure), TAG_BYTES);
    }
}
