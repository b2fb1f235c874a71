package io.coaptree.tree.security;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

import javax.crypto.spec.SecretKeySpec;

import org.bouncycastle.crypto.agreement.X25519Agreement;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.params.HKDFParameters;
import org.bouncycastle.crypto.params.X25519PrivateKeyParameters;
import org.bouncycastle.crypto.params.X25519PublicKeyParameters;

import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.model.Neighbourhood;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;

/**
 * The keys this gateway shares with each other gateway, one per pair, so a message addressed to one gateway can be
 * authenticated with a MAC (about a microsecond) instead of a signature (tens of microseconds to sign, more to
 * verify, and far more while the code is still cold).
 * <p>
 * How a pair comes to share a key without a round trip: each gateway makes an X25519 key pair at every boot and
 * puts its public half into the protected header of everything it signs. A receiver that verified such a
 * signature (with the sender's certificate, against the tree's anchor) knows that key is the sender's, for that
 * boot. Two gateways that have each seen the other's key compute the same X25519 secret, and from it, with HKDF
 * bound to both names, boots and public keys, the same link key; nobody else can. So a stolen gateway still speaks
 * only as itself: it holds link keys with others, never a key between two others.
 * <p>
 * A link is used only while the peer's key was confirmed by a signed message within {@code confirmationMillis}
 * (heartbeats confirm it all the time): a gateway whose certificate expires or is revoked stops signing
 * acceptably, so its links lapse within that time. Senders fall back to a signature whenever no link holds.
 * At most {@code maxPeers} links are kept, least recently used first out. Thread-safe.
 */
final class LinkKeys {

    private static final byte[] LABEL = "coaptree link key v1".getBytes(StandardCharsets.UTF_8);
    static final int PUBLIC_KEY_BYTES = X25519PublicKeyParameters.KEY_SIZE;

    private final String self;
    /** This gateway's path, read once (a link is only decided on it, per message); null when self is no address. */
    private final NodePath selfPath;
    private final long selfBoot;
    private final X25519PrivateKeyParameters privateKey;
    private final byte[] publicKey;
    private final long confirmationMillis;
    private final Map<String, Peer> peers;
    /** When this gateway last signed a message addressed to each peer (see {@link #toward}). */
    private final Map<String, Long> signedTo;

    LinkKeys(String self, long selfBoot, SecureRandom random, long confirmationMillis, int maxPeers) {
        this.self = Objects.requireNonNull(self, "self");
        this.selfPath = pathOf(self);
        this.selfBoot = selfBoot;
        this.privateKey = new X25519PrivateKeyParameters(random);
        this.publicKey = privateKey.generatePublicKey().getEncoded();
        this.confirmationMillis = confirmationMillis;
        this.peers = new LeastRecentlyUsedMap<>(maxPeers);
        this.signedTo = new LeastRecentlyUsedMap<>(maxPeers);
    }

    /** This boot's public key, for the protected header of every signed message. */
    byte[] publicKey() {
        return publicKey.clone();
    }

    /**
     * Records that a signature of {@code peer}'s, checked against the anchor, carried {@code peerKey} for
     * {@code peerBoot}, in a message sent at {@code sentMillis}. A key of an earlier boot than the one known is
     * ignored (a late or replayed message).
     */
    synchronized void confirm(String peer, long peerBoot, byte[] peerKey, long sentMillis) {
        if (peer.equals(self) || peerKey.length != PUBLIC_KEY_BYTES) {
            return;
        }
        Peer known = peers.get(peer);
        if (known != null && known.boot == peerBoot && Arrays.equals(known.publicKey, peerKey)) {
            known.confirmedMillis = Math.max(known.confirmedMillis, sentMillis);
            known.answeredMillis = Math.max(known.answeredMillis, sentMillis);
            return;
        }
        if (known != null && known.boot > peerBoot) {
            return;
        }
        SecretKeySpec key = derive(peer, peerBoot, peerKey);
        if (key != null) {
            peers.put(peer, new Peer(peerBoot, peerKey.clone(), key, sentMillis, followsUs(peer)));
        }
    }

