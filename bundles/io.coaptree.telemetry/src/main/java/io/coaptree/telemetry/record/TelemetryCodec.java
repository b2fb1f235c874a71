package io.coaptree.telemetry.record;

import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

import io.coaptree.telemetry.record.TelemetryCodecException.Kind;

/**
 * The wire form of a {@link TelemetryRecord} (inside the seal, alone or as one record of a batch):
 * <pre>
 * 1 byte   format version 1 (never 0xB1, the batch marker)
 * 1 byte   origin (1 posted, 2 observed)
 * 2 bytes  length of source, then source (UTF-8, at most {@value #MAX_SOURCE_BYTES} bytes)
 * 1 byte   length of topic, then topic (UTF-8, at most 255 bytes)
 * 4 bytes  Content-Format, -1 for none
 * 8 bytes  time (ms since the epoch)
 * 4 bytes  length of payload, then payload (at most the receiver's limit)
 * </pre>
 * Big-endian; nothing may follow. Every length is checked against the limit and what is left before anything is
 * allocated.
 */
public final class TelemetryCodec {

    public static final byte FORMAT = 1;
    public static final int MAX_SOURCE_BYTES = 1024;
    public static final int MAX_TOPIC_BYTES = 255;
    /** Bytes of a record beside its source, topic and payload. */
    static final int FIXED_BYTES = 1 + 1 + 2 + 1 + 4 + 8 + 4;

    private final int maxPayloadBytes;

    /** @param maxPayloadBytes the largest payload written or read ({@code telemetry.record.max.bytes}) */
    public TelemetryCodec(int maxPayloadBytes) {
        if (maxPayloadBytes < 1) {
            throw new IllegalArgumentException("maxPayloadBytes: " + maxPayloadBytes);
        }
        this.maxPayloadBytes = maxPayloadBytes;
    }

    /** The largest encoded record this codec reads: larger messages are refused before decoding. */
    public int maxEncodedBytes() {
        return FIXED_BYTES + MAX_SOURCE_BYTES + MAX_TOPIC_BYTES + maxPayloadBytes;
    }

    /** @throws IllegalArgumentException if a field is beyond its limit (the caller checked it first) */
    public byte[] encode(TelemetryRecord record) {
        byte[] source = record.source().getBytes(StandardCharsets.UTF_8);
        byte[] topic = record.topic().getBytes(StandardCharsets.UTF_8);
        require(source.length <= MAX_SOURCE_BYTES, "source", source.length, MAX_SOURCE_BYTES);
        require(topic.length <= MAX_TOPIC_BYTES, "topic", topic.length, MAX_TOPIC_BYTES);
        require(record.payload().length <= maxPayloadBytes, "payload", record.payload().length, maxPayloadBytes);
        ByteBuffer out = ByteBuffer.allocate(FIXED_BYTES + source.length + topic.length + record.payload().length);
        out.put(FORMAT).put((byte) record.origin().code());
        out.putShort((short) source.length).put(source);
        out.put((byte) topic.length).put(topic);
        out.putInt(record.contentFormat()).putLong(record.timeMillis());
        out.putInt(record.payload().length).put(record.payload());
        return out.array();
    }

    private static void require(boolean ok, String field, int length, int max) {
        if (!ok) {
            throw new IllegalArgumentException(field + ": " + length + " bytes, at most " + max);
        }
    }

    public TelemetryRecord decode(byte[] bytes) throws TelemetryCodecException {
        if (bytes.length > maxEncodedBytes()) {
            throw new TelemetryCodecException(Kind.OVERSIZE, bytes.length + " bytes, records are at most "
                    + maxEncodedBytes());
        }
        ByteBuffer in = ByteBuffer.wrap(bytes);
        try {
            byte format = in.get();
            if (format != FORMAT) {
                throw new TelemetryCodecException(Kind.UNDECODABLE, "format " + (format & 0xFF) + ", expected "
                        + FORMAT);
            }
            TelemetryRecord.Origin origin = TelemetryRecord.Origin.fromCode(in.get() & 0xFF);
            String source = text(in, in.getShort() & 0xFFFF, MAX_SOURCE_BYTES, "source");
            String topic = text(in, in.get() & 0xFF, MAX_TOPIC_BYTES, "topic");
            int contentFormat = in.getInt();
            if (contentFormat < TelemetryRecord.NO_FORMAT || contentFormat > 0xFFFF) {
                throw new TelemetryCodecException(Kind.UNDECODABLE, "Content-Format " + contentFormat);
            }
            long time = in.getLong();
            int length = in.getInt();
            if (length < 0 || length > maxPayloadBytes) {
                throw new TelemetryCodecException(Kind.OVERSIZE, "payload of " + (length & 0xFFFFFFFFL)
                        + " bytes, at most " + maxPayloadBytes);
            }
            byte[] payload = bytes(in, length, "payload");
            if (in.hasRemaining()) {
                throw new TelemetryCodecException(Kind.UNDECODABLE, in.remaining() + " bytes after the record");
            }
            return new TelemetryRecord(origin, source, topic, contentFormat, time, payload);
        } catch (BufferUnderflowException e) {
            throw new TelemetryCodecException(Kind.UNDECODABLE, "truncated record");
        }
    }

    private static String text(ByteBuffer in, int length, int max, String field) throws TelemetryCodecException {
        if (length > max) {
            throw new TelemetryCodecException(Kind.UNDECODABLE, field + " of " + length + " bytes, at most " + max);
        }
        byte[] raw = bytes(in, length, field);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(raw)).toString();
        } catch (CharacterCodingException e) {
            throw new TelemetryCodecException(Kind.UNDECODABLE, field + " is not UTF-8");
        }
    }

    private static byte[] bytes(ByteBuffer in, int length, String field) throws TelemetryCodecException {
        if (length > in.remaining()) {
            throw new TelemetryCodecException(Kind.UNDECODABLE, field + " of " + length + " bytes, " + in.remaining()
                    + " left");
        }
        byte[] out = new byte[length];
        in.get(out);
        return out;
    }
}
