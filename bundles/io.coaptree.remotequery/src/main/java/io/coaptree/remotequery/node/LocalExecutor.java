package io.coaptree.remotequery.node;

import io.coaptree.codec.CoapEnvelope;

/**
 * The port to the gateway's own CoAP server, implemented by the Californium glue: it runs a request that
 * arrived over the tree as if a client had sent it, with the caller identity carried in the envelope (so DTLS
 * write rules hold end to end). Lookups do not come this way: they read the gateway's Resource Directory through
 * {@code lookup.LocalLookups}.
 */
public interface LocalExecutor {

    /**
     * Runs {@code request}; calls {@code sink} once with the response, or, for an Observe registration that the
     * server accepted, again with every notification until the returned exchange is cancelled.
     */
    CancellableExchange execute(CoapEnvelope request, ResponseSink sink);
}
