package io.coaptree.remotequery.node;

import io.coaptree.codec.CoapEnvelope;

/** Where the answers to a request go back to: the local client that submitted it, or the previous hop. */
public interface Upstream {

    void reply(CoapEnvelope response);

    /**
     * Names the request's relation for cancels: {@code <previous hop>#<its correlation id>}, or a key of its own for
     * a local client.
     */
    String key();
}
