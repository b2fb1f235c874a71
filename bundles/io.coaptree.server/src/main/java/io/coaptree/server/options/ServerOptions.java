package io.coaptree.server.options;

import static io.coaptree.properties.Refusal.STANDARD;

import java.util.Map;

import io.coaptree.properties.ComponentProperties;
import io.coaptree.properties.InvalidPropertyException;

/**
 * The CoAP server's configuration, typed and validated. Property ids are those of the Kura metatype
 * ({@code OSGI-INF/metatype/io.coaptree.server.CoapServerService.xml}); every instance satisfies the documented
 * bounds, whichever way it was built.
 *
 * @param enabled {@value #ENABLED}: whether an endpoint is bound at all
 * @param bindAddress {@value #BIND_ADDRESS}: IP address or host name of a local interface, 0.0.0.0 for all
 * @param port {@value #PORT}: UDP port, 0 picks a free one
 * @param domain {@value #DOMAIN}: the node's domain (RD sector), empty for none
 * @param group {@value #GROUP}: the node's group inside its domain, empty for none
 * @param maxMessageSize {@value #MAX_MESSAGE_SIZE}: largest payload sent or accepted in one message, bytes
 * @param blockSize {@value #BLOCK_SIZE}: preferred block size of blockwise transfers, a power of two 16..1024
 * @param maxResourceBodySize {@value #MAX_RESOURCE_BODY_SIZE}: largest body reassembled from blocks, bytes
 * @param maxPeers {@value #MAX_PEERS}: peers the server keeps state for at once
 * @param peerInactivitySeconds {@value #PEER_INACTIVITY}: a peer silent this long may be forgotten
 * @param exchangeLifetimeSeconds {@value #EXCHANGE_LIFETIME}: how long an exchange is kept for deduplication
 * @param blockwiseLifetimeSeconds {@value #BLOCKWISE_LIFETIME}: how long an unfinished blockwise transfer is kept
 * @param maxObserveRelations {@value #OBSERVE_MAX_RELATIONS}: observe relations the server accepts in total
 * @param observeCheckIntervalSeconds {@value #OBSERVE_CHECK_INTERVAL}: at most this long between confirmable
 *            notifications that check the observer is still there
 * @param observeCheckIntervalCount {@value #OBSERVE_CHECK_COUNT}: at most this many non-confirmable notifications
 *            between two such checks
 * @param protocolThreads {@value #PROTOCOL_THREADS}: threads that run the CoAP protocol stage and the resources'
 *            handlers (Californium's default, one per core, is too many on a gateway that also runs Kura)
 * @param dedupMessagesPerPeer {@value #DEDUP_MESSAGES_PER_PEER}: recent messages remembered per peer to recognise
 *            retransmissions; with {@code maxPeers} it caps the deduplication memory, which otherwise grows with the
 *            request rate times the exchange lifetime and can exhaust a small gateway's heap under load
 * @param udpReceiveBufferBytes {@value #UDP_RECEIVE_BUFFER}: the socket receive buffer asked of the OS (0: the OS
 *            default); datagrams that arrive while it is full are dropped by the kernel, unseen by the server. Linux
 *            grants at most {@code net.core.rmem_max} (doubled, for its bookkeeping)
 * @param udpSendBufferBytes {@value #UDP_SEND_BUFFER}: the socket send buffer asked of the OS (0: the OS default),
 *            capped by {@code net.core.wmem_max}
 */
