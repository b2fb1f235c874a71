package io.coaptree.tree.security;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;

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

import io.coaptree.tree.refusal.RefusalReason;

/**
 * Seals a message as its sender and opens the seals of others: a tagged {@code COSE_Sign1} or {@code COSE_Mac0}
 * (RFC 9052) whose payload is the message and whose protected header names the sender ({@code kid}, its node
 * address), its boot, a sequence number and the time of sending (private-use labels {@value #BOOT},
 * {@value #SEQ}, {@value #SENT}). The context, e.g. the MQTT topic, is the external additional data: a message
 * published again on another topic does not open. Opening checks the form, the sender's key and tag, and the
 * time; the caller checks the sequence number against its {@link ReplayWindows}.
 * <p>
 * The COSE structures are read and written with Authlete's COSE library; the signature itself is Bouncy Castle's.
 */
public final class MessageSeal {

    /** Private-use header labels (RFC 9052 reserves labels below -65536 for private use). */
    public static final int BOOT = -65537;
    public static final int SEQ = -65538;
    public static final int SENT = -65539;

    private final String self;
    private final byte[] selfBytes;
    private final long boot;
    private final AtomicLong sequence = new AtomicLong();
    private final Clock clock;
    private final long freshnessMillis;
    private final Protection protection;

    private MessageSeal(String self, long boot, Clock clock, long freshnessMillis, Protection protection) {
        this.self = Objects.requireNonNull(self, "self");
        this.selfBytes = self.getBytes(StandardCharsets.UTF_8);
        this.boot = boot;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.freshnessMillis = freshnessMillis;
        this.protection = protection;
    }

    /** Seals with this gateway's Ed25519 key and opens seals whose key {@code trust} vouches for. */
    public static MessageSeal signing(String self, long boot, GatewayKey key, SenderTrust trust, Clock clock,
            long freshnessMillis) {
        return new MessageSeal(self, boot, clock, freshnessMillis, new SignatureProtection(key, trust));
    }

    /** Seals and opens with the tree-wide secret. */
    public static MessageSeal secret(String self, long boot, char[] secret, Clock clock, long freshnessMillis) {
        return new MessageSeal(self, boot, clock, freshnessMillis, new SecretProtection(secret));
    }

    /** This gateway's node address, as its seals name it. */
    public String self() {
        return self;
    }

    public long freshnessMillis() {
        return freshnessMillis;
    }

