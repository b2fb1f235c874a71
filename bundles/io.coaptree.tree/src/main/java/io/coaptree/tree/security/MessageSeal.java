package io.coaptree.tree.security;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import com.authlete.cbor.CBORByteArray;
import com.authlete.cbor.CBORDecoder;
import com.authlete.cbor.CBORDecoderOptions;
import com.authlete.cbor.CBORItem;
import com.authlete.cbor.CBORItemList;
import com.authlete.cbor.CBORString;
import com.authlete.cbor.CBORTaggedItem;
import com.authlete.cose.COSEException;
import com.authlete.cose.COSEMac0;
import com.authlete.cose.COSEMessage;
import com.authlete.cose.COSEMessageType;
import com.authlete.cose.COSEProtectedHeader;
import com.authlete.cose.COSEProtectedHeaderBuilder;
import com.authlete.cose.COSESign1;
import com.authlete.cose.COSEUnprotectedHeader;
import com.authlete.cose.COSEUnprotectedHeaderBuilder;

import io.coaptree.tree.drops.DropReason;

/**
 * Seals a message as its sender and opens the seals of others: a tagged {@code COSE_Sign1} or {@code COSE_Mac0}
 * (RFC 9052) whose payload is the message and whose protected header names the sender ({@code kid}, its node
 * address), its boot, a sequence number and the time of sending (private-use labels {@value #BOOT},
 * {@value #SEQ}, {@value #SENT}). The context, e.g. the MQTT topic, is the external additional data: a message
 * published again on another topic does not open. Opening checks the form, the sender's key and tag, and the
 * time; the caller checks the sequence number against its {@link ReplayWindows}.
 * <p>
 * In signature mode a message addressed to one gateway (see {@link #seal(String, byte[], String)}) is sealed with
 * a {@code COSE_Mac0} under the key this gateway shares with the addressee ({@link LinkKeys}) once the two have
 * seen each other's signed messages; its protected header also names the addressee's boot the key belongs to
 * ({@value #PEER_BOOT}). Every signature carries this boot's key-agreement public key ({@value #AGREE}).
 * <p>
 * A signature carries the sender's certificate (CA mode), except on what every follower of the sender reads (join,
 * heartbeat, leave: {@link #sealForFollowers}), which names it by thumbprint while the followers have it already
 * ({@link CertificateAnnouncements}), and with links on carries a tag for each follower it holds a link with, which
 * that follower checks instead of the signature ({@link FollowerTags}).
 * <p>
 * The COSE structures are read and written with Authlete's COSE library; the signature itself is Bouncy Castle's.
 */
public final class MessageSeal {

    /** Private-use header labels (RFC 9052 reserves labels below -65536 for private use). */
    public static final int BOOT = -65537;
    public static final int SEQ = -65538;
    public static final int SENT = -65539;
    /** In a signature: the sender's X25519 public key of this boot, for link keys. */
    public static final int AGREE = -65540;
    /** In a link MAC: the addressee's boot whose key-agreement key the MAC's key was derived with. */
    public static final int PEER_BOOT = -65541;

    /** HMAC 256/256 (RFC 9053), the algorithm of link MACs. */
    static final int LINK_ALGORITHM = 5;

    /**
     * What a seal and its protected header may declare before they are decoded: a seal nests five levels (tag,
     * array, unprotected map, follower tags, a tag's entry) and holds about a dozen items and four a follower tag,
     * its protected header two levels and about fifteen; the bounds leave room and nothing more (see
     * {@link CborBounds}).
     */
    static final CborBounds BOUNDS = new CborBounds(8,
            FollowerTags.ITEMS_BESIDE_TAGS + FollowerTags.MAX_TAGS * FollowerTags.ITEMS_PER_TAG);