public record ServerOptions(boolean enabled, String bindAddress, int port, String domain, String group,
        int maxMessageSize, int blockSize, int maxResourceBodySize, int maxPeers, int peerInactivitySeconds,
        int exchangeLifetimeSeconds, int blockwiseLifetimeSeconds, int maxObserveRelations,
        int observeCheckIntervalSeconds, int observeCheckIntervalCount, int protocolThreads,
        int dedupMessagesPerPeer, int udpReceiveBufferBytes, int udpSendBufferBytes) {

    public static final String ENABLED = "coap.enabled";
    public static final String BIND_ADDRESS = "coap.bind.address";
    public static final String PORT = "coap.port";
    public static final String DOMAIN = "node.domain";
    public static final String GROUP = "node.group";
    public static final String MAX_MESSAGE_SIZE = "limits.message.size";
    public static final String BLOCK_SIZE = "limits.block.size";
    public static final String MAX_RESOURCE_BODY_SIZE = "limits.resource.body.size";
    public static final String MAX_PEERS = "limits.peers";
    public static final String PEER_INACTIVITY = "limits.peer.inactivity.seconds";
    public static final String EXCHANGE_LIFETIME = "limits.exchange.lifetime.seconds";
    public static final String BLOCKWISE_LIFETIME = "limits.blockwise.lifetime.seconds";
    public static final String OBSERVE_MAX_RELATIONS = "observe.max.relations";
    public static final String OBSERVE_CHECK_INTERVAL = "observe.check.interval.seconds";
    public static final String OBSERVE_CHECK_COUNT = "observe.check.interval.count";
    public static final String PROTOCOL_THREADS = "limits.protocol.threads";
    public static final String DEDUP_MESSAGES_PER_PEER = "limits.dedup.messages.per.peer";
    public static final String UDP_RECEIVE_BUFFER = "limits.udp.receive.buffer.bytes";
    public static final String UDP_SEND_BUFFER = "limits.udp.send.buffer.bytes";

    /** Largest socket buffer asked for; the OS caps it lower anyway. */
    private static final int MAX_SOCKET_BUFFER = 64 * 1024 * 1024;
    /** Smallest non-zero socket buffer: one largest datagram and some. */
    private static final int MIN_SOCKET_BUFFER = 16 * 1024;

    /** Longest domain or group: an RD sector name is at most 63 bytes (RFC 9176). */
    public static final int MAX_NAME_LENGTH = 63;

    private static final ServerOptions DEFAULTS = new ServerOptions(true, "0.0.0.0", 5683, "", "", 1024, 512,
            65536, 500, 600, 60, 60, 1000, 120, 100, 2, 16, 1024 * 1024, 0);

    public ServerOptions {
        if (bindAddress == null || bindAddress.isBlank()) {
            throw new InvalidPropertyException(BIND_ADDRESS, "must not be empty");
        }
        bindAddress = bindAddress.trim();
        STANDARD.requireRange(PORT, port, 0, 65535);
        domain = requireName(DOMAIN, domain);
        group = requireName(GROUP, group);
        STANDARD.requireRange(MAX_MESSAGE_SIZE, maxMessageSize, 64, 8192);
        STANDARD.requireRange(BLOCK_SIZE, blockSize, 16, 1024);
        if (Integer.bitCount(blockSize) != 1) {
            throw new InvalidPropertyException(BLOCK_SIZE, blockSize + " is not a power of two (16, 32, ... 1024)");
        }
        if (blockSize > maxMessageSize) {
            throw new InvalidPropertyException(BLOCK_SIZE,
                    blockSize + " is larger than " + MAX_MESSAGE_SIZE + " (" + maxMessageSize + ")");
        }
        STANDARD.requireRange(MAX_RESOURCE_BODY_SIZE, maxResourceBodySize, 1024, 16 * 1024 * 1024);
        STANDARD.requireRange(MAX_PEERS, maxPeers, 1, 100_000);
        STANDARD.requireRange(PEER_INACTIVITY, peerInactivitySeconds, 10, 86_400);
        // below ~10 s a retransmitted CON request could be executed twice
        STANDARD.requireRange(EXCHANGE_LIFETIME, exchangeLifetimeSeconds, 10, 247);
        STANDARD.requireRange(BLOCKWISE_LIFETIME, blockwiseLifetimeSeconds, 5, 3600);
        STANDARD.requireRange(OBSERVE_MAX_RELATIONS, maxObserveRelations, 1, 100_000);
        STANDARD.requireRange(OBSERVE_CHECK_INTERVAL, observeCheckIntervalSeconds, 5, 86_400);
        STANDARD.requireRange(OBSERVE_CHECK_COUNT, observeCheckIntervalCount, 1, 10_000);
        STANDARD.requireRange(PROTOCOL_THREADS, protocolThreads, 1, 16);
        STANDARD.requireRange(DEDUP_MESSAGES_PER_PEER, dedupMessagesPerPeer, 8, 4096);
        requireSocketBuffer(UDP_RECEIVE_BUFFER, udpReceiveBufferBytes);
        requireSocketBuffer(UDP_SEND_BUFFER, udpSendBufferBytes);
    }

    /** @return the metatype defaults */
    public static ServerOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Reads options from component properties as Kura delivers them ({@link ComponentProperties} says which forms
     * each type may take). Missing properties take their default.
     *
     * @throws InvalidPropertyException naming the first refused property
     */
    public static ServerOptions from(Map<String, ?> properties) {
        ComponentProperties p = ComponentProperties.of(properties, STANDARD);
        ServerOptions d = DEFAULTS;
        return new ServerOptions(
                p.bool(ENABLED, d.enabled),
                p.string(BIND_ADDRESS, d.bindAddress),
                p.integer(PORT, d.port),
                p.string(DOMAIN, d.domain),
                p.string(GROUP, d.group),
                p.integer(MAX_MESSAGE_SIZE, d.maxMessageSize),
                p.integer(BLOCK_SIZE, d.blockSize),
                p.integer(MAX_RESOURCE_BODY_SIZE, d.maxResourceBodySize),
                p.integer(MAX_PEERS, d.maxPeers),
                p.integer(PEER_INACTIVITY, d.peerInactivitySeconds),
                p.integer(EXCHANGE_LIFETIME, d.exchangeLifetimeSeconds),
                p.integer(BLOCKWISE_LIFETIME, d.blockwiseLifetimeSeconds),
                p.integer(OBSERVE_MAX_RELATIONS, d.maxObserveRelations),
                p.integer(OBSERVE_CHECK_INTERVAL, d.observeCheckIntervalSeconds),
                p.integer(OBSERVE_CHECK_COUNT, d.observeCheckIntervalCount),
                p.integer(PROTOCOL_THREADS, d.protocolThreads),
                p.integer(DEDUP_MESSAGES_PER_PEER, d.dedupMessagesPerPeer),
                p.integer(UDP_RECEIVE_BUFFER, d.udpReceiveBufferBytes),
                p.integer(UDP_SEND_BUFFER, d.udpSendBufferBytes));
    }

    /** @return a copy with another port (tests and several nodes per JVM use 0) */
    public ServerOptions withPort(int newPort) {
        return copy(enabled, newPort, domain, group);
    }

    /** @return whether switching to {@code other} needs a new endpoint (anything but domain and group changed) */
    public boolean endpointDiffers(ServerOptions other) {
        return !copy(enabled, port, "", "").equals(other.copy(other.enabled, other.port, "", ""));
    }

    /**
     * @return whether the settings the DTLS endpoint shares with the plain one (bind address, limits, observe, threads)
     *         differ; the plain endpoint's own switch and port do not count
     */
    public boolean sharedSettingsDiffer(ServerOptions other) {
        return !copy(true, 0, "", "").equals(other.copy(true, 0, "", ""));
    }

    /** The one place that lists every field: a copy with the endpoint switch, port and node names replaced. */
    private ServerOptions copy(boolean newEnabled, int newPort, String newDomain, String newGroup) {
        return new ServerOptions(newEnabled, bindAddress, newPort, newDomain, newGroup, maxMessageSize, blockSize,
                maxResourceBodySize, maxPeers, peerInactivitySeconds, exchangeLifetimeSeconds,
                blockwiseLifetimeSeconds, maxObserveRelations, observeCheckIntervalSeconds,
                observeCheckIntervalCount, protocolThreads, dedupMessagesPerPeer, udpReceiveBufferBytes,
                udpSendBufferBytes);
    }

    private static void requireSocketBuffer(String field, int bytes) {
        if (bytes != 0 && (bytes < MIN_SOCKET_BUFFER || bytes > MAX_SOCKET_BUFFER)) {
            throw new InvalidPropertyException(field, bytes + " is neither 0 (the OS default) nor in "
                    + MIN_SOCKET_BUFFER + ".." + MAX_SOCKET_BUFFER);
        }
    }

    private static String requireName(String field, String value) {
        String name = value == null ? "" : value.trim();
        if (name.length() > MAX_NAME_LENGTH) {
            throw new InvalidPropertyException(field, "'" + name + "' is longer than " + MAX_NAME_LENGTH + " characters");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            // the name becomes an RD sector, a link attribute and an MQTT topic level: keep it to safe characters
            boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'
                    || c == '_' || c == '.';
            if (!allowed) {
                throw new InvalidPropertyException(field,
                        "'" + name + "' contains '" + c + "' (allowed: letters, digits, '-', '_', '.')");
            }
        }
        return name;
    }
}
