package io.coaptree.tree.protocol;

import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

import io.coaptree.tree.model.InvalidNodeException;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.drops.DropReason;

/**
 * The byte form of {@link TreeMessage}s: a version byte ({@link #FORMAT_VERSION}), a type byte, then the fields
 * (strings as an unsigned 16-bit byte count and UTF-8, longs as 8 big-endian bytes). Hand-written rather than
 * Kryo because the messages are five flat records and the decoder must trust nothing: every length is checked
 * before allocation, trailing bytes and malformed UTF-8 are refused, and every failure is a
 * {@link TreeCodecException}. Thread-safe.
 */
public final class TreeMessageCodec {

    /** 2: join and heartbeat carry the sender's broker name after its CoAP endpoint. */
    public static final byte FORMAT_VERSION = 2;

    private static final byte JOIN_REQUEST = 1;
    private static final byte JOIN_REFUSED = 2;
    private static final byte HEARTBEAT = 3;
    private static final byte LEAVE = 4;
    private static final byte LAST_WILL = 5;

    private static final int MAX_STRING_BYTES = 1024;

    private final int maxMessageBytes;

    public TreeMessageCodec(int maxMessageBytes) {
        if (maxMessageBytes < 64) {
            throw new IllegalArgumentException("maxMessageBytes: " + maxMessageBytes + " is below 64");
        }
        this.maxMessageBytes = maxMessageBytes;
    }

    /** @throws TreeCodecException when a string or the whole message exceeds the limits */
    public byte[] encode(TreeMessage message) throws TreeCodecException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64);
        out.write(FORMAT_VERSION);
        if (message instanceof TreeMessage.JoinRequest m) {
            out.write(JOIN_REQUEST);
            writeHead(out, m.node(), m.incarnation());
            writeString(out, "coapEndpoint", m.coapEndpoint());
            writeString(out, "broker", m.broker());
        } else if (message instanceof TreeMessage.JoinRefused m) {
            out.write(JOIN_REFUSED);
            writeHead(out, m.node(), m.incarnation());
            writeString(out, "reason", m.reason());
        } else if (message instanceof TreeMessage.Heartbeat m) {
            out.write(HEARTBEAT);
            writeHead(out, m.node(), m.incarnation());
            writeString(out, "coapEndpoint", m.coapEndpoint());
            writeString(out, "broker", m.broker());
        } else if (message instanceof TreeMessage.Leave m) {
            out.write(LEAVE);
            writeHead(out, m.node(), m.incarnation());
        } else if (message instanceof TreeMessage.LastWill m) {
            out.write(LAST_WILL);
            writeHead(out, m.node(), m.incarnation());
        }
        if (out.size() > maxMessageBytes) {
            throw new TreeCodecException("message of " + out.size() + " bytes exceeds maxMessageBytes " + maxMessageBytes);
        }
        return out.toByteArray();
    }

    /** @throws TreeCodecException for anything that is not exactly one valid message */
    public TreeMessage decode(byte[] bytes) throws TreeCodecException {
        if (bytes == null || bytes.length < 2) {
            throw new TreeCodecException("too short for a tree message");
        }
        if (bytes.length > maxMessageBytes) {
            throw new TreeCodecException(DropReason.OVERSIZE, bytes.length + " bytes exceed maxMessageBytes " + maxMessageBytes);
        }
        if (bytes[0] != FORMAT_VERSION) {
            throw new TreeCodecException("unsupported format version " + bytes[0]);
        }
        ByteBuffer in = ByteBuffer.wrap(bytes, 2, bytes.length - 2);
        try {
            TreeMessage message;
            switch (bytes[1]) {
                case JOIN_REQUEST:
                    message = new TreeMessage.JoinRequest(readAddress(in), in.getLong(), readString(in, "coapEndpoint"),
                            readString(in, "broker"));
                    break;
                case JOIN_REFUSED:
                    message = new TreeMessage.JoinRefused(readAddress(in), in.getLong(), readString(in, "reason"));
                    break;
                case HEARTBEAT:
                    message = new TreeMessage.Heartbeat(readAddress(in), in.getLong(), readString(in, "coapEndpoint"),
                            readString(in, "broker"));
                    break;
                case LEAVE:
                    message = new TreeMessage.Leave(readAddress(in), in.getLong());
                    break;
                case LAST_WILL:
                    message = new TreeMessage.LastWill(readAddress(in), in.getLong());
                    break;
                default:
                    throw new TreeCodecException(DropReason.UNKNOWN_KIND, "unknown message type " + bytes[1]);
            }
            if (in.hasRemaining()) {
                throw new TreeCodecException(in.remaining() + " trailing bytes");
            }
            return message;
        } catch (BufferUnderflowException e) {
            throw new TreeCodecException("truncated message", e);
        } catch (InvalidNodeException e) {
            throw new TreeCodecException(DropReason.INVALID_SENDER, "invalid node address: " + e.getMessage(), e);
        }
    }

    private static void writeHead(ByteArrayOutputStream out, NodeAddress node, long incarnation)
            throws TreeCodecException {
        writeString(out, "node", node.text());
        for (int shift = 56; shift >= 0; shift -= 8) {
            out.write((int) (incarnation >>> shift));
        }
    }

    private static void writeString(ByteArrayOutputStream out, String field, String value) throws TreeCodecException {
        byte[] utf8 = value.getBytes(StandardCharsets.UTF_8);
        if (utf8.length > MAX_STRING_BYTES) {
            throw new TreeCodecException(field + ": " + utf8.length + " bytes exceed " + MAX_STRING_BYTES);
        }
        out.write(utf8.length >>> 8);
        out.write(utf8.length);
        out.write(utf8, 0, utf8.length);
    }

    private static NodeAddress readAddress(ByteBuffer in) throws TreeCodecException {
        return NodeAddress.parse(readString(in, "node"));
    }

    private static String readString(ByteBuffer in, String field) throws TreeCodecException {
        int length = Short.toUnsignedInt(in.getShort());
        if (length > MAX_STRING_BYTES || length > in.remaining()) {
            throw new TreeCodecException(field + ": length " + length + " exceeds the limit or the bytes left");
        }
        ByteBuffer slice = in.slice();
        slice.limit(length);
        in.position(in.position() + length);
        try {
            CharBuffer chars = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(slice);
            return chars.toString();
        } catch (CharacterCodingException e) {
            throw new TreeCodecException(field + ": malformed UTF-8", e);
        }
    }
}
