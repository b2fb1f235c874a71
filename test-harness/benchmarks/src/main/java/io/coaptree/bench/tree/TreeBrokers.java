package io.coaptree.bench.tree;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.coaptree.bench.mqtt.BridgedMosquittos;
import io.coaptree.bench.mqtt.MosquittoProcess;
import io.coaptree.brokeracl.BridgedBrokers;
import io.coaptree.harness.broker.EmbeddedBroker;
import io.coaptree.harness.hierarchy.TreeHierarchy.Gateway;

/**
 * The MQTT side of a tree target ({@code --brokers}): {@code embedded} (HiveMQ CE in the target JVM, the default),
 * {@code mosquitto} (one Mosquitto process) or {@code bridged} (a Mosquitto for the root and one per domain, each
 * domain's bridged to the root's with the topic lines the shipped generator writes, {@link BridgedBrokers}, started
 * by {@link BridgedMosquittos}; each gateway on its domain's broker). The Mosquitto variants listen on loopback without
 * TLS or access list, so that one broker and bridged brokers differ only in the bridges.
 */
public final class TreeBrokers implements AutoCloseable {

    private static final String HUB = "root";

    private final EmbeddedBroker embedded;
    /** One Mosquitto ({@code mosquitto}), or null. */
    private final MosquittoProcess mosquitto;
    /** A Mosquitto for the root and one per domain ({@code bridged}), or null. */
    private final BridgedMosquittos bridged;

    private TreeBrokers(EmbeddedBroker embedded, MosquittoProcess mosquitto, BridgedMosquittos bridged) {
        this.embedded = embedded;
        this.mosquitto = mosquitto;
        this.bridged = bridged;
    }

    public static TreeBrokers start(String kind, List<Gateway> gateways) throws IOException {
        switch (kind.toLowerCase(Locale.ROOT)) {
            case "embedded" -> {
                return new TreeBrokers(EmbeddedBroker.builder().countPublishes().start(), null, null);
            }
            case "mosquitto" -> {
                // TCP_NODELAY as generated; --set jvm.options=-Dcoaptree.bench.nodelay=false gives Mosquitto's default
                return new TreeBrokers(null, MosquittoProcess.start(directory(), HUB, List.of()), null);
            }
            case "bridged" -> {
                return new TreeBrokers(null, null, BridgedMosquittos.start(inventory(gateways), "coaptree",
                        directory()));
            }
            default -> throw new IllegalArgumentException("--brokers must be embedded, mosquitto or bridged: " + kind);
        }
    }

    private static Path directory() throws IOException {
        return Files.createTempDirectory("coaptree-bench-mosquitto-");
    }

    /** The broker of each gateway as the generator sees the fleet: the root's, or its domain's. */
    private static String brokerOf(Gateway g) {
        return g.domain().isEmpty() ? HUB : "site-" + g.domain();
    }

    /** The fleet inventory the generator would read, each gateway on its broker. */
    private static List<String> inventory(List<Gateway> gateways) {
        List<String> lines = new ArrayList<>();
        for (Gateway g : gateways) {
            String role = g.level() == 0 ? "root" : g.level() == 1 ? "domain" : "group";
            lines.add(String.join(" ", g.name(), role, g.domain(), g.group(), "broker=" + brokerOf(g)));
        }
        return lines;
    }

    /** The URL a gateway connects to. */
    public String url(Gateway g) {
        if (embedded != null) {
            return embedded.url();
        }
        return mosquitto != null ? mosquitto.url() : bridged.url(brokerOf(g));
    }

    /** The root's broker's port (what the target reports as ready). */
    public int port() {
        return embedded != null ? embedded.port() : mosquitto != null ? mosquitto.port() : bridged.hubPort();
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
        if (mosquitto != null) {
            mosquitto.close();
        }
        if (bridged != null) {
            bridged.close();
        }
    }
}