    private final String self;
    private final byte[] selfBytes;
    private final long boot;
    private final AtomicLong sequence = new AtomicLong();
    private final Clock clock;
    private final long freshnessMillis;
    private final Protection protection;
    /** Null unless links are on (signature mode only). */
    private final LinkKeys links;
    private final CertificateAnnouncements announcements;
    /** Null unless links are on. */
    private final FollowerTags followerTags;
    private final LongAdder signatureChecks = new LongAdder();
    /**
     * The last few messages sealed for followers, byte for byte: the broker hands each back to this gateway, which
     * follows its own path. A heartbeat every 2 s and its echo within milliseconds: eight is room enough.
     */
    private final Map<ByteBuffer, Boolean> sealedForFollowers = Collections.synchronizedMap(
            new LeastRecentlyUsedMap<>(8));
    private final ThreadLocal<Mac> linkMacs = ThreadLocal.withInitial(MessageSeal::newMac);

    private MessageSeal(String self, long boot, Clock clock, long freshnessMillis, Protection protection,
            LinkKeys links) {
        this.self = Objects.requireNonNull(self, "self");
        this.selfBytes = self.getBytes(StandardCharsets.UTF_8);
        this.boot = boot;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.freshnessMillis = freshnessMillis;
        this.protection = protection;
        this.links = links;
        this.announcements = new CertificateAnnouncements(self);
        this.followerTags = links == null ? null : new FollowerTags(self, boot, links, this::linkMac);
    }

    /** Seals with this gateway's Ed25519 key and opens seals whose key {@code trust} vouches for. */
    public static MessageSeal signing(String self, long boot, GatewayKey key, SenderTrust trust, Clock clock,
            long freshnessMillis) {
        return new MessageSeal(self, boot, clock, freshnessMillis, new SignatureProtection(key, trust), null);
    }

    /**
     * Like {@link #signing}, and seals messages addressed to one gateway with a MAC under the key shared with it
     * whenever one holds (keys of at most {@code maxLinks} peers kept; a link lapses {@code freshnessMillis} after
     * the peer's last signed message).
     */
    public static MessageSeal signingWithLinks(String self, long boot, GatewayKey key, SenderTrust trust, Clock clock,
            long freshnessMillis, int maxLinks) {
        return new MessageSeal(self, boot, clock, freshnessMillis, new SignatureProtection(key, trust),
                new LinkKeys(self, boot, new SecureRandom(), freshnessMillis, maxLinks));
    }

    /** Seals and opens with the tree-wide secret. */
    public static MessageSeal secret(String self, long boot, char[] secret, Clock clock, long freshnessMillis) {
        return new MessageSeal(self, boot, clock, freshnessMillis, new SecretProtection(secret), null);
    }

    /** This gateway's node address, as its seals name it. */
    public String self() {
        return self;
    }

    public long freshnessMillis() {
        return freshnessMillis;
    }

    /**
     * Seals {@code payload} for {@code context} with the next sequence number of this boot, for any gateway to open:
     * a signature carries the whole certificate (a voucher, telemetry for the root's gateways).
     */
    public byte[] seal(String context, byte[] payload) {
        return seal(context, payload, null);
    }

    /**
     * Seals {@code payload} for {@code context}, a topic that the gateways following this one read (its join,
     * heartbeat or leave): a signature names the certificate by its thumbprint unless the whole certificate is due
     * on that context ({@link CertificateAnnouncements}); as {@link #seal(String, byte[])} otherwise.
     */
    public byte[] sealForFollowers(String context, byte[] payload) {
        boolean byThumbprint = protection.namesKeyByThumbprint() && !announcements.due(context, clock.millis());
        byte[] sealed = sealWithProtection(context, payload, byThumbprint, true);
        sealedForFollowers.put(ByteBuffer.wrap(sealed), Boolean.TRUE);
        return sealed;
    }

    /**
     * Seals {@code payload} for {@code context}, a message only {@code addressee} (a node address) opens: with a
     * link MAC when links are on and one holds with the addressee, else as {@link #seal(String, byte[])}.
     */
    public byte[] seal(String context, byte[] payload, String addressee) {
        if (links != null && addressee != null) {
            Optional<LinkKeys.Link> link = links.toward(addressee, clock.millis());
            if (link.isPresent()) {
                return sealWithLink(context, payload, link.get());
            }
            links.signedTo(addressee, clock.millis());
        }
        return sealWithProtection(context, payload, false, false);
    }