    /**
     * The link to use for a message addressed to {@code peer}, if one holds now. A peer that follows this gateway
     * confirms this boot's key with every heartbeat. One that does not (the owner of a direct route, the root for a
     * group) holds it only from the signed messages this gateway addressed to it: a link is used towards it only
     * within half the confirmation window after such a message, and only once the peer sent something after it (its
     * answer: it has the key). Every half window the next message is signed again, which keeps the peer's
     * confirmation fresh; a direct route in use costs one signature each way per half window, not one per message.
     */
    synchronized Optional<Link> toward(String peer, long nowMillis) {
        Peer p = peers.get(peer);
        if (p == null || nowMillis - p.confirmedMillis > confirmationMillis) {
            return Optional.empty();
        }
        if (!p.followsUs) {
            Long signed = signedTo.get(peer);
            if (signed == null || nowMillis - signed > confirmationMillis / 2 || p.answeredMillis < signed) {
                return Optional.empty();
            }
        }
        return Optional.of(new Link(p.boot, p.key));
    }

    /**
     * The links towards the gateways that follow this one and hold this boot's key, for {@link FollowerTags}: at most
     * {@code max}, the most recently confirmed first; none at the root.
     */
    synchronized List<Tagged> followerLinks(long nowMillis, int max) {
        if (selfPath != null && selfPath.isRoot()) {
            // Every gateway of the tree follows the root, and the root holds links with its domains only: tags
            // would be carried to a thousand readers for the benefit of a few dozen.
            return List.of();
        }
        List<Map.Entry<String, Peer>> held = new ArrayList<>();
        for (Map.Entry<String, Peer> entry : peers.entrySet()) {
            Peer p = entry.getValue();
            if (p.followsUs && nowMillis - p.confirmedMillis <= confirmationMillis) {
                held.add(entry);
            }
        }
        if (held.size() > max) {
            held.sort(Comparator.comparingLong((Map.Entry<String, Peer> e) -> e.getValue().confirmedMillis).reversed());
            held = held.subList(0, max);
        }
        List<Tagged> links = new ArrayList<>(held.size());
        for (Map.Entry<String, Peer> entry : held) {
            links.add(new Tagged(entry.getKey(), new Link(entry.getValue().boot, entry.getValue().key)));
        }
        return links;
    }

    /**
     * The key to check {@code peer}'s tag for this gateway with, in a message of its boot {@code peerBoot}: only
     * while a signature of that boot was checked here within half the confirmation window, so the signature of a
     * tagged message is still checked once every half window and the link never lapses while the peer keeps sending.
     */
    synchronized Optional<SecretKeySpec> forTag(String peer, long peerBoot, long nowMillis) {
        Peer p = peers.get(peer);
        if (p == null || p.boot != peerBoot || nowMillis - p.confirmedMillis > confirmationMillis / 2) {
            return Optional.empty();
        }
        return Optional.of(p.key);
    }

    /** This gateway signed a message addressed to {@code peer} at {@code nowMillis} (no link held). */
    synchronized void signedTo(String peer, long nowMillis) {
        signedTo.put(peer, nowMillis);
    }

    /** A message of {@code peer}'s, sent at {@code sentMillis}, was opened here (signed or under a link). */
    synchronized void answered(String peer, long sentMillis) {
        Peer p = peers.get(peer);
        if (p != null) {
            p.answeredMillis = Math.max(p.answeredMillis, sentMillis);
        }
    }

    /**
     * Whether {@code peer} follows this gateway's signed heartbeats ({@link Neighbourhood}), and so holds this boot's
     * key: only then can it check a MAC. A gateway outside the neighbourhood (the root for a group, or the owner of a
     * direct route) has never seen that key and gets a signature instead.
     */
    private boolean followsUs(String peer) {
        NodePath peerPath = pathOf(peer);
        return selfPath != null && peerPath != null && Neighbourhood.follows(peerPath, selfPath);
    }

    private static NodePath pathOf(String address) {
        try {
            return NodeAddress.parse(address).path();
        } catch (RuntimeException notAnAddress) {
            return null;
        }
    }

