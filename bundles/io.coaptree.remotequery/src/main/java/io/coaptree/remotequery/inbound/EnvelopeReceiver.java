package io.coaptree.remotequery.inbound;

import java.util.Objects;

import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.codec.EnvelopeCodecException;
import io.coaptree.tree.bus.MessageHandler;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;

/**
 * What the bus delivers on a {@code query} or {@code reply} topic, made an envelope: one above the codec's bound is
 * refused unread ({@code oversize}), one the codec cannot read is {@code undecodable}, and one that names another
 * sender than the one its seal proved is {@code forged} (a gateway speaks only as itself; with no authentication the
 * sender is not known, null). What remains goes to the handler with the size it had on the wire.
 */
public final class EnvelopeReceiver implements MessageHandler {

    /** Takes the envelopes that arrived on one topic. */
    @FunctionalInterface
    public interface EnvelopeHandler {
        void handle(String topic, int size, CoapEnvelope envelope);
    }

    private final EnvelopeCodec codec;
    private final DroppedMessages refusals;
    private final EnvelopeHandler handler;

    public EnvelopeReceiver(EnvelopeCodec codec, DroppedMessages refusals, EnvelopeHandler handler) {
        this.codec = Objects.requireNonNull(codec, "codec");
        this.refusals = Objects.requireNonNull(refusals, "refusals");
        this.handler = Objects.requireNonNull(handler, "handler");
    }

    @Override
    public void onMessage(String topic, byte[] payload) {
        onMessage(topic, payload, null);
    }

    @Override
    public void onMessage(String topic, byte[] payload, String authenticatedSender) {
        CoapEnvelope envelope = decode(topic, payload);
        if (envelope == null) {
            return;
        }
        if (authenticatedSender != null && !authenticatedSender.equals(envelope.sourceNode())) {
            refusals.drop(DropReason.FORGED, topic, authenticatedSender, payload.length,
                    "sealed by " + authenticatedSender + " but names " + envelope.sourceNode() + " as sender");
            return;
        }
        handler.handle(topic, payload.length, envelope);
    }

    /** The envelope, or null after reporting why it cannot be used (the sender is unknown until it is decoded). */
    private CoapEnvelope decode(String topic, byte[] payload) {
        if (payload.length > codec.limits().maxEncodedBytes()) {
            refusals.drop(DropReason.OVERSIZE, topic, null, payload.length,
                    "larger than " + codec.limits().maxEncodedBytes() + " bytes");
            return null;
        }
        try {
            return codec.decode(payload);
        } catch (EnvelopeCodecException e) {
            refusals.drop(DropReason.UNDECODABLE, topic, null, payload.length, e.getMessage());
            return null;
        }
    }
}