    private byte[] sealWithProtection(String context, byte[] payload, boolean byThumbprint, boolean forFollowers) {
        COSEProtectedHeaderBuilder header = new COSEProtectedHeaderBuilder().alg(protection.algorithm())
                .kid(selfBytes).put(BOOT, boot).put(SEQ, sequence.getAndIncrement()).put(SENT, clock.millis());
        if (links != null) {
            header.put(AGREE, links.publicKey());
        }
        COSEProtectedHeader protectedHeader = header.build();
        COSEUnprotectedHeaderBuilder unprotected = new COSEUnprotectedHeaderBuilder();
        protection.describeKey(unprotected, byThumbprint);
        if (forFollowers && followerTags != null) {
            followerTags.addTo(unprotected, () -> structure(COSEMessageType.COSE_MAC0, protectedHeader, context,
                    payload), clock.millis());
        }
        COSEUnprotectedHeader unprotectedHeader = unprotected.build();
        byte[] tag = protection.tag(structure(protection.type(), protectedHeader, context, payload));
        COSEMessage message = protection.type() == COSEMessageType.COSE_SIGN1
                ? new COSESign1(protectedHeader, unprotectedHeader, new CBORByteArray(payload), new CBORByteArray(tag))
                : new COSEMac0(protectedHeader, unprotectedHeader, new CBORByteArray(payload), new CBORByteArray(tag));
        return new CBORTaggedItem(protection.type().getTagNumber(), message).encode();
    }

    private byte[] sealWithLink(String context, byte[] payload, LinkKeys.Link link) {
        COSEProtectedHeader protectedHeader = new COSEProtectedHeaderBuilder().alg(LINK_ALGORITHM).kid(selfBytes)
                .put(BOOT, boot).put(SEQ, sequence.getAndIncrement()).put(SENT, clock.millis())
                .put(PEER_BOOT, link.peerBoot()).build();
        byte[] tag = linkMac(link.key(), structure(COSEMessageType.COSE_MAC0, protectedHeader, context, payload));
        COSEMac0 message = new COSEMac0(protectedHeader, new COSEUnprotectedHeaderBuilder().build(),
                new CBORByteArray(payload), new CBORByteArray(tag));
        return new CBORTaggedItem(COSEMessageType.COSE_MAC0.getTagNumber(), message).encode();
    }

