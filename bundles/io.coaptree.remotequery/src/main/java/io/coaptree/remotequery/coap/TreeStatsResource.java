package io.coaptree.remotequery.coap;

import java.util.Map;
import java.util.function.LongSupplier;
import java.util.stream.Collectors;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.server.resources.CoapExchange;

import io.coaptree.api.ExtendedResource;
import io.coaptree.tree.drops.DroppedMessages;

/**
 * {@code GET /tree-stats}: what this gateway refused of the tree's MQTT traffic, and the requests for remote
 * resources it refused at once because they could not be answered in time (bounded waiting), as JSON
 * ({@code {"refused":{"undecodable":3,"oversize":0,...},"total":3,"admission-refused":2}}; every reason listed, zero
 * included). The refusal counts are the {@code tree.refused.*} properties of the tree service; the admission count
 * starts again with each configuration of the remote-query component. Reads go through the server's access policy
 * like any resource's; only GET is served. Hidden from {@code /.well-known/core}, so the Resource Directory does not
 * carry it up the tree: each gateway answers for itself.
 */
public final class TreeStatsResource extends ExtendedResource {

    public static final String NAME = "tree-stats";

    private final DroppedMessages refusals;
    private final LongSupplier admissionRefused;

    /** @param admissionRefused the requests refused by admission so far ({@code RemoteQueryNode}) */
    public TreeStatsResource(DroppedMessages refusals, LongSupplier admissionRefused) {
        super(NAME, false);
        this.refusals = refusals;
        this.admissionRefused = admissionRefused;
    }

    @Override
    public void handleGET(CoapExchange exchange) {
        exchange.respond(ResponseCode.CONTENT, json(refusals.counts(), admissionRefused.getAsLong()),
                MediaTypeRegistry.APPLICATION_JSON);
    }

    /** Labels are fixed names of letters and '-', so they need no escaping. */
    static String json(Map<String, Long> counts, long admissionRefused) {
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        return counts.entrySet().stream().map(e -> "\"" + e.getKey() + "\":" + e.getValue())
                .collect(Collectors.joining(",", "{\"refused\":{", "},\"total\":" + total
                        + ",\"admission-refused\":" + admissionRefused + "}"));
    }
}
