package io.coaptree.examples.component;

import java.nio.charset.StandardCharsets;
import java.util.Locale;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.osgi.service.component.annotations.Component;

import io.coaptree.api.ExtendedResource;

/**
 * An actuator at {@code /switch}: GET returns {@code on} or {@code off}; PUT sets it ({@code on}/{@code off},
 * {@code true}/{@code false} or {@code 1}/{@code 0}); POST with the same payload sets it and POST with an empty payload
 * toggles it. Changes answer 2.04 Changed and notify observers; anything else is 4.00 Bad Request with a diagnostic.
 *
 * <p>
 * Published through the whiteboard: registered as an {@code io.coaptree.api.ExtendedResource} service, the CoAP
 * server picks it up; it needs no reference to the server.
 */
@Component(immediate = true, service = ExtendedResource.class)
public class SwitchResource extends ExtendedResource {

    static final String NAME = "switch";

    private boolean on;

    public SwitchResource() {
        super(NAME);
        getAttributes().addResourceType("switch");
        // the CoRE interface of an actuator (draft-ietf-core-interfaces)
        getAttributes().addInterfaceDescription("core.a");
        getAttributes().addContentType(MediaTypeRegistry.TEXT_PLAIN);
        setObservable(true);
        getAttributes().setObservable();
    }

    @Override
    public void handleGET(CoapExchange exchange) {
        exchange.respond(ResponseCode.CONTENT, state(), MediaTypeRegistry.TEXT_PLAIN);
    }

    @Override
    public void handlePUT(CoapExchange exchange) {
        String payload = payload(exchange);
        if (payload.isEmpty()) {
            badRequest(exchange, "PUT needs a payload: on or off");
            return;
        }
        apply(exchange, payload);
    }

    @Override
    public void handlePOST(CoapExchange exchange) {
        String payload = payload(exchange);
        if (payload.isEmpty()) {
            boolean toggled;
            synchronized (this) {
                on = !on;
                toggled = on;
            }
            changed();
            exchange.respond(ResponseCode.CHANGED, toggled ? "on" : "off", MediaTypeRegistry.TEXT_PLAIN);
            return;
        }
        apply(exchange, payload);
    }

    private void apply(CoapExchange exchange, String payload) {
        Boolean wanted = parse(payload);
        if (wanted == null) {
            badRequest(exchange, "expected on or off (or true/false, 1/0), got '" + abbreviate(payload) + "'");
            return;
        }
        boolean changedState;
        synchronized (this) {
            changedState = on != wanted;
            on = wanted;
        }
        if (changedState) {
            changed();
        }
        exchange.respond(ResponseCode.CHANGED, wanted ? "on" : "off", MediaTypeRegistry.TEXT_PLAIN);
    }

    synchronized String state() {
        return on ? "on" : "off";
    }

    private static String payload(CoapExchange exchange) {
        byte[] bytes = exchange.getRequestPayload();
        return bytes == null ? "" : new String(bytes, StandardCharsets.UTF_8).trim();
    }

    private static Boolean parse(String payload) {
        switch (payload.toLowerCase(Locale.ROOT)) {
        case "on":
        case "true":
        case "1":
            return Boolean.TRUE;
        case "off":
        case "false":
        case "0":
            return Boolean.FALSE;
        default:
            return null;
        }
    }

    private static void badRequest(CoapExchange exchange, String diagnostic) {
        exchange.respond(ResponseCode.BAD_REQUEST, diagnostic, MediaTypeRegistry.TEXT_PLAIN);
    }

    private static String abbreviate(String text) {
        return text.length() <= 32 ? text : text.substring(0, 32) + "...";
    }
}