    /**
     * The key of a MAC that {@code peer} made in its boot {@code peerBoot} for this gateway's boot
     * {@code addresseeBoot}.
     *
     * @throws SealRefusedException untrusted, when no link with that peer, boot and boot of ours holds
     */
    synchronized SecretKeySpec from(String peer, long peerBoot, long addresseeBoot, long nowMillis)
            throws SealRefusedException {
        if (addresseeBoot != selfBoot) {
            throw new SealRefusedException(DropReason.UNTRUSTED, peer,
                    "a link MAC for boot " + addresseeBoot + " of this gateway, which is in boot " + selfBoot);
        }
        Peer p = peers.get(peer);
        if (p == null || p.boot != peerBoot) {
            throw new SealRefusedException(DropReason.UNTRUSTED, peer,
                    "no link key with boot " + peerBoot + " of " + peer + " (none of its signed messages seen)");
        }
        if (nowMillis - p.confirmedMillis > confirmationMillis) {
            throw new SealRefusedException(DropReason.UNTRUSTED, peer, "the link key with " + peer
                    + " lapsed: no signed message of it for " + (nowMillis - p.confirmedMillis) + " ms");
        }
        return p.key;
    }

    /** Links kept now. */
    synchronized int size() {
        return peers.size();
    }

    /**
     * HKDF-SHA256 over the X25519 secret, with both sides' names, boots and public keys in the info, ordered by
     * name so both sides build the same bytes. Null for a key that gives the all-zero secret (a low-order point:
     * such a "key" would make the link key guessable).
     */
    private SecretKeySpec derive(String peer, long peerBoot, byte[] peerKey) {
        byte[] shared = new byte[X25519PrivateKeyParameters.SECRET_SIZE];
        X25519Agreement agreement = new X25519Agreement();
        agreement.init(privateKey);
        try {
            agreement.calculateAgreement(new X25519PublicKeyParameters(peerKey, 0), shared, 0);
        } catch (IllegalStateException e) {
            return null;
        }
        boolean selfFirst = self.compareTo(peer) < 0;
        byte[] info = info(selfFirst ? self : peer, selfFirst ? selfBoot : peerBoot, selfFirst ? publicKey : peerKey,
                selfFirst ? peer : self, selfFirst ? peerBoot : selfBoot, selfFirst ? peerKey : publicKey);
        HKDFBytesGenerator hkdf = new HKDFBytesGenerator(new SHA256Digest());
        hkdf.init(new HKDFParameters(shared, null, info));
        byte[] key = new byte[32];
        hkdf.generateBytes(key, 0, key.length);
        Arrays.fill(shared, (byte) 0);
        return new SecretKeySpec(key, "HmacSHA256");
    }

    private static byte[] info(String a, long bootA, byte[] keyA, String b, long bootB, byte[] keyB) {
        byte[] nameA = a.getBytes(StandardCharsets.UTF_8);
        byte[] nameB = b.getBytes(StandardCharsets.UTF_8);
        ByteBuffer info = ByteBuffer.allocate(LABEL.length + 2 * (4 + 8 + PUBLIC_KEY_BYTES)
                + nameA.length + nameB.length);
        info.put(LABEL);
        info.putInt(nameA.length).put(nameA).putLong(bootA).put(keyA);
        info.putInt(nameB.length).put(nameB).putLong(bootB).put(keyB);
        return info.array();
    }

    /** A link to a peer: the peer's boot the key was agreed with, and the key. */
    record Link(long peerBoot, SecretKeySpec key) {
    }

    /** A follower's address and the link with it. */
    record Tagged(String peer, Link link) {
    }

    private static final class Peer {
        final long boot;
        final byte[] publicKey;
        final SecretKeySpec key;
        /** Whether the peer follows this gateway ({@link #followsUs}), decided once from the two addresses. */
        final boolean followsUs;
        long confirmedMillis;
        /** The sending time of the latest message of the peer's opened here. */
        long answeredMillis;

        Peer(long boot, byte[] publicKey, SecretKeySpec key, long confirmedMillis, boolean followsUs) {
            this.boot = boot;
            this.publicKey = publicKey;
            this.key = key;
            this.followsUs = followsUs;
            this.confirmedMillis = confirmedMillis;
            this.answeredMillis = confirmedMillis;
        }
    }
}
