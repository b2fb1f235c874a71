package io.coaptree.driver.kura;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.server.resources.CoapExchange;

import io.coaptree.api.ExtendedResource;

/**
 * An observable resource holding a payload in a content format: GET answers it, PUT and POST replace it and notify
 * the observers. {@code silent} resources never answer a GET (a gateway that does not answer).
 */
final class TestResource extends ExtendedResource {

    private final boolean silent;
    private volatile byte[] payload;
    private volatile int format;
    final AtomicInteger gets = new AtomicInteger();
    volatile String lastWrite;
    volatile int lastWriteFormat = -1;

    TestResource(String name, String text, int format, boolean silent) {
        super(name);
        this.payload = text.getBytes(StandardCharsets.UTF_8);
        this.format = format;
        this.silent = silent;
        setObservable(true);
    }

    void set(byte[] bytes, int contentFormat) {
        payload = bytes;
        format = contentFormat;
        changed();
    }

    void set(String text) {
        set(text.getBytes(StandardCharsets.UTF_8), format);
    }

    @Override
    public void handleGET(CoapExchange exchange) {
        gets.incrementAndGet();
        if (!silent) {
            exchange.respond(ResponseCode.CONTENT, payload, format);
        }
    }

    @Override
    public void handlePUT(CoapExchange exchange) {
        write(exchange);
    }

    @Override
    public void handlePOST(CoapExchange exchange) {
        write(exchange);
    }

    private void write(CoapExchange exchange) {
        lastWrite = exchange.getRequestText();
        lastWriteFormat = exchange.getRequestOptions().getContentFormat();
        set(exchange.getRequestPayload(), format);
        exchange.respond(ResponseCode.CHANGED);
    }
}
