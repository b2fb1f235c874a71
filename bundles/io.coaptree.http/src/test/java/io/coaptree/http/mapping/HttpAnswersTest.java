package io.coaptree.http.mapping;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Response;
import org.junit.jupiter.api.Test;

class HttpAnswersTest {

    @Test
    void contentWithFormatEtagAndMaxAge() {
        Response response = new Response(ResponseCode.CONTENT);
        response.setPayload("{\"t\":21.5}");
        response.getOptions().setContentFormat(MediaTypeRegistry.APPLICATION_JSON).addETag(new byte[] { 1, 2 })
                .setMaxAge(30);
        HttpAnswer answer = HttpAnswers.toHttp(response, false, "/coaptree");
        assertEquals(200, answer.status());
        assertEquals("application/json;charset=utf-8", answer.headers().get("Content-Type"));
        assertEquals("\"0102\"", answer.headers().get("ETag"));
        assertEquals("max-age=30", answer.headers().get("Cache-Control"));
        assertEquals("{\"t\":21.5}", new String(answer.body()));
    }

    @Test
    void withoutMaxAgeCoapsDefaultOf60SecondsApplies() {
        Response response = new Response(ResponseCode.CONTENT);
        response.setPayload("x");
        assertEquals("max-age=60", HttpAnswers.toHttp(response, false, "/coaptree").headers().get("Cache-Control"));
    }

    @Test
    void aValidAnswerToAConditionalGetIsNotModifiedWithoutBody() {
        Response response = new Response(ResponseCode.VALID);
        response.getOptions().addETag(new byte[] { 7 });
        HttpAnswer answer = HttpAnswers.toHttp(response, true, "/coaptree");
        assertEquals(304, answer.status());
        assertEquals("\"07\"", answer.headers().get("ETag"));
        assertEquals(0, answer.body().length);
    }

    @Test
    void aDiagnosticPayloadOfAnErrorIsText() {
        Response response = new Response(ResponseCode.BAD_REQUEST);
        response.setPayload("expected on or off");
        HttpAnswer answer = HttpAnswers.toHttp(response, false, "/coaptree");
        assertEquals(400, answer.status());
        assertEquals("text/plain;charset=utf-8", answer.headers().get("Content-Type"));
        assertFalse(answer.headers().containsKey("Cache-Control"));
    }

    @Test
    void createdCarriesItsLocationUnderThePrefix() {
        Response response = new Response(ResponseCode.CREATED);
        response.getOptions().addLocationPath("rd").addLocationPath("a b").addLocationQuery("x=1");
        HttpAnswer answer = HttpAnswers.toHttp(response, false, "/coaptree");
        assertEquals(201, answer.status());
        assertEquals("/coaptree/rd/a%20b?x=1", answer.headers().get("Location"));
    }

    @Test
    void serviceUnavailableTellsWhenToRetry() {
        Response response = new Response(ResponseCode.SERVICE_UNAVAILABLE);
        response.getOptions().setMaxAge(12);
        assertEquals("12", HttpAnswers.toHttp(response, false, "/coaptree").headers().get("Retry-After"));
    }

    @Test
    void changedWithoutPayloadIsNoContent() {
        HttpAnswer answer = HttpAnswers.toHttp(new Response(ResponseCode.CHANGED), false, "/coaptree");
        assertEquals(204, answer.status());
        assertFalse(answer.headers().containsKey("Content-Type"));
    }
}
