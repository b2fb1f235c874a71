package io.coaptree.remotequery.sync;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;

import io.coaptree.linkformat.LinkFormatParseException;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.tree.model.InvalidNodeException;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.drops.DropReason;

/**
 * The wire form of {@link SyncMessage}s: version byte 1, type byte, the sender's address, the epoch, then per type
 * longs and length-prefixed UTF-8 link-format documents. Anything malformed, truncated or too long is a
 * {@link SyncCodecException}.
 */
public final class SyncCodec {

    private static final byte VERSION = 1;
    private static final byte FULL = 1;
    private static final byte DELTA = 2;
    private static final byte ACK = 3;
    private static final byte RESYNC = 4;

    private final LinkFormatParser parser;
    private final int maxBytes;

    /** @param maxBytes the largest message accepted or produced */
    public SyncCodec(LinkFormatParser parser, int maxBytes) {
        this.parser = parser;
        this.maxBytes = maxBytes;
    }

    public byte[] encode(SyncMessage message) throws SyncCodecException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            if (message instanceof SyncMessage.Full f) {
                head(out, FULL, f);
                out.writeLong(f.version());
                out.writeLong(f.digest());
                text(out, LinkSet.join(f.links()));
            } else if (message instanceof SyncMessage.Delta d) {
                head(out, DELTA, d);
                out.writeLong(d.baseVersion());
                out.writeLong(d.version());
                out.writeLong(d.digest());
                text(out, LinkSet.join(d.added()));
                text(out, LinkSet.join(d.removed()));
            } else if (message instanceof SyncMessage.Ack a) {
                head(out, ACK, a);
                out.writeLong(a.version());
            } else {
                head(out, RESYNC, message);
            }
        } catch (IOException e) {
            throw new SyncCodecException("cannot encode " + message.getClass().getSimpleName(), e);
        }
        if (bytes.size() > maxBytes) {
            throw new SyncCodecException("a message of " + bytes.size() + " bytes exceeds " + maxBytes);
        }
        return bytes.toByteArray();
    }

    private static void head(DataOutputStream out, byte type, SyncMessage message) throws IOException {
        out.writeByte(type);
        text(out, message.sender().text());
        out.writeLong(message.epoch());
    }

    private static void text(DataOutputStream out, String text) throws IOException {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        out.writeInt(utf8.length);
        out.write(utf8);
    }

    public SyncMessage decode(byte[] payload) throws SyncCodecException {
        if (payload == null || payload.length > maxBytes) {
            throw new SyncCodecException(DropReason.OVERSIZE, "missing or larger than " + maxBytes + " bytes", null);
        }
        ByteBuffer in = ByteBuffer.wrap(payload);
        try {
            if (in.get() != VERSION) {
                throw new SyncCodecException("unknown version");
            }
            byte type = in.get();
            NodeAddress sender = NodeAddress.parse(text(in));
            long epoch = in.getLong();
            SyncMessage message;
            switch (type) {
                case FULL -> {
                    long version = in.getLong();
                    long digest = in.getLong();
                    message = new SyncMessage.Full(sender, epoch, version, digest, links(in));
                }
                case DELTA -> {
                    long base = in.getLong();
                    long version = in.getLong();
                    long digest = in.getLong();
                    List<String> added = links(in);
                    message = new SyncMessage.Delta(sender, epoch, base, version, digest, added, links(in));
                }
                case ACK -> message = new SyncMessage.Ack(sender, epoch, in.getLong());
                case RESYNC -> message = new SyncMessage.Resync(sender, epoch);
                default -> throw new SyncCodecException(DropReason.UNKNOWN_KIND, "unknown type " + type, null);
            }
            if (in.hasRemaining()) {
                throw new SyncCodecException(in.remaining() + " bytes after the message");
            }
            return message;
        } catch (BufferUnderflowException e) {
            throw new SyncCodecException("truncated", e);
        } catch (InvalidNodeException e) {
            throw new SyncCodecException(DropReason.INVALID_SENDER, "bad sender: " + e.getMessage(), e);
        }
    }

    private List<String> links(ByteBuffer in) throws SyncCodecException {
        try {
            return LinkSet.parseList(parser, text(in));
        } catch (LinkFormatParseException e) {
            throw new SyncCodecException("bad link-format: " + e.getMessage(), e);
        }
    }

    private static String text(ByteBuffer in) throws SyncCodecException {
        int length = in.getInt();
        if (length < 0 || length > in.remaining()) {
            throw new SyncCodecException("a string of " + length + " bytes with " + in.remaining() + " left");
        }
        ByteBuffer slice = in.slice();
        slice.limit(length);
        in.position(in.position() + length);
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(slice).toString();
        } catch (CharacterCodingException e) {
            throw new SyncCodecException("not UTF-8", e);
        }
    }
}