    /** Seals {@code payload} for {@code context} with the next sequence number of this boot. */
    public byte[] seal(String context, byte[] payload) {
        COSEProtectedHeader protectedHeader = new COSEProtectedHeaderBuilder().alg(protection.algorithm())
                .kid(selfBytes).put(BOOT, boot).put(SEQ, sequence.getAndIncrement()).put(SENT, clock.millis())
                .build();
        COSEUnprotectedHeaderBuilder unprotected = new COSEUnprotectedHeaderBuilder();
        protection.describeKey(unprotected);
        COSEUnprotectedHeader unprotectedHeader = unprotected.build();
        byte[] tag = protection.tag(structure(protectedHeader, context, payload));
        COSEMessage message = protection.type() == COSEMessageType.COSE_SIGN1
                ? new COSESign1(protectedHeader, unprotectedHeader, new CBORByteArray(payload), new CBORByteArray(tag))
                : new COSEMac0(protectedHeader, unprotectedHeader, new CBORByteArray(payload), new CBORByteArray(tag));
        return new CBORTaggedItem(protection.type().getTagNumber(), message).encode();
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
            throw new SealRefusedException(RefusalReason.UNDECODABLE, null, "the seal names no sender");
        }
        Object alg = protectedHeader.getAlg();
        if (!(alg instanceof Number) || ((Number) alg).intValue() != protection.algorithm()) {
            throw new SealRefusedException(RefusalReason.UNSIGNED, sender,
                    "algorithm " + alg + ", the tree uses " + protection.algorithm());
        }
        long senderBoot = header(parameters, BOOT, sender);
        long seq = header(parameters, SEQ, sender);
        long sent = header(parameters, SENT, sender);
        CBORItem payloadItem = message instanceof COSESign1 s ? s.getPayload() : ((COSEMac0) message).getPayload();
        CBORByteArray tagItem = message instanceof COSESign1 s ? s.getSignature() : ((COSEMac0) message).getTag();
        if (!(payloadItem instanceof CBORByteArray)) {
            throw new SealRefusedException(RefusalReason.UNDECODABLE, sender, "the payload is not a byte string");
        }
        byte[] payload = ((CBORByteArray) payloadItem).getValue();
        protection.check(sender, message.getUnprotectedHeader().getParameters(),
                structure(protectedHeader, context, payload), tagItem.getValue(), clock.millis());
        long age = clock.millis() - sent;
        if (Math.abs(age) > freshnessMillis) {
            throw new SealRefusedException(RefusalReason.STALE, sender,
                    "sent " + age + " ms " + (age >= 0 ? "ago" : "ahead") + ", the window is " + freshnessMillis);
        }
        return new Opened(sender, senderBoot, seq, sent, payload);
    }

    private COSEMessage decode(byte[] sealed) throws SealRefusedException {
        int expectedTag = protection.type().getTagNumber();
        // CBOR tag 18 (Sign1) or 17 (Mac0) in one byte: anything else is not a seal of this tree at all.
        if (sealed.length == 0 || (sealed[0] & 0xFF) != (0xC0 | expectedTag)) {
            throw new SealRefusedException(RefusalReason.UNSIGNED, null,
                    "not a " + protection.type().getName() + " seal");
        }
        try {
            CBORDecoderOptions options = new CBORDecoderOptions();
            options.removeTagProcessor(expectedTag);
            CBORDecoder decoder = new CBORDecoder(sealed, options);
            CBORItem item = decoder.next();
            if (decoder.next() != null) {
                throw new SealRefusedException(RefusalReason.UNDECODABLE, null, "bytes after the seal");
            }
            if (!(item instanceof CBORTaggedItem tagged) || !(tagged.getTagContent() instanceof CBORItemList)) {
                throw new SealRefusedException(RefusalReason.UNDECODABLE, null, "not a tagged COSE array");
            }
            CBORItem content = tagged.getTagContent();
            return protection.type() == COSEMessageType.COSE_SIGN1 ? COSESign1.build(content)
                    : COSEMac0.build(content);
        } catch (IOException | COSEException | RuntimeException | StackOverflowError e) {
            // An attacker chooses these bytes: any failure of the decoder, nesting included, is a refusal.
            throw new SealRefusedException(RefusalReason.UNDECODABLE, null,
                    "malformed COSE: " + e.getClass().getSimpleName());
        }
    }

    private static long header(Map<Object, Object> parameters, int label, String sender)
            throws SealRefusedException {
        Object value = parameters.get(label);
        if (!(value instanceof Number) || ((Number) value).longValue() < 0) {
            throw new SealRefusedException(RefusalReason.UNDECODABLE, sender, "header " + label + " is missing");
        }
        return ((Number) value).longValue();
    }

    /** The {@code Sig_structure} or {@code MAC_structure} (RFC 9052 sections 4.4 and 6.3). */
    private byte[] structure(COSEProtectedHeader protectedHeader, String context, byte[] payload) {
        String label = protection.type() == COSEMessageType.COSE_SIGN1 ? "Signature1" : "MAC0";
        return new CBORItemList(List.of(new CBORString(label), protectedHeader,
                new CBORByteArray(context.getBytes(StandardCharsets.UTF_8)), new CBORByteArray(payload))).encode();
    }

    /** An opened seal: who sealed it, in which boot, with which sequence number and when, and the message. */
    public record Opened(String sender, long boot, long seq, long sentMillis, byte[] payload) {
    }
}
