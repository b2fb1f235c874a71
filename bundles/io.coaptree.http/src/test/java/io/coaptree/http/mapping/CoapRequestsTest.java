package io.coaptree.http.mapping;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.List;

import org.eclipse.californium.core.coap.CoAP.Code;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Request;
import org.junit.jupiter.api.Test;

class CoapRequestsTest {

    private static HttpRequestParts parts(String method, String mediaType, String accept, String body) {
        return new HttpRequestParts(method, List.of("tree", "B", "2", "gB2", "switch"), List.of("a=1", "b"),
                mediaType, null, accept, null, null, body == null ? null : body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void methodsPathQueryPayloadAndFormatsBecomeCoapOptions() throws MappingException {
        Request put = CoapRequests.toCoap(parts("PUT", "text/plain", "application/json, text/plain;q=0.5", "on"));
        assertEquals(Code.PUT, put.getCode());
        assertEquals(List.of("tree", "B", "2", "gB2", "switch"), put.getOptions().getUriPath());
        assertEquals(List.of("a=1", "b"), put.getOptions().getUriQuery());
        assertEquals(MediaTypeRegistry.TEXT_PLAIN, put.getOptions().getContentFormat());
        assertEquals(MediaTypeRegistry.APPLICATION_JSON, put.getOptions().getAccept(), "the most preferred one");
        assertEquals("on", put.getPayloadString());

        assertEquals(Code.GET, CoapRequests.toCoap(parts("GET", null, null, null)).getCode());
        assertEquals(Code.GET, CoapRequests.toCoap(parts("HEAD", null, null, null)).getCode());
        assertEquals(Code.POST, CoapRequests.toCoap(parts("POST", null, null, "")).getCode());
        assertEquals(Code.DELETE, CoapRequests.toCoap(parts("DELETE", null, null, null)).getCode());
        assertEquals(Code.PATCH, CoapRequests.toCoap(parts("PATCH", "application/json", null, "{}")).getCode());
    }

    @Test
    void whatCoapCannotCarryIsRefusedWithTheHttpStatusThatSaysSo() {
        assertEquals(501, assertThrows(MappingException.class,
                () -> CoapRequests.toCoap(parts("OPTIONS", null, null, null))).httpStatus());
        assertEquals(400, assertThrows(MappingException.class,
                () -> CoapRequests.toCoap(parts("GET", "text/plain", null, "x"))).httpStatus());
        assertEquals(415, assertThrows(MappingException.class,
                () -> CoapRequests.toCoap(parts("PUT", "application/x-www-form-urlencoded", null, "a=b")))
                .httpStatus());
        assertEquals(406, assertThrows(MappingException.class,
                () -> CoapRequests.toCoap(parts("GET", null, "image/webp", null))).httpStatus());
    }

    @Test
    void wildcardsAndEventStreamsAskForNoParticularFormat() throws MappingException {
        assertFalse(CoapRequests.toCoap(parts("GET", null, "*/*", null)).getOptions().hasAccept());
        assertFalse(CoapRequests.toCoap(parts("GET", null, "text/event-stream", null)).getOptions().hasAccept());
        assertTrue(AcceptedFormat.wantsEventStream("text/event-stream"));
        assertFalse(AcceptedFormat.wantsEventStream("text/plain, text/event-stream;q=0.1"));
    }

    @Test
    void validatorsBecomeEtagsAndIfMatchOptions() throws MappingException {
        Request conditionalGet = CoapRequests.toCoap(new HttpRequestParts("GET", List.of("t"), List.of(), null, null,
                null, null, "\"0a0b\", \"zz\"", null));
        assertEquals(1, conditionalGet.getOptions().getETagCount(), "only tags this gateway can have issued");
        assertArrayEquals(new byte[] { 10, 11 }, conditionalGet.getOptions().getETags().get(0));

        Request createOnly = CoapRequests.toCoap(new HttpRequestParts("PUT", List.of("t"), List.of(), "text/plain",
                null, null, null, "*", "x".getBytes(StandardCharsets.UTF_8)));
        assertTrue(createOnly.getOptions().hasIfNoneMatch());

        Request ifMatch = CoapRequests.toCoap(new HttpRequestParts("PUT", List.of("t"), List.of(), "text/plain", null,
                null, "\"01\"", null, "x".getBytes(StandardCharsets.UTF_8)));
        assertArrayEquals(new byte[] { 1 }, ifMatch.getOptions().getIfMatch().get(0));
        Request ifAny = CoapRequests.toCoap(new HttpRequestParts("DELETE", List.of("t"), List.of(), null, null, null,
                "*", null, null));
        assertArrayEquals(new byte[0], ifAny.getOptions().getIfMatch().get(0));
    }
}
