package io.coaptree.http.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumMap;
import java.util.Map;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.junit.jupiter.api.Test;

/** RFC 8075 section 7, code by code: every response code Californium knows has its expected HTTP status. */
class ResponseCodesTest {

    private static final Map<ResponseCode, Integer> EXPECTED = new EnumMap<>(ResponseCode.class);

    static {
        EXPECTED.put(ResponseCode._UNKNOWN_SUCCESS_CODE, 200);
        EXPECTED.put(ResponseCode.CREATED, 201);
        EXPECTED.put(ResponseCode.DELETED, 200);
        EXPECTED.put(ResponseCode.VALID, 200);
        EXPECTED.put(ResponseCode.CHANGED, 200);
        EXPECTED.put(ResponseCode.CONTENT, 200);
        EXPECTED.put(ResponseCode.CONTINUE, 502);
        EXPECTED.put(ResponseCode.BAD_REQUEST, 400);
        EXPECTED.put(ResponseCode.UNAUTHORIZED, 403);
        EXPECTED.put(ResponseCode.BAD_OPTION, 400);
        EXPECTED.put(ResponseCode.FORBIDDEN, 403);
        EXPECTED.put(ResponseCode.NOT_FOUND, 404);
        EXPECTED.put(ResponseCode.METHOD_NOT_ALLOWED, 405);
        EXPECTED.put(ResponseCode.NOT_ACCEPTABLE, 406);
        EXPECTED.put(ResponseCode.REQUEST_ENTITY_INCOMPLETE, 400);
        EXPECTED.put(ResponseCode.CONFLICT, 409);
        EXPECTED.put(ResponseCode.PRECONDITION_FAILED, 412);
        EXPECTED.put(ResponseCode.REQUEST_ENTITY_TOO_LARGE, 413);
        EXPECTED.put(ResponseCode.UNSUPPORTED_CONTENT_FORMAT, 415);
        EXPECTED.put(ResponseCode.UNPROCESSABLE_ENTITY, 422);
        EXPECTED.put(ResponseCode.TOO_MANY_REQUESTS, 429);
        EXPECTED.put(ResponseCode.INTERNAL_SERVER_ERROR, 500);
        EXPECTED.put(ResponseCode.NOT_IMPLEMENTED, 501);
        EXPECTED.put(ResponseCode.BAD_GATEWAY, 502);
        EXPECTED.put(ResponseCode.SERVICE_UNAVAILABLE, 503);
        EXPECTED.put(ResponseCode.GATEWAY_TIMEOUT, 504);
        EXPECTED.put(ResponseCode.PROXY_NOT_SUPPORTED, 502);
    }

    @Test
    void everyCoapResponseCodeMapsAsRfc8075Says() {
        for (ResponseCode code : ResponseCode.values()) {
            Integer expected = EXPECTED.get(code);
            assertEquals(expected, ResponseCodes.httpStatus(code, false, true), code + " " + code.text);
        }
        assertEquals(ResponseCode.values().length, EXPECTED.size(), "a code Californium added has no expectation");
    }

    @Test
    void statusesStayInTheirClass() {
        for (ResponseCode code : ResponseCode.values()) {
            int status = ResponseCodes.httpStatus(code, false, true);
            int coapClass = code == ResponseCode.CONTINUE ? 5 : code.codeClass;
            assertEquals(coapClass, status / 100 == 2 ? 2 : status / 100 == 4 ? 4 : 5, code + " -> " + status);
        }
    }

    @Test
    void changedAndDeletedWithoutPayloadAreNoContent() {
        assertEquals(204, ResponseCodes.httpStatus(ResponseCode.CHANGED, false, false));
        assertEquals(204, ResponseCodes.httpStatus(ResponseCode.DELETED, false, false));
        assertEquals(200, ResponseCodes.httpStatus(ResponseCode.CONTENT, false, false));
    }

    @Test
    void validIsNotModifiedOnlyForAConditionalRequest() {
        assertEquals(304, ResponseCodes.httpStatus(ResponseCode.VALID, true, false));
        assertEquals(200, ResponseCodes.httpStatus(ResponseCode.VALID, false, true));
    }

    @Test
    void aCodeOutsideTheTableMapsToTheFirstCodeOfItsClass() {
        assertEquals(200, ResponseCodes.byClass(ResponseCode.CONTENT));
        assertEquals(400, ResponseCodes.byClass(ResponseCode.CONFLICT));
        assertEquals(500, ResponseCodes.byClass(ResponseCode.BAD_GATEWAY));
    }
}
