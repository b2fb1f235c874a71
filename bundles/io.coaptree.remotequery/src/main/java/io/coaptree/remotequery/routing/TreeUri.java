package io.coaptree.remotequery.routing;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.coaptree.tree.model.InvalidNodeException;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.NodePath;

/**
 * The URI form a client uses to reach the tree through any gateway. Plain Uri-Path segments, so any CoAP client
 * (libcoap's coap-client, Californium, aiocoap) works without proxy options, and the gateway stays the origin
 * server for Observe and block-wise transfers:
 * <ul>
 * <li>a resource: {@code coap://<any-gateway>/tree/<domain>/<group>/<node>/<resource path>?<query>}, with
 * {@code -} for an absent domain or group (a domain node: {@code /tree/A/-/dA/...}, a root node:
 * {@code /tree/-/-/root/...});</li>
 * <li>a resource on any live replica of a path: {@code *} as the node ({@code /tree/A/1/*}/temperature); the
 * gateways serving the path share these requests;</li>
 * <li>a lookup over a subtree: {@code coap://<any-gateway>/tree-lookup/res?scope=<domain>[/<group>]&<RD criteria>}
 * (and {@code /tree-lookup/ep}); no {@code scope} means the whole tree.</li>
 * </ul>
 * Only these two first segments are remote; the server hands every other path to its local resources.
 */
public final class TreeUri {

    public static final String RESOURCE_PREFIX = "tree";
    public static final String LOOKUP_PREFIX = "tree-lookup";
    public static final String SCOPE_PARAMETER = "scope";
    /** The node segment meaning "any live replica of the path" (never a node name). */
    public static final String ANY_REPLICA = "*";

    private TreeUri() {
    }

    /** Whether the server must hand this request to remote queries. */
    public static boolean isRemote(List<String> uriPath) {
        return !uriPath.isEmpty() && (RESOURCE_PREFIX.equals(uriPath.get(0)) || LOOKUP_PREFIX.equals(uriPath.get(0)));
    }

    /**
     * Reads the Uri-Path and Uri-Query options of a request for which {@link #isRemote(List)} holds.
     *
     * @throws InvalidTreeUriException with a diagnostic for the client
     */
    public static RemoteTarget parse(List<String> uriPath, List<String> uriQuery) throws InvalidTreeUriException {
        if (!isRemote(uriPath)) {
            throw new InvalidTreeUriException("not a tree URI: /" + String.join("/", uriPath));
        }
        try {
            if (RESOURCE_PREFIX.equals(uriPath.get(0))) {
                if (uriPath.size() < 4) {
                    throw new InvalidTreeUriException(
                            "expected /tree/<domain|->/<group|->/<node>/<path>, got /" + String.join("/", uriPath));
                }
                if (ANY_REPLICA.equals(uriPath.get(3))) {
                    return new RemoteTarget.AnyReplica(NodePath.fromSegments(uriPath.get(1), uriPath.get(2)),
                            String.join("/", uriPath.subList(4, uriPath.size())), String.join("&", uriQuery));
                }
                NodeAddress node = NodeAddress.of(NodePath.fromSegments(uriPath.get(1), uriPath.get(2)), uriPath.get(3));
                return new RemoteTarget.Resource(node, String.join("/", uriPath.subList(4, uriPath.size())),
                        String.join("&", uriQuery));
            }
            if (uriPath.size() != 2 || !("res".equals(uriPath.get(1)) || "ep".equals(uriPath.get(1)))) {
                throw new InvalidTreeUriException("expected /tree-lookup/res or /tree-lookup/ep");
            }
            NodePath scope = NodePath.root();
            List<String> criteria = new ArrayList<>();
            for (String q : uriQuery) {
                if (q.startsWith(SCOPE_PARAMETER + "=")) {
                    scope = NodePath.parse(q.substring(SCOPE_PARAMETER.length() + 1));
                } else {
                    criteria.add(q);
                }
            }
            return new RemoteTarget.Lookup(scope, uriPath.get(1), String.join("&", criteria));
        } catch (InvalidNodeException e) {
            throw new InvalidTreeUriException(e.getMessage());
        }
    }

    /** The path (with leading slash) by which a resource of {@code node} is reached through any gateway. */
    public static String resourcePath(NodeAddress node, String path) {
        String p = path.startsWith("/") ? path.substring(1) : path;
        return "/" + RESOURCE_PREFIX + "/" + node.text() + (p.isEmpty() ? "" : "/" + p);
    }

    /**
     * The destination an envelope names for a resource request: a node ({@code A/1/gA1}) or any replica of a path
     * ({@code A/1/*}).
     *
     * @throws InvalidNodeException when it is neither
     */
    public static RemoteTarget resourceTarget(String destination, String path, String query) {
        String text = String.valueOf(destination);
        String suffix = "/" + ANY_REPLICA;
        if (text.endsWith(suffix)) {
            String[] segments = text.substring(0, text.length() - suffix.length()).split("/", -1);
            if (segments.length != 2) {
                throw new InvalidNodeException("destination", "'" + text + "' is not <domain|->/<group|->/*");
            }
            return new RemoteTarget.AnyReplica(NodePath.fromSegments(segments[0], segments[1]), path, query);
        }
        return new RemoteTarget.Resource(NodeAddress.parse(text), path, query);
    }

    /** The envelope path of a lookup request: the same as its URI path without the leading slash. */
    public static String lookupPath(String kind) {
        return LOOKUP_PREFIX + "/" + kind;
    }

    /** The lookup kind of an envelope path, if it is a lookup. */
    public static Optional<String> lookupKind(String envelopePath) {
        if (envelopePath.equals(lookupPath("res"))) {
            return Optional.of("res");
        }
        if (envelopePath.equals(lookupPath("ep"))) {
            return Optional.of("ep");
        }
        return Optional.empty();
    }
}
