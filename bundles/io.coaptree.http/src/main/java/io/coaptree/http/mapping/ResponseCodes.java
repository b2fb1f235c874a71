package io.coaptree.http.mapping;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;

/**
 * CoAP response codes as HTTP status codes, RFC 8075 section 7 (table 4 and the rules after it). Californium has no
 * such table in 3.14 (its cross-proxy module, which had one, is not released for 3.x past 3.9), so it is kept here,
 * with a test per code.
 */
public final class ResponseCodes {

    private ResponseCodes() {
    }

    /**
     * @param code the CoAP response code
     * @param conditional whether the HTTP request was conditional (If-None-Match): only then is 2.03 Valid a 304
     * @param hasPayload whether the CoAP response has a payload: 2.02 and 2.04 without one are 204 No Content
     * @return the HTTP status code
     */
    public static int httpStatus(ResponseCode code, boolean conditional, boolean hasPayload) {
        switch (code) {
        case CREATED:
            return 201;
        case DELETED:
        case CHANGED:
            return hasPayload ? 200 : 204;
        case VALID:
            return conditional ? 304 : 200;
        case CONTENT:
            return 200;
        case CONTINUE:
            // block-wise transfer is the proxy's own business; a 2.31 reaching the mapping is a broken exchange
            return 502;
        case BAD_REQUEST:
        case BAD_OPTION:
        case REQUEST_ENTITY_INCOMPLETE:
            return 400;
        case UNAUTHORIZED:
            // CoAP's 4.01 is not an HTTP authentication challenge (RFC 8075 section 7)
            return 403;
        case FORBIDDEN:
            return 403;
        case NOT_FOUND:
            return 404;
        case METHOD_NOT_ALLOWED:
            return 405;
        case NOT_ACCEPTABLE:
            return 406;
        case CONFLICT:
            return 409;
        case PRECONDITION_FAILED:
            return 412;
        case REQUEST_ENTITY_TOO_LARGE:
            return 413;
        case UNSUPPORTED_CONTENT_FORMAT:
            return 415;
        case UNPROCESSABLE_ENTITY:
            return 422;
        case TOO_MANY_REQUESTS:
            return 429;
        case INTERNAL_SERVER_ERROR:
            return 500;
        case NOT_IMPLEMENTED:
            return 501;
        case BAD_GATEWAY:
        case PROXY_NOT_SUPPORTED:
            return 502;
        case SERVICE_UNAVAILABLE:
            return 503;
        case GATEWAY_TIMEOUT:
            return 504;
        default:
            return byClass(code);
        }
    }

    /** A code this table does not name maps to the first code of its class (RFC 8075 section 7). */
    static int byClass(ResponseCode code) {
        switch (code.codeClass) {
        case 2:
            return 200;
        case 4:
            return 400;
        default:
            return 500;
        }
    }
}
