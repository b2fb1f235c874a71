package io.coaptree.server.capacity;

import io.coaptree.api.PeerIdentity;
import io.coaptree.api.RequestOrigin;

/**
 * The classes the server shares its capacity among. Anonymous work is what anyone can cause without credentials, so
 * it gets a bounded share; authenticated callers and the tree (requests other gateways send on their own behalf or for
 * callers they authenticated) share the rest, which anonymous work can never take.
 */
public enum CallerClass {
    /** No DTLS or Kura identity, whether it came from the network, over HTTP or relayed through the tree. */
    ANONYMOUS("anonymous"),
    /** A caller with an identity: a DTLS peer, a Kura identity over HTTP, or one another gateway authenticated. */
    AUTHENTICATED("authenticated"),
    /** Another gateway's own request over the tree (node identity). */
    TREE("tree");

    private final String label;

    CallerClass(String label) {
        this.label = label;
    }

    /** The name in the server's statistics and log lines. */
    public String label() {
        return label;
    }

    /**
     * @param caller the authenticated caller, or {@code null}
     * @param origin where the request entered
     */
    public static CallerClass of(PeerIdentity caller, RequestOrigin origin) {
        if (caller != null) {
            return AUTHENTICATED;
        }
        return origin.kind() == RequestOrigin.Kind.TREE ? TREE : ANONYMOUS;
    }
}
