package io.coaptree.remotequery.routing;

import java.util.Objects;

import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;

/** What a client asked a gateway for through the tree URI form ({@link TreeUri}). */
public sealed interface RemoteTarget {

    /** A resource on one gateway; {@code path} has no leading slash, {@code query} is joined by {@code &}. */
    record Resource(NodeAddress node, String path, String query) implements RemoteTarget {
        public Resource {
            Objects.requireNonNull(node, "node");
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(query, "query");
        }
    }

    /**
     * A resource on any live replica of {@code node}'s path ({@code /tree/<d>/<g>/*}/...): the replicas share such
     * requests. {@code path} has no leading slash, {@code query} is joined by {@code &}.
     */
    record AnyReplica(NodePath node, String path, String query) implements RemoteTarget {
        public AnyReplica {
            Objects.requireNonNull(node, "node");
            Objects.requireNonNull(path, "path");
            Objects.requireNonNull(query, "query");
        }

        /** The destination as an envelope carries it: {@code A/1/*}. */
        public String destinationText() {
            return node.segments() + "/" + TreeUri.ANY_REPLICA;
        }
    }

    /** An RD lookup ({@code res} or {@code ep}) over a subtree; {@code query} holds the lookup criteria. */
    record Lookup(NodePath scope, String kind, String query) implements RemoteTarget {
        public Lookup {
            Objects.requireNonNull(scope, "scope");
            Objects.requireNonNull(query, "query");
            if (!"res".equals(kind) && !"ep".equals(kind)) {
                throw new IllegalArgumentException("kind: '" + kind + "' is not res or ep");
            }
        }
    }
}
