package io.coaptree.server.options;

import java.util.List;
import java.util.Map;

import io.coaptree.properties.ComponentSettings;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;

/**
 * The CoAP server's configuration, typed and validated. Each setting is defined once below; the build writes the
 * component's metatype from {@link #SETTINGS} (these settings, then {@link CapacityOptions}', {@link AccessPolicy}'s and
 * {@link DtlsOptions}'s),
 * and every instance satisfies the definitions, whichever way it was built.
 *
 * @param enabled whether an endpoint is bound at all
 * @param bindAddress IP address or host name of a local interface, 0.0.0.0 for all
 * @param port UDP port, 0 picks a free one
 * @param domain the node's domain (RD sector), empty for none
 * @param group the node's group inside its domain, empty for none
 * @param maxMessageSize largest payload sent or accepted in one message, bytes
 * @param blockSize preferred block size of blockwise transfers, a power of two 16..1024
 * @param maxResourceBodySize largest body reassembled from blocks, bytes
 * @param maxPeers peers the server keeps state for at once
 * @param exchangeLifetimeSeconds how long an exchange is kept for deduplication (not how long a message ID the server
 *            chose stays taken: always RFC 7252's 247 s)
 * @param blockwiseLifetimeSeconds how long an unfinished blockwise transfer is kept
 * @param maxObserveRelations observe relations the server accepts in total
 * @param observeCheckIntervalSeconds at most this long between confirmable notifications that check the observer is
 *            still there
 * @param observeCheckIntervalCount at most this many non-confirmable notifications between two such checks
 * @param protocolThreads threads that run the CoAP protocol stage and the resources' handlers (Californium's default,
 *            one per core, is too many on a gateway that also runs Kura)
 * @param dedupMessagesPerPeer recent messages remembered per peer to recognise retransmissions; with {@code maxPeers}
 *            it caps the deduplication memory, which otherwise grows with the request rate times the exchange lifetime
 *            and can exhaust a small gateway's heap under load
 * @param udpReceiveBufferBytes the socket receive buffer asked of the OS (0: the OS default); datagrams that arrive
 *            while it is full are dropped by the kernel, unseen by the server. Linux grants at most
 *            {@code net.core.rmem_max} (doubled, for its bookkeeping)
 * @param udpSendBufferBytes the socket send buffer asked of the OS (0: the OS default), capped by
 *            {@code net.core.wmem_max}
 */
