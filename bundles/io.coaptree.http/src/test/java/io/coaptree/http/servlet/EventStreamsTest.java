package io.coaptree.http.servlet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Response;
import org.junit.jupiter.api.Test;

import com.google.gson.JsonObject;

class EventStreamsTest {

    @Test
    void streamsAreAdmittedUpToTheLimitAndAClosedOneFreesItsPlace() {
        EventStreams streams = new EventStreams(2);
        assertTrue(streams.admit(false));
        assertTrue(streams.admit(false));
        assertFalse(streams.admit(false), "http.max.event.streams reached: 503");
        streams.release(null, false); // an admitted stream that could not open
        assertTrue(streams.admit(false));
        assertFalse(new EventStreams(0).admit(false), "0 turns event streams off");
    }

    @Test
    void callersWithoutCredentialsHoldAtMostHalfTheStreams() {
        EventStreams streams = new EventStreams(4);
        assertTrue(streams.admit(true));
        assertTrue(streams.admit(true));
        assertFalse(streams.admit(true), "anonymous callers hold their half: 503");
        assertTrue(streams.admit(false), "an operator still opens one");
        assertTrue(streams.admit(false));
        assertFalse(streams.admit(false), "the limit holds for everyone");
        streams.release(null, true);
        assertTrue(streams.admit(true), "a closed anonymous stream frees an anonymous place");
        assertTrue(new EventStreams(1).admit(true), "half of one stream, rounded up: the page works for anyone");
    }

    @Test
    void aNotificationIsJsonWithTheHttpAndCoapViewOfTheResponse() {
        Response text = new Response(ResponseCode.CONTENT);
        text.setPayload("21.5");
        text.getOptions().setContentFormat(MediaTypeRegistry.TEXT_PLAIN).addETag(new byte[] { 9 });
        JsonObject event = EventStream.event("/coaptree/tree/B/2/gB2/temperature", text);
        assertEquals("/coaptree/tree/B/2/gB2/temperature", event.get("uri").getAsString());
        assertEquals(200, event.get("status").getAsInt());
        assertEquals("2.05", event.get("code").getAsString());
        assertEquals("text/plain;charset=utf-8", event.get("contentType").getAsString());
        assertEquals("\"09\"", event.get("etag").getAsString());
        assertEquals("21.5", event.get("payload").getAsString());

        Response binary = new Response(ResponseCode.CONTENT);
        binary.setPayload(new byte[] { (byte) 0xa1, 0x01, 0x02 });
        binary.getOptions().setContentFormat(MediaTypeRegistry.APPLICATION_CBOR);
        assertEquals("oQEC", EventStream.event("/x", binary).get("payloadBase64").getAsString());

        Response gone = new Response(ResponseCode.NOT_FOUND);
        assertEquals(404, EventStream.event("/x", gone).get("status").getAsInt());
    }
}
