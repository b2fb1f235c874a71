package io.coaptree.api;

import java.util.Arrays;
import java.util.Set;

/**
 * What a resource demands of a peer on top of the server's access policy (see {@link AccessControlled}). The server
 * always applies the stricter of the two: a resource can tighten the policy for itself, never loosen it.
 *
 * @param readsAuthenticated GET (and FETCH) need a peer authenticated over DTLS (4.01 Unauthorized otherwise)
 * @param writesAuthenticated POST, PUT, PATCH, iPATCH and DELETE need an authenticated peer (4.01 otherwise)
 * @param allowedWriters if not empty, only these identities may write (4.03 Forbidden for any other peer); checked in
 *            addition to the server's own allow-list
 */
public record AccessRequirement(boolean readsAuthenticated, boolean writesAuthenticated,
        Set<PeerIdentity> allowedWriters) {

    private static final AccessRequirement NONE = new AccessRequirement(false, false, Set.of());

    public AccessRequirement {
        allowedWriters = allowedWriters == null ? Set.of() : Set.copyOf(allowedWriters);
    }

    /** @return a requirement that adds nothing to the server's policy */
    public static AccessRequirement none() {
        return NONE;
    }

    /** @return writes need an authenticated peer, whatever the server's policy says */
    public static AccessRequirement authenticatedWrites() {
        return new AccessRequirement(false, true, Set.of());
    }

    /** @return every request, reads included, needs an authenticated peer */
    public static AccessRequirement authenticatedOnly() {
        return new AccessRequirement(true, true, Set.of());
    }

    /** @return only the given identities may write; reads follow the server's policy */
    public static AccessRequirement writersOnly(PeerIdentity... writers) {
        return new AccessRequirement(false, true, Set.copyOf(Arrays.asList(writers)));
    }
}
