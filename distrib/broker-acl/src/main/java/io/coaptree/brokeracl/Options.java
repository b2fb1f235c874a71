package io.coaptree.brokeracl;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The command line's options: each given once, except {@code --port}, which may be given once plainly (every
 * broker's port) and once per broker as {@code <broker>=<port>}. Path options may contain
 * {@value BrokerAclTool#BROKER_PLACEHOLDER}. Wrong input is an {@link IllegalArgumentException} naming the option.
 */
final class Options {

    private static final List<String> KNOWN = List.of("--kura-config", "--inventory", "--out", "--auth", "--port",
            "--bind", "--acl-file", "--cafile", "--certfile", "--keyfile", "--password-file", "--hub-address",
            "--bridge-cafile", "--bridge-certfile", "--bridge-keyfile");
    private static final int DEFAULT_PORT = 8883;

    private final Map<String, String> values;
    private final Map<String, Integer> brokerPorts;
    private final int port;

    private Options(Map<String, String> values, Map<String, Integer> brokerPorts, int port) {
        this.values = values;
        this.brokerPorts = brokerPorts;
        this.port = port;
    }

    static Options parse(String[] args) {
        Map<String, String> values = new LinkedHashMap<>();
        Map<String, Integer> brokerPorts = new LinkedHashMap<>();
        Integer port = null;
        List<String> rest = new ArrayList<>(List.of(args));
        while (!rest.isEmpty()) {
            String name = rest.remove(0);
            if (!KNOWN.contains(name)) {
                throw new IllegalArgumentException("unknown option " + name);
            }
            if (rest.isEmpty()) {
                throw new IllegalArgumentException(name + " needs a value");
            }
            String value = rest.remove(0);
            if (name.equals("--port")) {
                int at = value.indexOf('=');
                if (at < 0 && port == null) {
                    port = port(value);
                } else if (at > 0 && brokerPorts.putIfAbsent(value.substring(0, at), port(value.substring(at + 1)))
                        == null) {
                    continue;
                } else {
                    throw new IllegalArgumentException("--port " + value + ": given twice or without a broker name");
                }
            } else if (values.putIfAbsent(name, value) != null) {
                throw new IllegalArgumentException(name + " is given twice");
            }
        }
        for (String required : List.of("--kura-config", "--inventory", "--out")) {
            if (!values.containsKey(required)) {
                throw new IllegalArgumentException(required + " is required");
            }
        }
        return new Options(values, brokerPorts, port == null ? DEFAULT_PORT : port);
    }

    private static int port(String text) {
        int port;
        try {
            port = Integer.parseInt(text);
        } catch (NumberFormatException e) {
            port = -1;
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("--port must be 1 to 65535");
        }
        return port;
    }

    String value(String name) {
        return values.get(name);
    }

    /** The per-broker options must name brokers of the inventory; without brokers, there must be none. */
    void checkBrokers(List<String> brokers) {
        for (String broker : brokerPorts.keySet()) {
            if (!brokers.contains(broker)) {
                throw new IllegalArgumentException("--port " + broker + "=...: the inventory names no broker '"
                        + broker + "' (it names " + String.join(", ", brokers) + ")");
            }
        }
    }

    MosquittoListener.Authentication authentication() {
        String auth = values.getOrDefault("--auth", "certificate").toUpperCase(Locale.ROOT);
        try {
            return MosquittoListener.Authentication.valueOf(auth);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--auth must be certificate or password");
        }
    }

    /** @param broker empty for a fleet on one broker */
    MosquittoListener.Settings listener(String broker) {
        if (broker.isEmpty() && !brokerPorts.isEmpty()) {
            throw new IllegalArgumentException("--port <broker>=<n> is for an inventory that names brokers");
        }
        return new MosquittoListener.Settings(brokerPorts.getOrDefault(broker, port), values.getOrDefault("--bind", ""),
                authentication(), path(broker, "--acl-file", "/etc/mosquitto/" + BrokerAclTool.ACL_FILE),
                path(broker, "--cafile", "/etc/mosquitto/certs/ca.crt"),
                path(broker, "--certfile", "/etc/mosquitto/certs/server.crt"),
                path(broker, "--keyfile", "/etc/mosquitto/certs/server.key"),
                path(broker, "--password-file", "/etc/mosquitto/passwd"));
    }

    MosquittoBridge.Settings bridge(String site, String hub, int maxPacketSize) {
        MosquittoListener.Settings listener = listener(site);
        String hubPort = ":" + brokerPorts.getOrDefault(hub, port);
        String hubAddress = values.getOrDefault("--hub-address", hub + hubPort);
        if (!hubAddress.contains(":")) { // Mosquitto would take 1883
            hubAddress += hubPort;
        }
        return new MosquittoBridge.Settings(hubAddress, listener.authentication(),
                path(site, "--bridge-cafile", listener.caFile()),
                path(site, "--bridge-certfile", "/etc/mosquitto/certs/bridge.crt"),
                path(site, "--bridge-keyfile", "/etc/mosquitto/certs/bridge.key"), maxPacketSize);
    }

    private String path(String broker, String option, String fallback) {
        return values.getOrDefault(option, fallback).replace(BrokerAclTool.BROKER_PLACEHOLDER, broker);
    }
}
