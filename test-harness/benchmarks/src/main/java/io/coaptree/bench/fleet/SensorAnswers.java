package io.coaptree.bench.fleet;

import java.nio.charset.StandardCharsets;

import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.remotequery.node.CancellableExchange;
import io.coaptree.remotequery.node.LocalExecutor;
import io.coaptree.remotequery.node.ResponseSink;

/**
 * A simulated gateway's own server, as remote queries reach it: a GET of {@code sensor<i>} answers 2.05 with a
 * temperature in text/plain, anything else 4.04. In place of the CoAP server each gateway would run, so that the
 * simulator measures the tree's part of a remote read.
 */
final class SensorAnswers implements LocalExecutor {

    /** The CoAP codes, as envelopes carry them (class x 32 + detail). */
    static final int GET = 1;
    static final int CONTENT = 2 * 32 + 5;
    static final int NOT_FOUND = 4 * 32 + 4;

    private static final byte[] TEMPERATURE = "21.5".getBytes(StandardCharsets.US_ASCII);

    @Override
    public CancellableExchange execute(CoapEnvelope request, ResponseSink sink) {
        boolean sensor = request.code() == GET && request.path().startsWith("sensor");
        sink.accept(CoapEnvelope.builder(EnvelopeKind.RESPONSE, sensor ? CONTENT : NOT_FOUND)
                .contentFormat(sensor ? 0 : CoapEnvelope.ABSENT).payload(sensor ? TEMPERATURE : new byte[0]).build());
        return CancellableExchange.NONE;
    }
}
