package io.coaptree.http.auth;

import io.coaptree.api.PeerIdentity;

/** Who an HTTP request comes from, as far as this gateway can tell. */
public sealed interface Caller {

    /** No credentials: the request runs as an unauthenticated CoAP peer would (reads where the policy lets it). */
    record Anonymous() implements Caller {
    }

    /** A Kura identity with the permission: the request runs with {@link #identity()}, {@code kura:<name>}. */
    record Authenticated(PeerIdentity identity) implements Caller {
    }

    /**
     * Credentials that do not authenticate (401) or an identity without the permission (403): the request is answered
     * with {@link #status()} and never reaches CoAP.
     */
    record Refused(int status, String reason) implements Caller {
    }
}