    /**
     * Opens a seal made for {@code context}.
     *
     * @throws SealRefusedException unsigned (not this mode's COSE structure), undecodable, untrusted, forged or
     *             stale, with the sender the seal claims when it could be read
     */
    public Opened open(String context, byte[] sealed) throws SealRefusedException {
        COSEMessage message = decode(sealed);
        COSEProtectedHeader protectedHeader = message.getProtectedHeader();
        Map<Object, Object> parameters = protectedHeader.getParameters();
        byte[] kid = protectedHeader.getKid();
        String sender = kid == null ? null : new String(kid, StandardCharsets.UTF_8);
        if (sender == null || sender.isEmpty()) {
            throw new SealRefusedException(DropReason.UNDECODABLE, null, "the seal names no sender");
        }
        boolean linked = message instanceof COSEMac0 && protection.type() != COSEMessageType.COSE_MAC0;
        int expectedAlgorithm = linked ? LINK_ALGORITHM : protection.algorithm();
        Object alg = protectedHeader.getAlg();
        if (!(alg instanceof Number) || ((Number) alg).intValue() != expectedAlgorithm) {
            throw new SealRefusedException(DropReason.UNSIGNED, sender,
                    "algorithm " + alg + ", the tree uses " + expectedAlgorithm);
        }
        long senderBoot = header(parameters, BOOT, sender);
        long seq = header(parameters, SEQ, sender);
        long sent = header(parameters, SENT, sender);
        CBORItem payloadItem = message instanceof COSESign1 s ? s.getPayload() : ((COSEMac0) message).getPayload();
        CBORByteArray tagItem = message instanceof COSESign1 s ? s.getSignature() : ((COSEMac0) message).getTag();
        if (!(payloadItem instanceof CBORByteArray)) {
            throw new SealRefusedException(DropReason.UNDECODABLE, sender, "the payload is not a byte string");
        }
        byte[] payload = ((CBORByteArray) payloadItem).getValue();
        long now = clock.millis();
        if (linked) {
            if (!parameters.containsKey(PEER_BOOT)) {
                throw new SealRefusedException(DropReason.UNSIGNED, sender,
                        "a COSE_Mac0 that is no link MAC, where gateways sign");
            }
            SecretKeySpec key = links.from(sender, senderBoot, header(parameters, PEER_BOOT, sender), now);
            byte[] expected = linkMac(key, structure(COSEMessageType.COSE_MAC0, protectedHeader, context, payload));
            if (!MessageDigest.isEqual(expected, tagItem.getValue())) {
                throw new SealRefusedException(DropReason.FORGED, sender, "the link MAC does not match");
            }
        }
        Map<Object, Object> unprotected = message.getUnprotectedHeader().getParameters();
        boolean tagged = !linked && followerTags != null && followerTags.holds(sender, senderBoot, unprotected,
                () -> structure(COSEMessageType.COSE_MAC0, protectedHeader, context, payload), now);
        if (!linked && !tagged) {
            check(sender, senderBoot, unprotected, structure(protection.type(), protectedHeader, context, payload),
                    tagItem.getValue(), now);
        }
        long age = clock.millis() - sent;
        if (Math.abs(age) > freshnessMillis) {
            throw new SealRefusedException(DropReason.STALE, sender,
                    "sent " + age + " ms " + (age >= 0 ? "ago" : "ahead") + ", the window is " + freshnessMillis);
        }
        if (links != null && !linked && !tagged && parameters.get(AGREE) instanceof byte[] agree) {
            // Only now: the signature held and the message is fresh, so the key is the sender's, of this boot. It
            // counts as confirmed when it was sent, not when it arrived: a replay of it must not prolong the link.
            links.confirm(sender, senderBoot, agree, sent);
        }
        if (links != null && (linked || tagged)) {
            links.answered(sender, sent);
        }
        announcements.heard(sender, senderBoot);
        return new Opened(sender, senderBoot, seq, sent, payload);
    }

    private void check(String sender, long senderBoot, Map<Object, Object> unprotected, byte[] toBeAuthenticated,
            byte[] tag, long now) throws SealRefusedException {
        if (protection.type() == COSEMessageType.COSE_SIGN1) {
            signatureChecks.increment();
        }
        try {
            protection.check(sender, unprotected, toBeAuthenticated, tag, now);
        } catch (SealRefusedException e) {
            if (e.reason() == DropReason.UNKNOWN_CERTIFICATE) {
                // We lack the sender's certificate, so one of the two restarted unheard by the other: if the sender
                // did, it lacks ours too. Sending ours costs one certificate; waiting for the sender's refresh could
                // keep each out of the other's view for up to CertificateAnnouncements.REFRESH_MILLIS.
                announcements.heard(sender, senderBoot);
            }
            throw e;
        }
    }

