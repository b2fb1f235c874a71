package io.coaptree.api;

import java.util.Objects;

/**
 * Where a request run through {@link CoAPServer#execute(org.eclipse.californium.core.coap.Request, PeerIdentity,
 * RequestOrigin)} comes from. The server shares its capacity (requests in progress, Observe relations) by class:
 * anonymous callers get a bounded share with a limit per address, and work for authenticated callers and the tree keeps
 * capacity of its own. The caller's identity says whether it is authenticated; the origin says, for an anonymous one,
 * at which address it reached the gateway, and tells requests from other gateways apart.
 *
 * @param kind where the request entered
 * @param address the caller's network address (for {@link Kind#CLIENT}) or the sending gateway (for the tree kinds);
 *            only compared and logged
 * @since 1.6
 */
public record RequestOrigin(Kind kind, String address) {

    /** Where a request entered this gateway. */
    public enum Kind {
        /** A client that reached this gateway itself (over HTTP, for example) from {@code address}. */
        CLIENT,
        /**
         * Another gateway over the tree, on its own behalf or for a caller it authenticated: tree traffic, which
         * anonymous work must never crowd out.
         */
        TREE,
        /**
         * Another gateway over the tree, for a caller anonymous there: anonymous work, already held to a limit per
         * address where the caller entered.
         */
        TREE_FOR_ANONYMOUS
    }

    public RequestOrigin {
        Objects.requireNonNull(kind, "kind");
        address = address == null ? "" : address;
    }

    /** @param address the client's address as the transport gave it (an IP address, without the port) */
    public static RequestOrigin client(String address) {
        return new RequestOrigin(Kind.CLIENT, address);
    }

    /**
     * @param gateway the gateway that sent the request
     * @param forAnonymousCaller whether it carries no caller identity (the caller was anonymous where it entered)
     */
    public static RequestOrigin tree(String gateway, boolean forAnonymousCaller) {
        return new RequestOrigin(forAnonymousCaller ? Kind.TREE_FOR_ANONYMOUS : Kind.TREE, gateway);
    }
}
