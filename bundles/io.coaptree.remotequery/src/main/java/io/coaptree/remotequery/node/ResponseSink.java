package io.coaptree.remotequery.node;

import io.coaptree.codec.CoapEnvelope;

/** Receives the response (or, for an Observe relation, each notification) to a request. Must not block. */
@FunctionalInterface
public interface ResponseSink {

    void accept(CoapEnvelope response);
}
