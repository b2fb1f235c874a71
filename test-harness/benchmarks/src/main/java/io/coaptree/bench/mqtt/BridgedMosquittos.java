package io.coaptree.bench.mqtt;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.coaptree.brokeracl.BridgedBrokers;
import io.coaptree.brokeracl.FleetInventory;
import io.coaptree.brokeracl.InvalidInputException;

/**
 * Mosquitto processes for a fleet spread over several brokers, bridged as the shipped generator bridges them
 * ({@link BridgedBrokers}, the {@code broker-acl} tool's own topic lines): the hub (the root's broker) first, then one
 * process per site, each with a bridge to the hub. The benchmarks' brokers listen on loopback without TLS or access
 * list, so the bridge keeps the generated topics and session settings and drops only the TLS lines: one broker and
 * bridged brokers then differ in the bridges alone. Used by the tree benchmark and the fleet simulator.
 */
public final class BridgedMosquittos implements AutoCloseable {

    /** The processes by broker name, the hub first. */
    private final Map<String, MosquittoProcess> brokers = new LinkedHashMap<>();
    private final String hub;

    private BridgedMosquittos(String hub) {
        this.hub = hub;
    }

    /**
     * Starts the brokers an inventory names and returns once each accepts connections.
     *
     * @param inventory fleet inventory lines as the generator reads them ({@code <name> <role> [<domain>
     *        [<group>]] broker=<broker>}), every line naming its broker
     * @param prefix the tree's topic prefix
     * @param dir where each broker's configuration and log go
     */
    public static BridgedMosquittos start(List<String> inventory, String prefix, Path dir) throws IOException {
        BridgedBrokers bridged;
        try {
            bridged = BridgedBrokers.of(FleetInventory.parse("bench", String.join("\n", inventory), Map.of()),
                    prefix);
        } catch (InvalidInputException e) {
            throw new IllegalArgumentException(e.getMessage(), e);
        }
        BridgedMosquittos started = new BridgedMosquittos(bridged.hub());
        try {
            // the hub first: a site's bridge connects to it at start
            MosquittoProcess hub = MosquittoProcess.start(dir, bridged.hub(), List.of());
            started.brokers.put(bridged.hub(), hub);
            for (String site : bridged.sites()) {
                started.brokers.put(site, MosquittoProcess.start(dir, site, bridge(bridged, site, hub.port())));
            }
        } catch (IOException | RuntimeException e) {
            started.close();
            throw e;
        }
        return started;
    }

    /** The generated bridge's topics and session settings, without its TLS lines (loopback, no access list). */
    private static List<String> bridge(BridgedBrokers bridged, String site, int hubPort) {
        List<String> lines = new ArrayList<>(List.of("connection " + BridgedBrokers.bridgeUser(site),
                "address 127.0.0.1:" + hubPort, "remote_clientid " + BridgedBrokers.bridgeUser(site),
                "cleansession true", "try_private true", "notifications false"));
        for (BridgedBrokers.BridgeTopic t : bridged.bridgeTopics(site)) {
            lines.add("topic " + t.filter() + " " + t.direction().keyword() + " " + BridgedBrokers.QOS);
        }
        return lines;
    }

    /** The broker of the root's gateways. */
    public String hub() {
        return hub;
    }

    /** The URL a gateway on {@code broker} connects to. */
    public String url(String broker) {
        MosquittoProcess process = brokers.get(broker);
        if (process == null) {
            throw new IllegalArgumentException("no broker " + broker + " among " + brokers.keySet());
        }
        return process.url();
    }

    /** The hub's port. */
    public int hubPort() {
        return brokers.get(hub).port();
    }

    /** How many brokers run. */
    public int size() {
        return brokers.size();
    }

    @Override
    public void close() {
        brokers.values().forEach(MosquittoProcess::close);
    }
}