    private COSEMessage decode(byte[] sealed) throws SealRefusedException {
        int expectedTag = protection.type().getTagNumber();
        int macTag = COSEMessageType.COSE_MAC0.getTagNumber();
        // CBOR tag 18 (Sign1) or 17 (Mac0) in one byte: anything else is not a seal of this tree at all.
        int first = sealed.length == 0 ? -1 : sealed[0] & 0xFF;
        if (first == (0xC0 | macTag) && links != null) {
            expectedTag = macTag;
        } else if (first != (0xC0 | expectedTag)) {
            throw new SealRefusedException(DropReason.UNSIGNED, null,
                    "not a " + protection.type().getName() + " seal");
        }
        COSEMessageType type = expectedTag == macTag ? COSEMessageType.COSE_MAC0 : protection.type();
        // Before the decoder sees the bytes: it allocates whatever a length declares (see CborBounds).
        BOUNDS.check(sealed, "the seal");
        try {
            CBORDecoderOptions options = new CBORDecoderOptions();
            options.removeTagProcessor(expectedTag);
            CBORDecoder decoder = new CBORDecoder(sealed, options);
            CBORItem item = decoder.next();
            if (decoder.next() != null) {
                throw new SealRefusedException(DropReason.UNDECODABLE, null, "bytes after the seal");
            }
            if (!(item instanceof CBORTaggedItem tagged) || !(tagged.getTagContent() instanceof CBORItemList)) {
                throw new SealRefusedException(DropReason.UNDECODABLE, null, "not a tagged COSE array");
            }
            CBORItem content = tagged.getTagContent();
            // The protected header is CBOR inside a byte string, which COSE's builder decodes in turn.
            List<? extends CBORItem> elements = ((CBORItemList) content).getItems();
            if (!elements.isEmpty() && elements.get(0) instanceof CBORByteArray header
                    && header.getValue().length > 0) {
                BOUNDS.check(header.getValue(), "the protected header");
            }
            return type == COSEMessageType.COSE_SIGN1 ? COSESign1.build(content) : COSEMac0.build(content);
        } catch (IOException | COSEException | RuntimeException | StackOverflowError e) {
            // An attacker chooses these bytes: any failure of the decoder, nesting included, is a refusal.
            throw new SealRefusedException(DropReason.UNDECODABLE, null,
                    "malformed COSE: " + e.getClass().getSimpleName());
        }
    }

    private static long header(Map<Object, Object> parameters, int label, String sender)
            throws SealRefusedException {
        Object value = parameters.get(label);
        if (!(value instanceof Number) || ((Number) value).longValue() < 0) {
            throw new SealRefusedException(DropReason.UNDECODABLE, sender, "header " + label + " is missing");
        }
        return ((Number) value).longValue();
    }

    /** The {@code Sig_structure} or {@code MAC_structure} (RFC 9052 sections 4.4 and 6.3). */
    private static byte[] structure(COSEMessageType type, COSEProtectedHeader protectedHeader, String context,
            byte[] payload) {
        String label = type == COSEMessageType.COSE_SIGN1 ? "Signature1" : "MAC0";
        return new CBORItemList(List.of(new CBORString(label), protectedHeader,
                new CBORByteArray(context.getBytes(StandardCharsets.UTF_8)), new CBORByteArray(payload))).encode();
    }

    private byte[] linkMac(SecretKeySpec key, byte[] toBeAuthenticated) {
        Mac mac = linkMacs.get();
        try {
            mac.init(key);
        } catch (InvalidKeyException e) {
            throw new IllegalStateException("a link key is not an HMAC key", e);
        }
        return mac.doFinal(toBeAuthenticated);
    }

    private static Mac newMac() {
        try {
            return Mac.getInstance("HmacSHA256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("HmacSHA256 is missing from this JVM", e);
        }
    }

    /**
     * Whether {@code sealed} is, byte for byte, one of the last messages {@link #sealForFollowers} made: what the
     * broker hands back of this gateway's own join, heartbeat or leave. A forgery under this gateway's name never
     * matches, and is opened (and refused) as any message.
     */
    public boolean sealedHere(byte[] sealed) {
        return sealedForFollowers.containsKey(ByteBuffer.wrap(sealed));
    }

    /** Signatures checked since this seal was made (each one an Ed25519 verification in signature mode). */
    public long signatureChecks() {
        return signatureChecks.sum();
    }

    /** Link keys kept now (0 without links). */
    public int links() {
        return links == null ? 0 : links.size();
    }

    /** An opened seal: who sealed it, in which boot, with which sequence number and when, and the message. */
    public record Opened(String sender, long boot, long seq, long sentMillis, byte[] payload) {
    }
}
