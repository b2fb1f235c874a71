package io.coaptree.remotequery.coap;

import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import java.util.stream.Collectors;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.server.resources.CoapExchange;

import io.coaptree.api.ExtendedResource;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.model.JoinStatus;

/**
 * {@code GET /tree-stats}: what this gateway refused of the tree's MQTT traffic, and the requests for remote
 * resources it refused at once because they could not be answered in time (bounded waiting), as JSON
 * ({@code {"refused":{"undecodable":3,"oversize":0,...},"total":3,"join":{"state":"JOINED","answers-coalesced":0},
 * "admission-refused":2}}; every reason listed, zero included), with the gateway's join: its state and, while
 * refused, who refused it ({@code "refused-by"}) and when it asks again ({@code "next-attempt"}, epoch ms). The
 * refusal counts are the {@code tree.refused.*} properties of the tree service; the admission count starts again with each configuration of the remote-query component. Reads go through the server's access policy
 * like any resource's; only GET is served. Hidden from {@code /.well-known/core}, so the Resource Directory does not
 * carry it up the tree: each gateway answers for itself.
 */
public final class TreeStatsResource extends ExtendedResource {

    public static final String NAME = "tree-stats";

    private final DroppedMessages refusals;
    private final LongSupplier admissionRefused;
    private final Supplier<JoinStatus> join;

    /**
     * @param admissionRefused the requests refused by admission so far ({@code RemoteQueryNode})
     * @param join             the gateway's join now ({@code TreeService.joinStatus})
     */
    public TreeStatsResource(DroppedMessages refusals, LongSupplier admissionRefused, Supplier<JoinStatus> join) {
        super(NAME, false);
        this.refusals = refusals;
        this.admissionRefused = admissionRefused;
        this.join = join;
    }

    @Override
    public void handleGET(CoapExchange exchange) {
        exchange.respond(ResponseCode.CONTENT, json(refusals.counts(), admissionRefused.getAsLong(), join.get()),
                MediaTypeRegistry.APPLICATION_JSON);
    }

    /**
     * Labels are fixed names of letters and '-', states are enum names and node addresses are of letters, digits,
     * {@code _ . - /}, so they need no escaping.
     */
    static String json(Map<String, Long> counts, long admissionRefused, JoinStatus join) {
        long total = counts.values().stream().mapToLong(Long::longValue).sum();
        StringBuilder joinJson = new StringBuilder("{\"state\":\"").append(join.state()).append('"');
        join.refusedBy().ifPresent(by -> joinJson.append(",\"refused-by\":\"").append(by).append('"'));
        join.nextAttemptAt().ifPresent(at -> joinJson.append(",\"next-attempt\":").append(at));
        joinJson.append(",\"answers-coalesced\":").append(join.answersCoalesced()).append('}');
        return counts.entrySet().stream().map(e -> "\"" + e.getKey() + "\":" + e.getValue())
                .collect(Collectors.joining(",", "{\"refused\":{", "},\"total\":" + total + ",\"join\":" + joinJson
                        + ",\"admission-refused\":" + admissionRefused + "}"));
    }
}
