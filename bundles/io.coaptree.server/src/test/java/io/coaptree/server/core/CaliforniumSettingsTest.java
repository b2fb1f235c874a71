package io.coaptree.server.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;

import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.UDPConnector;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;
import org.junit.jupiter.api.Test;

import io.coaptree.server.messageid.MessageIdAllocator;
import io.coaptree.server.options.ServerOptions;

class CaliforniumSettingsTest {

    @Test
    void deduplicationMemoryIsBoundedPerPeer() {
        Configuration config = CaliforniumSettings.configurationFor(ServerOptions.fromProperties(
                Map.of(ServerOptions.DEDUP_MESSAGES_PER_PEER.id(), 32, ServerOptions.MAX_PEERS.id(), 200)));
        // Californium's default keeps every message for the exchange lifetime: memory would follow the request rate.
        assertEquals(CoapConfig.DEDUPLICATOR_PEERS_MARK_AND_SWEEP, config.get(CoapConfig.DEDUPLICATOR));
        assertEquals(32, config.get(CoapConfig.PEERS_MARK_AND_SWEEP_MESSAGES));
        assertEquals(200, config.get(CoapConfig.MAX_ACTIVE_PEERS));
    }

    /**
     * RFC 7252 section 4.8.2 derives EXCHANGE_LIFETIME from the transmission parameters; message IDs are leased for
     * the value the defaults give (247 s). Parameters that made it longer would need a longer lease.
     */
    @Test
    void messageIdsAreLeasedForTheExchangeLifetimeOfTheTransmissionParameters() {
        Configuration config = CaliforniumSettings.configurationFor(ServerOptions.defaults());
        double ackTimeout = config.get(CoapConfig.ACK_TIMEOUT, TimeUnit.MILLISECONDS) / 1000.0;
        assertEquals(2f, config.get(CoapConfig.ACK_TIMEOUT_SCALE), "RFC 7252 doubles the timeout per retransmission");
        double maxTransmitSpan = ackTimeout * ((1 << config.get(CoapConfig.MAX_RETRANSMIT)) - 1)
                * config.get(CoapConfig.ACK_INIT_RANDOM);
        double exchangeLifetime = maxTransmitSpan + 2 * config.get(CoapConfig.MAX_LATENCY, TimeUnit.SECONDS)
                + ackTimeout;
        assertTrue(exchangeLifetime <= MessageIdAllocator.EXCHANGE_LIFETIME.toSeconds(),
                "EXCHANGE_LIFETIME " + exchangeLifetime + " s");
    }

    @Test
    void theSocketGetsTheReceiveBufferAskedFor() throws Exception {
        // below Linux's default cap (net.core.rmem_max, 212992), so any Linux grants it in full
        int asked = 128 * 1024;
        Configuration config = CaliforniumSettings.configurationFor(
                ServerOptions.fromProperties(Map.of(ServerOptions.UDP_RECEIVE_BUFFER.id(), asked)));
        assertEquals(asked, config.get(UdpConfig.UDP_RECEIVE_BUFFER_SIZE));
        assertNull(config.get(UdpConfig.UDP_SEND_BUFFER_SIZE), "0: the OS default");
        CoapEndpoint endpoint = new CoapEndpoint.Builder().setConfiguration(config)
                .setInetSocketAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).build();
        try {
            endpoint.start();
            int granted = ((UDPConnector) endpoint.getConnector()).getReceiveBufferSize();
            assertTrue(granted >= asked, "granted " + granted);
        } finally {
            endpoint.destroy();
        }
    }

    @Test
    void zeroKeepsTheOsDefault() {
        Configuration config = CaliforniumSettings.configurationFor(
                ServerOptions.fromProperties(Map.of(ServerOptions.UDP_RECEIVE_BUFFER.id(), 0)));
        assertNull(config.get(UdpConfig.UDP_RECEIVE_BUFFER_SIZE));
    }
}
