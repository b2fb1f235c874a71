package io.coaptree.brokeracl;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@code connection} section (Mosquitto 2.0) with which a site's broker bridges to the hub: over TLS, checking
 * the hub's certificate and host name, logging in as {@link BridgedBrokers#bridgeUser(String)}, carrying
 * {@link BridgedBrokers#bridgeTopics(String)} at the tree's QoS.
 * <ul>
 * <li>{@code cleansession true}: nothing the tree sends is worth queueing over an outage. Membership is restated
 * by every heartbeat, a request that could not cross has been answered by the tree's timeout, and a persistent
 * session would deliver stale requests and heartbeats after a long outage. The tree uses no retained messages.</li>
 * <li>{@code notifications_local_only true}: the bridge's state ({@code $SYS/broker/connection/<id>/state}) is
 * published on the site's broker only, so the hub's access list need not grant the bridge a will.</li>
 * <li>{@code try_private true} (Mosquitto's default, stated): a Mosquitto hub then knows the client is a bridge;
 * the topic sets are disjoint anyway, so a hub without the feature forms no loop either.</li>
 * <li>{@code remote_clientid} is the bridge's user name: the hub ties every client id to its user
 * ({@code use_username_as_clientid}), and the bridge's log lines then name it as the hub does.</li>
 * <li>{@code bridge_max_packet_size}: the hub's {@code max_packet_size}. A larger message stays on the site's broker
 * (whose own limit is the same, so none arrives there) instead of making the hub close the bridge.</li>
 * </ul>
 */
public final class MosquittoBridge {

    /**
     * Where the bridge connects and how it proves who it is; file paths as the site's broker sees them.
     *
     * @param maxPacketSize the fleet's {@link MosquittoListener#maxPacketSize(int)}, the hub's limit too
     */
    public record Settings(String hubAddress, MosquittoListener.Authentication authentication, String caFile,
            String certFile, String keyFile, int maxPacketSize) {

        public Settings {
            Objects.requireNonNull(hubAddress, "hubAddress");
            Objects.requireNonNull(authentication, "authentication");
            Objects.requireNonNull(caFile, "caFile");
            Objects.requireNonNull(certFile, "certFile");
            Objects.requireNonNull(keyFile, "keyFile");
        }
    }

    /** How often the bridge pings an idle link; a silently cut link is noticed within one to two of these. */
    static final int KEEPALIVE_SECONDS = 30;

    private MosquittoBridge() {
    }

    /** The section's lines, to follow the listener settings at the end of the site's configuration. */
    public static String write(BridgedBrokers brokers, String site, Settings s) {
        String user = BridgedBrokers.bridgeUser(site);
        List<String> lines = new ArrayList<>();
        lines.add("# bridge to the root's broker " + brokers.hub() + ", as user " + user);
        lines.add("connection " + user);
        lines.add("address " + s.hubAddress());
        lines.add("remote_clientid " + user);
        lines.add("cleansession true");
        lines.add("try_private true");
        lines.add("notifications true");
        lines.add("notifications_local_only true");
        lines.add("keepalive_interval " + KEEPALIVE_SECONDS);
        lines.add("bridge_protocol_version mqttv311");
        lines.add("bridge_max_packet_size " + s.maxPacketSize());
        lines.add("bridge_cafile " + s.caFile());
        lines.add("bridge_tls_version tlsv1.2");
        lines.add("bridge_insecure false");
        if (s.authentication() == MosquittoListener.Authentication.CERTIFICATE) {
            lines.add("bridge_certfile " + s.certFile());
            lines.add("bridge_keyfile " + s.keyFile());
        } else {
            lines.add("remote_username " + user);
            lines.add("# remote_password: add it here, as set for " + user + " in the hub's password_file"
                    + " (the generator never handles passwords)");
        }
        for (BridgedBrokers.BridgeTopic topic : brokers.bridgeTopics(site)) {
            lines.add("topic " + topic.filter() + " " + topic.direction().keyword() + " " + BridgedBrokers.QOS);
        }
        lines.add("");
        return String.join("\n", lines);
    }
}
