package io.coaptree.rd.coap;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.server.resources.CoapExchange;

/** A request the directory answers with an error code and a diagnostic payload (RFC 7252 section 5.5.2). */
final class RefusedRequestException extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient ResponseCode code;

    RefusedRequestException(ResponseCode code, String diagnostic) {
        super(diagnostic);
        this.code = code;
    }

    ResponseCode code() {
        return code;
    }

    void respondTo(CoapExchange exchange) {
        exchange.respond(code, getMessage());
    }
}
