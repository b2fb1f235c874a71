package io.coaptree.telemetry.coap;

import java.util.ArrayDeque;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.server.resources.CoapExchange;

import io.coaptree.api.ExtendedResource;
import io.coaptree.telemetry.record.TelemetryRecord;
import io.coaptree.telemetry.uplink.RecordSink;
import io.coaptree.tree.bus.DeliveryClass;

/**
 * {@code GET /telemetry-feed} on a root gateway whose destination is the root itself: the newest
 * {@code telemetry.feed.records} records that reached the root, oldest first, as JSON, each numbered
 * ({@code seq}, from 1 since the component started) so a reader polling with {@code ?after=<seq>} gets only what is
 * new: {@code {"records":[{"seq":7,"gateway":"B/1/gB1","origin":"posted","source":"coap://10.0.0.7:5683",
 * "topic":"telemetry","ct":0,"time":1764160000000,"payload":"<base64>"}],"last":7}}. Observable: every new record
 * notifies (Californium sends the newest state to an observer that cannot keep up). Hidden from
 * {@code /.well-known/core}.
 */
public final class TelemetryFeedResource extends ExtendedResource implements RecordSink {

    public static final String NAME = "telemetry-feed";

    private static final String AFTER = "after=";

    private record Entry(long seq, String gateway, TelemetryRecord record) {
    }

    private final int capacity;
    /** Guarded by itself. */
    private final ArrayDeque<Entry> entries = new ArrayDeque<>();
    private long last;

    public TelemetryFeedResource(int capacity) {
        super(NAME, false);
        this.capacity = capacity;
        setObservable(true);
    }

    @Override
    public boolean deliver(String gateway, TelemetryRecord record, DeliveryClass deliveryClass) {
        synchronized (entries) {
            entries.addLast(new Entry(++last, gateway, record));
            while (entries.size() > capacity) {
                entries.removeFirst();
            }
        }
        changed();
        return true;
    }

    @Override
    public void handleGET(CoapExchange exchange) {
        long after = 0;
        for (String parameter : exchange.getRequestOptions().getUriQuery()) {
            if (!parameter.startsWith(AFTER) || !parameter.substring(AFTER.length()).matches("[0-9]{1,18}")) {
                exchange.respond(ResponseCode.BAD_REQUEST, "only after=<seq>, a whole number");
                return;
            }
            after = Long.parseLong(parameter.substring(AFTER.length()));
        }
        List<Entry> newer;
        long lastSeq;
        synchronized (entries) {
            long from = after;
            newer = entries.stream().filter(e -> e.seq() > from).toList();
            lastSeq = last;
        }
        exchange.respond(ResponseCode.CONTENT, newer.stream().map(TelemetryFeedResource::json)
                .collect(Collectors.joining(",", "{\"records\":[", "],\"last\":" + lastSeq + "}")),
                MediaTypeRegistry.APPLICATION_JSON);
    }

    private static String json(Entry e) {
        TelemetryRecord r = e.record();
        return "{\"seq\":" + e.seq() + ",\"gateway\":" + quoted(e.gateway()) + ",\"origin\":\"" + r.origin().label()
                + "\",\"source\":" + quoted(r.source()) + ",\"topic\":" + quoted(r.topic())
                + (r.contentFormat() == TelemetryRecord.NO_FORMAT ? "" : ",\"ct\":" + r.contentFormat())
                + ",\"time\":" + r.timeMillis() + ",\"payload\":\"" + Base64.getEncoder().encodeToString(r.payload())
                + "\"}";
    }

    /** A JSON string: sources and topics come from devices and settings, so everything unusual is escaped. */
    static String quoted(String text) {
        StringBuilder out = new StringBuilder(text.length() + 2).append('"');
        for (char c : text.toCharArray()) {
            if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c < 0x20 || c > 0x7e) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }
}
