package io.coaptree.remotequery.node;

import java.nio.charset.StandardCharsets;

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeKind;

/**
 * An answer remote queries make themselves (4.04 unknown gateway, 5.03, 5.04, ...): the code, a diagnostic payload
 * for the client, the request's correlation id, and its delivery class, so a refusal travels back as the request came.
 */
public final class ErrorAnswer {

    private ErrorAnswer() {
    }

    public static CoapEnvelope to(CoapEnvelope request, int code, String diagnostic) {
        return CoapEnvelope.builder(EnvelopeKind.RESPONSE, code).correlationId(request.correlationId())
                .contentFormat(CoapCodes.TEXT_PLAIN).payload(diagnostic.getBytes(StandardCharsets.UTF_8))
                .urgent(request.urgent()).build();
    }
}
