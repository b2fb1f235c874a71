package io.coaptree.remotequery.coap;

import java.util.Map;
import java.util.stream.Collectors;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.server.resources.CoapExchange;

import io.coaptree.api.ExtendedResource;
import io.coaptree.tree.drops.DroppedMessages;

/**
 * {@code GET /tree-stats}: what this gateway refused of the tree's MQTT traffic, as JSON
 * ({@code {"refused":{"undecodable":3,"oversize":0,...},"total":3}}; every reason listed, zero included). The same
 * counts are the {@code tree.refused.*} properties of the tree service. Reads go through the server's access policy
 * like any resource's; only GET is served. Hidden from {@code /.well-known/core}, so the Resource Directory does not
 * carry it up the tree: each gateway answers for itself.
 */
public final class TreeStatsResource extends ExtendedResource {

    public static final String NAME = "tree-stats";

    private final DroppedMessages refusals;

    public TreeStatsResource(DroppedMessages refusals) {
        super(NAME, false);
        this.refusals = refusals;
    }

    @Override
    public void handleGET(CoapExchange exchange) {
        exchange.respond(ResponseCode.CONTENT, json(refusals.counts()), MediaTypeRegistry.APPLICATION_JSON);
    }

    /** Labels are fixed names of letters and '-', so they need no escaping. */
    static String json(Map<String, Long> counts) {
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        return counts.entrySet().stream().map(e -> "\"" + e.getKey() + "\":" + e.getValue())
                .collect(Collectors.joining(",", "{\"refused\":{", "},\"total\":" + total + "}"));
    }
}