public record ServerOptions(boolean enabled, String bindAddress, int port, String domain, String group,
        int maxMessageSize, int blockSize, int maxResourceBodySize, int maxPeers, int exchangeLifetimeSeconds,
        int blockwiseLifetimeSeconds, int maxObserveRelations, int observeCheckIntervalSeconds,
        int observeCheckIntervalCount, int protocolThreads, int dedupMessagesPerPeer, int udpReceiveBufferBytes,
        int udpSendBufferBytes) {

    public static final String PID = "io.coaptree.server.CoapServerService";

    /** Longest domain or group: an RD sector name is at most 63 bytes (RFC 9176). */
    public static final int MAX_NAME_LENGTH = 63;
    /** Largest socket buffer asked for; the OS caps it lower anyway. */
    private static final int MAX_SOCKET_BUFFER = 64 * 1024 * 1024;
    /** Smallest non-zero socket buffer: one largest datagram and some. */
    private static final int MIN_SOCKET_BUFFER = 16 * 1024;

    public static final Setting<Boolean> ENABLED = Setting.flag("coap.enabled", true).named("Enabled")
            .describedAs("Serve CoAP. When false no UDP port is bound; published resources are kept for when it is "
                    + "enabled again.");
    public static final Setting<String> BIND_ADDRESS = Setting.text("coap.bind.address", "0.0.0.0")
            .named("Bind address")
            .describedAs("IP address (or host name) of a local interface to listen on. 0.0.0.0 listens on all "
                    + "interfaces.");
    public static final Setting<Integer> PORT = Setting.integer("coap.port", 5683).range(0, 65535).named("Port")
            .describedAs("UDP port. 5683 is the CoAP default; 0 picks a free port (for tests and several nodes on one "
                    + "host).");
    public static final Setting<String> DOMAIN = Setting.text("node.domain", "").optional().named("Node domain")
            .describedAs("Domain of this gateway in the CoAPTree hierarchy (also its Resource Directory sector). "
                    + "Letters, digits, '-', '_', '.'; at most 63 characters. Resources that follow the node carry it "
                    + "as the link attribute d.");
    public static final Setting<String> GROUP = Setting.text("node.group", "").optional().named("Node group")
            .describedAs("Group of this gateway inside its domain. Letters, digits, '-', '_', '.'; at most 63 "
                    + "characters. Resources that follow the node carry it as the link attribute gp.");
    public static final Setting<Integer> MAX_MESSAGE_SIZE = Setting.integer("limits.message.size", 1024)
            .range(64, 8192).named("Maximum message size (bytes)")
            .describedAs("Largest payload sent or accepted in one CoAP message; larger bodies travel blockwise.");
    /** The block sizes RFC 7959 allows (SZX 0..6), so only powers of two are offered. */
    public static final Setting<Integer> BLOCK_SIZE = Setting.integer("limits.block.size", 512)
            .labelled("16", "16", "32", "32", "64", "64", "128", "128", "256", "256", "512", "512", "1024", "1024")
            .named("Block size (bytes)")
            .describedAs("Preferred block size of blockwise transfers. Not larger than the maximum message size.");
    public static final Setting<Integer> MAX_RESOURCE_BODY_SIZE = Setting.integer("limits.resource.body.size", 65536)
            .range(1024, 16 * 1024 * 1024).named("Maximum resource body size (bytes)")
            .describedAs("Largest request or response body reassembled from blocks (for example a Resource Directory "
                    + "registration with many links).");
    public static final Setting<Integer> MAX_PEERS = Setting.integer("limits.peers", 500).range(1, 100_000)
            .named("Maximum peers")
            .describedAs("Clients the server keeps protocol state for at once. It remembers the message IDs of what "
                    + "it sent on its own initiative (separate responses, notifications) to each client for 247 s; "
                    + "with this many clients remembered, a further one is sent no such message until one is "
                    + "forgotten. Californium's default (150000) is sized for cloud servers.");
    public static final Setting<Integer> DEDUP_MESSAGES_PER_PEER = Setting.integer("limits.dedup.messages.per.peer",
            16).range(8, 4096).named("Deduplication memory per peer")
            .describedAs("Recent messages remembered per client to recognise retransmissions (a client waits for the "
                    + "answer to one request before the next, so only its latest few can come again). With the "
                    + "maximum peers it bounds this memory; unbounded, it grows with the request rate and can exhaust "
                    + "a gateway's heap.");
    public static final Setting<Integer> UDP_RECEIVE_BUFFER = Setting.integer("limits.udp.receive.buffer.bytes",
            1024 * 1024).range(0, MAX_SOCKET_BUFFER).named("UDP receive buffer (bytes)")
            .describedAs("Socket receive buffer asked of the OS for the CoAP and CoAPs ports; 0 keeps the OS default "
                    + "(208 KiB on Linux). Datagrams arriving while it is full are dropped by the kernel before the "
                    + "server sees them, so bursts from many clients need room. Linux grants at most "
                    + "net.core.rmem_max (212992 by default; raise it with sysctl); the server log says what was "
                    + "granted. Otherwise 16384 to 67108864.");
    public static final Setting<Integer> UDP_SEND_BUFFER = Setting.integer("limits.udp.send.buffer.bytes", 0)
            .range(0, MAX_SOCKET_BUFFER).named("UDP send buffer (bytes)")
            .describedAs("Socket send buffer asked of the OS; 0 keeps the OS default, which suffices for answers. "
                    + "Capped by net.core.wmem_max. Otherwise 16384 to 67108864.");
    /**
     * Below about 10 s a retransmitted confirmable request could be executed twice. Only deduplication: the message
     * IDs the server chooses are leased for RFC 7252's 247 s whatever this says ({@code messageid.MessageIdAllocator}).
     */
    public static final Setting<Integer> EXCHANGE_LIFETIME = Setting.integer("limits.exchange.lifetime.seconds", 60)
            .range(10, 247).named("Exchange lifetime (s)")
            .describedAs("How long a request is remembered to answer retransmissions without executing it twice. "
                    + "RFC 7252's value (247 s) keeps much more state. Message IDs the server chooses (separate "
                    + "responses, notifications) are never given to one client twice within 247 s, whatever this "
                    + "value.");
    public static final Setting<Integer> BLOCKWISE_LIFETIME = Setting.integer("limits.blockwise.lifetime.seconds", 60)
            .range(5, 3600).named("Blockwise transfer lifetime (s)")
            .describedAs("How long an unfinished blockwise transfer is kept.");
    public static final Setting<Integer> PROTOCOL_THREADS = Setting.integer("limits.protocol.threads", 2)
            .range(1, 16).named("Protocol threads")
            .describedAs("Threads that run the CoAP protocol and the resources' request handlers.");
    public static final Setting<Integer> OBSERVE_MAX_RELATIONS = Setting.integer("observe.max.relations", 1000)
            .range(1, 100_000).named("Maximum observe relations")
            .describedAs("Observe registrations accepted in total; further ones are served as plain GETs.");
    public static final Setting<Integer> OBSERVE_CHECK_INTERVAL = Setting.integer("observe.check.interval.seconds",
            120).range(5, 86_400).named("Observer check interval (s)")
            .describedAs("At most this long between confirmable notifications that check an observer is still there.");
    public static final Setting<Integer> OBSERVE_CHECK_COUNT = Setting.integer("observe.check.interval.count", 100)
            .range(1, 10_000).named("Observer check count")
            .describedAs("At most this many non-confirmable notifications between two such checks.");

    /** This class's settings, in WebUI order. */
    public static final List<Setting<?>> ALL = List.of(ENABLED, BIND_ADDRESS, PORT, DOMAIN, GROUP, MAX_MESSAGE_SIZE,
            BLOCK_SIZE, MAX_RESOURCE_BODY_SIZE, MAX_PEERS, DEDUP_MESSAGES_PER_PEER, UDP_RECEIVE_BUFFER,
            UDP_SEND_BUFFER, EXCHANGE_LIFETIME, BLOCKWISE_LIFETIME, PROTOCOL_THREADS, OBSERVE_MAX_RELATIONS,
            OBSERVE_CHECK_INTERVAL, OBSERVE_CHECK_COUNT);

    /** Every setting of the component: the plain endpoint's, the access policy's, the DTLS endpoint's. */
    public static final ComponentSettings SETTINGS = ComponentSettings.of(PID, "CoAP Server",
            "The gateway's CoAP server (Eclipse Californium). Resource bundles publish their resources on it; "
                    + "/.well-known/core lists them. Changes re-bind the endpoint without restarting anything; a value "
                    + "that cannot be applied is refused and the previous configuration keeps serving.",
            ComponentSettings.join(ALL, CapacityOptions.ALL, AccessPolicy.ALL, DtlsOptions.ALL));

    private static final ServerOptions DEFAULTS = fromProperties(Map.of());

    public ServerOptions {
        if (bindAddress == null || bindAddress.isBlank()) {
            throw new InvalidPropertyException(BIND_ADDRESS.id(), "must not be empty");
        }
        bindAddress = bindAddress.trim();
        PORT.check(port);
        domain = requireName(DOMAIN, domain);
        group = requireName(GROUP, group);
        MAX_MESSAGE_SIZE.check(maxMessageSize);
        BLOCK_SIZE.check(blockSize);
        if (blockSize > maxMessageSize) {
            throw new InvalidPropertyException(BLOCK_SIZE.id(),
                    blockSize + " is larger than " + MAX_MESSAGE_SIZE + " (" + maxMessageSize + ")");
        }
        MAX_RESOURCE_BODY_SIZE.check(maxResourceBodySize);
        MAX_PEERS.check(maxPeers);
        EXCHANGE_LIFETIME.check(exchangeLifetimeSeconds);
        BLOCKWISE_LIFETIME.check(blockwiseLifetimeSeconds);
        OBSERVE_MAX_RELATIONS.check(maxObserveRelations);
        OBSERVE_CHECK_INTERVAL.check(observeCheckIntervalSeconds);
        OBSERVE_CHECK_COUNT.check(observeCheckIntervalCount);
        PROTOCOL_THREADS.check(protocolThreads);
        DEDUP_MESSAGES_PER_PEER.check(dedupMessagesPerPeer);
        requireSocketBuffer(UDP_RECEIVE_BUFFER, udpReceiveBufferBytes);
        requireSocketBuffer(UDP_SEND_BUFFER, udpSendBufferBytes);
    }

    /** @return every setting at its default */
    public static ServerOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Reads options from component properties as Kura delivers them; missing properties take their default.
     *
     * @throws InvalidPropertyException naming the first refused property
     */
    public static ServerOptions fromProperties(Map<String, ?> properties) {
        return new ServerOptions(ENABLED.from(properties), BIND_ADDRESS.from(properties), PORT.from(properties),
                DOMAIN.from(properties), GROUP.from(properties), MAX_MESSAGE_SIZE.from(properties),
                BLOCK_SIZE.from(properties), MAX_RESOURCE_BODY_SIZE.from(properties), MAX_PEERS.from(properties),
                EXCHANGE_LIFETIME.from(properties), BLOCKWISE_LIFETIME.from(properties),
                OBSERVE_MAX_RELATIONS.from(properties), OBSERVE_CHECK_INTERVAL.from(properties),
                OBSERVE_CHECK_COUNT.from(properties), PROTOCOL_THREADS.from(properties),
                DEDUP_MESSAGES_PER_PEER.from(properties), UDP_RECEIVE_BUFFER.from(properties),
                UDP_SEND_BUFFER.from(properties));
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

    /**
     * The one place that lists every field, so the comparisons above follow new fields: a copy with the endpoint
     * switch, port and node names replaced.
     */
    private ServerOptions copy(boolean newEnabled, int newPort, String newDomain, String newGroup) {
        return new ServerOptions(newEnabled, bindAddress, newPort, newDomain, newGroup, maxMessageSize, blockSize,
                maxResourceBodySize, maxPeers, exchangeLifetimeSeconds, blockwiseLifetimeSeconds, maxObserveRelations,
                observeCheckIntervalSeconds, observeCheckIntervalCount, protocolThreads, dedupMessagesPerPeer,
                udpReceiveBufferBytes, udpSendBufferBytes);
    }

    /** The range 0..64 MiB is the setting's; between 0 (the OS default) and 16 KiB nothing makes sense. */
    private static void requireSocketBuffer(Setting<Integer> setting, int bytes) {
        setting.check(bytes);
        if (bytes != 0 && bytes < MIN_SOCKET_BUFFER) {
            throw new InvalidPropertyException(setting.id(), bytes + " is neither 0 (the OS default) nor in "
                    + MIN_SOCKET_BUFFER + ".." + MAX_SOCKET_BUFFER);
        }
    }

    private static String requireName(Setting<String> setting, String value) {
        String name = value == null ? "" : value.trim();
        if (name.length() > MAX_NAME_LENGTH) {
            throw new InvalidPropertyException(setting.id(),
                    "'" + name + "' is longer than " + MAX_NAME_LENGTH + " characters");
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            // the name becomes an RD sector, a link attribute and an MQTT topic level: keep it to safe characters
            boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-'
                    || c == '_' || c == '.';
            if (!allowed) {
                throw new InvalidPropertyException(setting.id(),
                        "'" + name + "' contains '" + c + "' (allowed: letters, digits, '-', '_', '.')");
            }
        }
        return name;
    }
}
