package io.coaptree.server.access;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;

/** The outcome of the access check, with the response a refused request gets. */
public enum AccessDecision {
    ALLOWED(null, null),
    /** No authenticated peer where one is needed. */
    UNAUTHENTICATED(ResponseCode.UNAUTHORIZED, "authentication required: use coaps:// (DTLS) with credentials this gateway accepts"),
    /** An authenticated peer that is not on an allow-list. */
    FORBIDDEN(ResponseCode.FORBIDDEN, "this identity may not change this resource");

    private final ResponseCode refusal;
    private final String diagnostic;

    AccessDecision(ResponseCode refusal, String diagnostic) {
        this.refusal = refusal;
        this.diagnostic = diagnostic;
    }

    /** @return the diagnostic payload of a refusal, so a client learns what to do; {@code null} for {@link #ALLOWED} */
    public String diagnostic() {
        return diagnostic;
    }

    /** @return the response code of a refusal, {@code null} for {@link #ALLOWED} */
    public ResponseCode refusal() {
        return refusal;
    }
}
