package io.coaptree.server.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.elements.config.Configuration;
import org.junit.jupiter.api.Test;

import io.coaptree.server.options.ServerOptions;

class CaliforniumSettingsTest {

    @Test
    void deduplicationMemoryIsBoundedPerPeer() {
        Configuration config = CaliforniumSettings.configurationFor(ServerOptions.from(
                Map.of(ServerOptions.DEDUP_MESSAGES_PER_PEER, 32, ServerOptions.MAX_PEERS, 200)));
        // Californium's default keeps every message for the exchange lifetime: memory would follow the request rate.
        assertEquals(CoapConfig.DEDUPLICATOR_PEERS_MARK_AND_SWEEP, config.get(CoapConfig.DEDUPLICATOR));
        assertEquals(32, config.get(CoapConfig.PEERS_MARK_AND_SWEEP_MESSAGES));
        assertEquals(200, config.get(CoapConfig.MAX_ACTIVE_PEERS));
    }
}
