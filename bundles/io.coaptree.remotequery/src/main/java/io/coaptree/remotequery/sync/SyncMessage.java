package io.coaptree.remotequery.sync;

import java.util.List;
import java.util.Objects;

import io.coaptree.tree.model.NodeAddress;

/**
 * A message on a gateway's {@code rd} topic. A child publishes {@link Full} and {@link Delta} on its parent's topic;
 * the parent answers {@link Ack} or {@link Resync} on the child's. {@code epoch} identifies one run of the child's
 * sender (random per start), versions count its sets within that run. Link lists hold one link each in canonical
 * link-format ({@link LinkSet}); on the wire they are one aggregated link-format document.
 */
public sealed interface SyncMessage {

    /** Who published it. */
    NodeAddress sender();

    /** The child's epoch the message is about. */
    long epoch();

    /** The child's whole set as of {@code version}; replaces whatever the parent held. */
    record Full(NodeAddress sender, long epoch, long version, long digest, List<String> links) implements SyncMessage {
        public Full {
            Objects.requireNonNull(sender, "sender");
            links = List.copyOf(links);
        }
    }

    /** Changes from {@code baseVersion} to {@code version}; applies only to a parent that holds {@code baseVersion}. */
    record Delta(NodeAddress sender, long epoch, long baseVersion, long version, long digest, List<String> added,
            List<String> removed) implements SyncMessage {
        public Delta {
            Objects.requireNonNull(sender, "sender");
            added = List.copyOf(added);
            removed = List.copyOf(removed);
        }
    }

    /** The parent holds {@code version} of the child's set. */
    record Ack(NodeAddress sender, long epoch, long version) implements SyncMessage {
        public Ack {
            Objects.requireNonNull(sender, "sender");
        }
    }

    /** The parent cannot apply a delta (unknown epoch, other base version, digest mismatch): send the full set. */
    record Resync(NodeAddress sender, long epoch) implements SyncMessage {
        public Resync {
            Objects.requireNonNull(sender, "sender");
        }
    }
}
