package io.coaptree.server.core;

import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;

import io.coaptree.server.options.ServerOptions;

/** Translates {@link ServerOptions} into a Californium {@link Configuration} sized for a gateway. */
final class CaliforniumSettings {

    /** Room for the CoAP header, token and options on top of the payload. */
    private static final int HEADER_ALLOWANCE = 256;

    static {
        // Inside OSGi the modules' definitions are not found by class scanning: register them explicitly.
        CoapConfig.register();
        UdpConfig.register();
    }

    private CaliforniumSettings() {
    }

    static Configuration configurationFor(ServerOptions options) {
        // createStandardWithoutFile: getStandard() would write Californium3.properties into the working directory
        Configuration config = Configuration.createStandardWithoutFile();
        config.set(CoapConfig.MAX_ACTIVE_PEERS, options.maxPeers());
        // How long deduplication remembers a request. Californium's message ID provider would lease IDs for it too,
        // and so reuse an ID after 60 s: the endpoints take theirs from LeasedMessageIds (RFC 7252's 247 s) instead.
        config.set(CoapConfig.EXCHANGE_LIFETIME, options.exchangeLifetimeSeconds(), TimeUnit.SECONDS);
        config.set(CoapConfig.NON_LIFETIME, options.exchangeLifetimeSeconds(), TimeUnit.SECONDS);
        // No multicast message-ID range. By default Californium keeps IDs 65000-65535 for multicast requests and
        // silently drops any ACK or Reset numbered there; LeasedMessageIds numbers unicast messages through the whole
        // 16-bit space, so the ACK of a confirmable notification numbered 65000 or above was lost: the notification
        // stayed "in transit", the next one waited for its retransmission, and after the last one the relation ended.
        // The server never sends multicast requests, the only use of that range.
        config.set(CoapConfig.MULTICAST_BASE_MID, 0);
        // Per-peer bounded deduplication: the default store keeps every message for the exchange lifetime, so its
        // size follows the request rate and a burst can fill a gateway's heap.
        config.set(CoapConfig.DEDUPLICATOR, CoapConfig.DEDUPLICATOR_PEERS_MARK_AND_SWEEP);
        config.set(CoapConfig.PEERS_MARK_AND_SWEEP_MESSAGES, options.dedupMessagesPerPeer());
        config.set(CoapConfig.MAX_MESSAGE_SIZE, options.maxMessageSize());
        config.set(CoapConfig.PREFERRED_BLOCK_SIZE, options.blockSize());
        config.set(CoapConfig.MAX_RESOURCE_BODY_SIZE, options.maxResourceBodySize());
        config.set(CoapConfig.BLOCKWISE_STATUS_LIFETIME, options.blockwiseLifetimeSeconds(), TimeUnit.SECONDS);
        config.set(CoapConfig.MAX_SERVER_OBSERVES, options.maxObserveRelations());
        config.set(CoapConfig.NOTIFICATION_CHECK_INTERVAL_TIME, options.observeCheckIntervalSeconds(),
                TimeUnit.SECONDS);
        config.set(CoapConfig.NOTIFICATION_CHECK_INTERVAL_COUNT, options.observeCheckIntervalCount());
        int datagram = Math.max(config.get(UdpConfig.UDP_DATAGRAM_SIZE), options.maxMessageSize() + HEADER_ALLOWANCE);
        config.set(UdpConfig.UDP_DATAGRAM_SIZE, datagram);
        // null: leave the socket's buffer at the OS default
        config.set(UdpConfig.UDP_RECEIVE_BUFFER_SIZE, osDefaultIfZero(options.udpReceiveBufferBytes()));
        config.set(UdpConfig.UDP_SEND_BUFFER_SIZE, osDefaultIfZero(options.udpSendBufferBytes()));
        return config;
    }

    private static Integer osDefaultIfZero(int bytes) {
        return bytes == 0 ? null : bytes;
    }
}
