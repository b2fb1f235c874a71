package io.coaptree.telemetry.coap;

import java.util.List;
import java.util.Objects;
import java.util.function.LongSupplier;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.server.resources.CoapExchange;

import io.coaptree.api.ExtendedResource;
import io.coaptree.api.PeerIdentity;
import io.coaptree.telemetry.record.TelemetryRecord;
import io.coaptree.telemetry.uplink.IntakeResult;
import io.coaptree.telemetry.uplink.RecordIntake;
import io.coaptree.tree.bus.DeliveryClass;

/**
 * The resource devices POST records to ({@code telemetry.resource.path}, default {@code /telemetry}): each POST is
 * one record, its payload taken as it is with its Content-Format, answered 2.04 once queued for the uplink. A
 * request may ask for a class with {@code ?dc=urgent} or {@code ?dc=normal} (else the configured one). Refused:
 * an empty payload, an unknown query parameter or class (4.00 with a diagnostic naming what is wrong), a payload
 * above {@code telemetry.record.max.bytes} (4.13), and, while the uplink cannot take it (its queue or the gateway's
 * outbound queue is full, or the broker is out of reach), 5.03 with Max-Age 1 and the reason, so the device sends it
 * again rather than a record answered 2.04 being lost. Who may POST is the CoAP server's access policy's business
 * (writes need a DTLS peer unless the server opens them).
 */
public final class TelemetryResource extends ExtendedResource {

    private static final String CLASS_PARAMETER = "dc=";

    private final RecordIntake queue;
    private final String topic;
    private final DeliveryClass defaultClass;
    private final int maxBytes;
    private final LongSupplier clock;

    public TelemetryResource(String name, RecordIntake queue, String topic, DeliveryClass defaultClass, int maxBytes,
            LongSupplier clock) {
        super(name);
        this.queue = Objects.requireNonNull(queue, "queue");
        this.topic = Objects.requireNonNull(topic, "topic");
        this.defaultClass = Objects.requireNonNull(defaultClass, "defaultClass");
        this.maxBytes = maxBytes;
        this.clock = Objects.requireNonNull(clock, "clock");
        getAttributes().setTitle("telemetry records: POST one record per request");
    }

    @Override
    public void handlePOST(CoapExchange exchange) {
        DeliveryClass deliveryClass = defaultClass;
        List<String> query = exchange.getRequestOptions().getUriQuery();
        for (String parameter : query) {
            if (!parameter.startsWith(CLASS_PARAMETER)) {
                exchange.respond(ResponseCode.BAD_REQUEST, "unknown query parameter '" + shorten(parameter)
                        + "' (only dc=urgent or dc=normal)");
                return;
            }
            String label = parameter.substring(CLASS_PARAMETER.length());
            DeliveryClass asked = DeliveryClass.fromLabel(label).filter(c -> c != DeliveryClass.CONTROL).orElse(null);
            if (asked == null) {
                exchange.respond(ResponseCode.BAD_REQUEST, "dc: '" + shorten(label) + "' is not urgent or normal");
                return;
            }
            deliveryClass = asked;
        }
        byte[] payload = exchange.getRequestPayload();
        if (payload == null || payload.length == 0) {
            exchange.respond(ResponseCode.BAD_REQUEST, "a record needs a payload");
            return;
        }
        if (payload.length > maxBytes) {
            Response tooLarge = new Response(ResponseCode.REQUEST_ENTITY_TOO_LARGE);
            tooLarge.setPayload("a record is at most " + maxBytes + " bytes (telemetry.record.max.bytes), this one "
                    + payload.length);
            tooLarge.getOptions().setSize1(maxBytes);
            exchange.respond(tooLarge);
            return;
        }
        int format = exchange.getRequestOptions().hasContentFormat()
                ? exchange.getRequestOptions().getContentFormat() : TelemetryRecord.NO_FORMAT;
        TelemetryRecord record = new TelemetryRecord(TelemetryRecord.Origin.POSTED, source(exchange), topic, format,
                clock.getAsLong(), payload);
        IntakeResult taken = queue.offer(record, deliveryClass);
        if (!taken.accepted()) {
            exchange.setMaxAge(1);
            exchange.respond(ResponseCode.SERVICE_UNAVAILABLE, taken.diagnostic());
            return;
        }
        exchange.respond(ResponseCode.CHANGED);
    }

    /**
     * The device's authenticated identity ({@code psk:sensor-1}, qualified by its gateway when another gateway
     * authenticated it: {@code A/1/gA1:psk:sensor-1}), else its address ({@code coap://ip:port}).
     */
    private static String source(CoapExchange exchange) {
        return PeerIdentity.of(exchange).map(PeerIdentity::toString)
                .orElseGet(() -> "coap://" + hostLiteral(exchange) + ":" + exchange.getSourcePort());
    }

    private static String hostLiteral(CoapExchange exchange) {
        String host = exchange.getSourceAddress().getHostAddress();
        return host.indexOf(':') >= 0 ? "[" + host + "]" : host;
    }

    private static String shorten(String text) {
        String clean = text.replaceAll("\\p{Cntrl}", "?");
        return clean.length() <= 40 ? clean : clean.substring(0, 40) + "...";
    }
}
