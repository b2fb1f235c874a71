package io.coaptree.bench.tree;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import io.coaptree.bench.mqtt.MosquittoProcess;
import io.coaptree.brokeracl.BridgedBrokers;
import io.coaptree.brokeracl.FleetInventory;
import io.coaptree.brokeracl.InvalidInputException;
import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.harness.hierarchy.TreeHierarchy.Gateway;

/**
 * The MQTT side of a tree target ({@code --brokers}): {@code embedded} (HiveMQ CE in the target JVM, the default),
 * {@code mosquitto} (one Mosquitto process) or {@code bridged} (a Mosquitto for the root and one per domain, each
 * domain's bridged to the root's with the topic lines the shipped generator writes, {@link BridgedBrokers}; each
 * gateway on its domain's broker). The Mosquitto variants listen on loopback without TLS or access list, so that
 * one broker and bridged brokers differ only in the bridges.
 */
public final class TreeBrokers implements AutoCloseable {

    private static final String HUB = "root";

    private final EmbeddedBroker embedded;
    /** The Mosquitto brokers by name ({@value #HUB}, or a domain's site); empty with the embedded broker. */
    private final Map<String, MosquittoProcess> mosquittos = new LinkedHashMap<>();
    private final Path dir;

    private TreeBrokers(EmbeddedBroker embedded, Path dir) {
        this.embedded = embedded;
        this.dir = dir;
    }

    public static TreeBrokers start(String kind, List<Gateway> gateways) throws IOException {
        switch (kind.toLowerCase(Locale.ROOT)) {
            case "embedded" -> {
                return new TreeBrokers(EmbeddedBroker.builder().countPublishes().start(), null);
            }
            case "mosquitto" -> {
                TreeBrokers brokers = new TreeBrokers(null, Files.createTempDirectory("coaptree-bench-mosquitto-"));
                brokers.launch(HUB, List.of());
                return brokers;
            }
            case "bridged" -> {
                TreeBrokers brokers = new TreeBrokers(null, Files.createTempDirectory("coaptree-bench-mosquitto-"));
                BridgedBrokers bridged = bridged(gateways);
                brokers.launch(HUB, List.of());
                for (String site : bridged.sites()) {
                    brokers.launch(site, bridge(bridged, site, brokers.mosquittos.get(HUB).port()));
                }
                return brokers;
            }
            default -> throw new IllegalArgumentException("--brokers must be embedded, mosquitto or bridged: " + kind);
        }
    }

    /** The broker of each gateway as the generator sees the fleet: the root's, or its domain's. */
    private static String brokerOf(Gateway g) {
        return g.domain().isEmpty() ? HUB : "site-" + g.domain();
    }

    private static BridgedBrokers bridged(List<Gateway> gateways) {
        List<String> lines = new ArrayList<>();
        for (Gateway g : gateways) {
            String role = g.level() == 0 ? "root" : g.level() == 1 ? "domain" : "group";
            lines.add(String.join(" ", g.name(), role, g.domain(), g.group(), "broker=" + brokerOf(g)));
        }
        try {
            return BridgedBrokers.of(FleetInventory.parse("bench", String.join("\n", lines), Map.of()), "coaptree");
        } catch (InvalidInputException e) {
            throw new IllegalStateException(e);
        }
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

    private void launch(String name, List<String> bridge) throws IOException {
        // TCP_NODELAY as generated; --set jvm.options=-Dcoaptree.bench.nodelay=false gives Mosquitto's default
        mosquittos.put(name, MosquittoProcess.start(dir, name, bridge));
    }

    /** The URL a gateway connects to. */
    public String url(Gateway g) {
        if (embedded != null) {
            return embedded.url();
        }
        return mosquittos.get(mosquittos.size() == 1 ? HUB : brokerOf(g)).url();
    }

    /** The root's broker's port (what the target reports as ready). */
    public int port() {
        return embedded != null ? embedded.port() : mosquittos.get(HUB).port();
    }

    /** The embedded broker's PUBLISH counts by client and topic kind ({@link EmbeddedBroker#publishesByClient}); empty
     * for Mosquitto. */
    public java.util.Map<String, Long> publishesByClient() {
        return embedded != null ? embedded.publishesByClient() : java.util.Map.of();
    }

    /** Faults of the embedded broker so far ({@link EmbeddedBroker#faults()}: messages it dropped); 0 for Mosquitto. */
    long brokerFaults() {
        return embedded != null ? embedded.faults() : 0;
    }

    @Override
    public void close() {
        if (embedded != null) {
            embedded.close();
        }
        mosquittos.values().forEach(MosquittoProcess::close);
    }
}
