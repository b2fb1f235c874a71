package io.coaptree.codec;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;

import com.esotericsoftware.kryo.Kryo;
import com.esotericsoftware.kryo.KryoException;
import com.esotericsoftware.kryo.Serializer;
import com.esotericsoftware.kryo.io.Input;
import com.esotericsoftware.kryo.io.Output;

/**
 * Writes an envelope field by field so that nothing is instantiated reflectively, and reads every length
 * against the limits and the bytes actually left before allocating. Kryo's own string and array readers
 * allocate whatever a length prefix claims, which is why they are not used here.
 * <p>
 * Format version 5, after the version byte and the registration id: kind (byte), code (byte),
 * correlation id (var long), path, query, content-format+1, accept+1 (var ints), ETag count then each ETag
 * as length byte and bytes, observe+1 (var int), max-age+1 (var long), location path, payload length and
 * bytes, identity presence byte then type, name and the gateway that authenticated the caller (version 4 added it), source node, destination node, the identity voucher as its
 * length+1 (var int, 0 = none) and bytes (version 2 added it), a flags byte whose bit 0 is {@code urgent}, bit 1
 * {@code classAsked}, and whose other bits must be 0 (version 3 added it), the node address and the broker name of the
 * gateway that ran the request (a response's route hint, version 5 added them). A string is its UTF-8 length+1 as var
 * int (0 = null) then the bytes.
 */
final class EnvelopeSerializer extends Serializer<CoapEnvelope> {

    private static final int URGENT_FLAG = 1;
    private static final int CLASS_ASKED_FLAG = 2;

    private final CodecLimits limits;

    EnvelopeSerializer(CodecLimits limits) {
        super(false, true);
        this.limits = limits;
    }

    @Override
    public void write(Kryo kryo, Output out, CoapEnvelope e) {
        out.writeByte(e.kind().wireValue());
        out.writeByte(e.code());
        out.writeVarLong(e.correlationId(), true);
        writeString(out, "path", e.path());
        writeString(out, "query", e.query());
        out.writeVarInt(e.contentFormat() + 1, true);
        out.writeVarInt(e.accept() + 1, true);
        List<byte[]> etags = e.etagsUnsafe();
        if (etags.size() > limits.maxEtags()) {
            throw new IllegalArgumentException(
                    "etags: " + etags.size() + " exceed maxEtags=" + limits.maxEtags());
        }
        out.writeVarInt(etags.size(), true);
        for (byte[] etag : etags) {
            out.writeByte(etag.length);
            out.writeBytes(etag);
        }
        out.writeVarInt(e.observe() + 1, true);
        out.writeVarLong(e.maxAge() + 1, true);
        writeString(out, "locationPath", e.locationPath());
        byte[] payload = e.payloadUnsafe();
        if (payload.length > limits.maxPayloadBytes()) {
            throw new IllegalArgumentException("payload: " + payload.length + " bytes exceed "
                    + CodecLimits.MAX_PAYLOAD_BYTES + "=" + limits.maxPayloadBytes());
        }
        out.writeVarInt(payload.length, true);
        out.writeBytes(payload);
        CallerIdentity identity = e.identity();
        if (identity == null) {
            out.writeByte(0);
        } else {
            out.writeByte(1);
            writeString(out, "identity.type", identity.type());
            writeString(out, "identity.name", identity.name());
            writeString(out, "identity.gateway", identity.gateway());
        }
        writeString(out, "sourceNode", e.sourceNode());
        writeString(out, "destinationNode", e.destinationNode());
        byte[] voucher = e.voucherUnsafe();
        out.writeVarInt(voucher == null ? 0 : voucher.length + 1, true);
        if (voucher != null) {
            out.writeBytes(voucher);
        }
        out.writeByte((e.urgent() ? URGENT_FLAG : 0) | (e.classAsked() ? CLASS_ASKED_FLAG : 0));
        writeString(out, "owner", e.owner());
        writeString(out, "ownerBroker", e.ownerBroker());
    }

