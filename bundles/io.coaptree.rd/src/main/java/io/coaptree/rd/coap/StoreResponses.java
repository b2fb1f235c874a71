package io.coaptree.rd.coap;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.Response;

import io.coaptree.rd.store.StoreResult;

/** The CoAP response for each store outcome, with the diagnostic as payload on failure. */
final class StoreResponses {

    private StoreResponses() {
    }

    static ResponseCode codeOf(StoreResult.Outcome outcome) {
        switch (outcome) {
            case CREATED:
            case REPLACED:
                return ResponseCode.CREATED;
            case UPDATED:
                return ResponseCode.CHANGED;
            case REMOVED:
                return ResponseCode.DELETED;
            case UNAUTHENTICATED:
                return ResponseCode.UNAUTHORIZED;
            case FORBIDDEN:
                return ResponseCode.FORBIDDEN;
            case NOT_FOUND:
                return ResponseCode.NOT_FOUND;
            case TOO_LARGE:
                return ResponseCode.REQUEST_ENTITY_TOO_LARGE;
            case STORE_FULL:
                return ResponseCode.SERVICE_UNAVAILABLE;
            case BAD_REQUEST:
            default:
                return ResponseCode.BAD_REQUEST;
        }
    }

    /**
     * The response to a failed operation.
     *
     * @param retryAfterSeconds sent as Max-Age with 5.03 (RFC 7252 section 5.9.3.4): when space may be free again
     */
    static Response failure(StoreResult result, long retryAfterSeconds) {
        Response response = new Response(codeOf(result.outcome()));
        response.setPayload(result.diagnostic());
        if (result.outcome() == StoreResult.Outcome.STORE_FULL) {
            response.getOptions().setMaxAge(retryAfterSeconds);
        }
        return response;
    }
}