    @Override
    public CoapEnvelope read(Kryo kryo, Input in, Class<? extends CoapEnvelope> type) {
        EnvelopeKind kind = EnvelopeKind.fromWireValue(readUnsignedByte(in));
        EnvelopeBuilder b = CoapEnvelope.builder(kind, readUnsignedByte(in));
        b.correlationId(in.readVarLong(true));
        b.path(readRequiredString(in, "path"));
        b.query(readRequiredString(in, "query"));
        b.contentFormat(in.readVarInt(true) - 1);
        b.accept(in.readVarInt(true) - 1);
        int etagCount = in.readVarInt(true);
        if (etagCount < 0 || etagCount > limits.maxEtags()) {
            throw new KryoException("etags: count " + Integer.toUnsignedString(etagCount) + " exceeds "
                    + "maxEtags=" + limits.maxEtags());
        }
        for (int i = 0; i < etagCount; i++) {
            int length = readUnsignedByte(in);
            if (length < 1 || length > CoapEnvelope.MAX_ETAG_LENGTH) {
                throw new KryoException("etag: length " + length + " is outside 1.." + CoapEnvelope.MAX_ETAG_LENGTH);
            }
            b.addEtagOwned(readBytes(in, "etag", length));
        }
        b.observe(in.readVarInt(true) - 1);
        b.maxAge(in.readVarLong(true) - 1);
        b.locationPath(readString(in, "locationPath"));
        int payloadLength = in.readVarInt(true);
        if (payloadLength < 0 || payloadLength > limits.maxPayloadBytes()) {
            throw new KryoException("payload: " + Integer.toUnsignedString(payloadLength) + " bytes exceed "
                    + CodecLimits.MAX_PAYLOAD_BYTES + "=" + limits.maxPayloadBytes());
        }
        b.payloadOwned(readBytes(in, "payload", payloadLength));
        int identityPresent = readUnsignedByte(in);
        if (identityPresent == 1) {
            b.identity(new CallerIdentity(readRequiredString(in, "identity.type"),
                    readRequiredString(in, "identity.name"), readRequiredString(in, "identity.gateway")));
        } else if (identityPresent != 0) {
            throw new KryoException("identity: presence flag " + identityPresent + " is neither 0 nor 1");
        }
        b.sourceNode(readString(in, "sourceNode"));
        b.destinationNode(readString(in, "destinationNode"));
        int voucherLengthPlusOne = in.readVarInt(true);
        if (voucherLengthPlusOne != 0) {
            int length = voucherLengthPlusOne - 1;
            if (length < 0 || length > CoapEnvelope.MAX_VOUCHER_BYTES) {
                throw new KryoException("voucher: " + Integer.toUnsignedString(length) + " bytes exceed "
                        + CoapEnvelope.MAX_VOUCHER_BYTES);
            }
            b.voucherOwned(readBytes(in, "voucher", length));
        }
        int flags = readUnsignedByte(in);
        if ((flags & ~(URGENT_FLAG | CLASS_ASKED_FLAG)) != 0) {
            throw new KryoException("flags: " + flags + " sets bits other than urgent and classAsked");
        }
        b.urgent((flags & URGENT_FLAG) != 0).classAsked((flags & CLASS_ASKED_FLAG) != 0);
        b.owner(readString(in, "owner"));
        b.ownerBroker(readString(in, "ownerBroker"));
        return b.build();
    }

    private void writeString(Output out, String field, String value) {
        if (value == null) {
            out.writeVarInt(0, true);
            return;
        }
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        if (utf8.length > limits.maxStringBytes()) {
            throw new IllegalArgumentException(field + ": " + utf8.length + " UTF-8 bytes exceed "
                    + "maxStringBytes=" + limits.maxStringBytes());
        }
        out.writeVarInt(utf8.length + 1, true);
        out.writeBytes(utf8);
    }

    private String readRequiredString(Input in, String field) {
        String value = readString(in, field);
        if (value == null) {
            throw new KryoException(field + ": missing");
        }
        return value;
    }

    private String readString(Input in, String field) {
        int lengthPlusOne = in.readVarInt(true);
        if (lengthPlusOne == 0) {
            return null;
        }
        int length = lengthPlusOne - 1;
        if (length < 0 || length > limits.maxStringBytes()) {
            throw new KryoException(field + ": " + Integer.toUnsignedString(length) + " bytes exceed "
                    + "maxStringBytes=" + limits.maxStringBytes());
        }
        byte[] utf8 = readBytes(in, field, length);
        try {
            // Strict decoding: a malformed sequence is an error, not a silent replacement character.
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(utf8)).toString();
        } catch (CharacterCodingException ex) {
            throw new KryoException(field + ": not valid UTF-8", ex);
        }
    }

    private static byte[] readBytes(Input in, String field, int length) {
        int left = in.limit() - in.position();
        if (length > left) {
            throw new KryoException(field + ": " + length + " bytes announced, " + left + " left (truncated)");
        }
        return in.readBytes(length);
    }

    private static int readUnsignedByte(Input in) {
        return in.readByte() & 0xFF;
    }
}
