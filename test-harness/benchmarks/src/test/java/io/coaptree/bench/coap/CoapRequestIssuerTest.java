package io.coaptree.bench.coap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.bench.load.Arrivals;
import io.coaptree.bench.load.LoadEngine;
import io.coaptree.bench.load.LoadProfile;
import io.coaptree.bench.load.LoadResult;

/** The CoAP clients against a real Californium server on loopback. */
class CoapRequestIssuerTest extends LoopbackServerTest {

    @Test
    void everyGetOfAnExistingResourceSucceeds() throws Exception {
        LoadProfile profile = LoadProfile.closedLoop("get", 3, Duration.ofMinutes(1), 600);
        try (CoapRequestIssuer issuer = CoapRequestIssuer.open("127.0.0.1", server.port(), 3,
                CoapRequestIssuer.get("temperature"))) {
            LoadResult result = LoadEngine.run(profile, issuer);
            assertEquals(Map.of(), result.failures());
            assertEquals(result.started(), result.succeeded());
        }
    }

    @Test
    void errorResponsesAreCountedByCode() throws Exception {
        LoadProfile profile = LoadProfile.openLoop("missing", Arrivals.POISSON, 500, 2, Duration.ofMillis(200), 50);
        try (CoapRequestIssuer issuer = CoapRequestIssuer.open("127.0.0.1", server.port(), 2,
                CoapRequestIssuer.get("no/such/resource"))) {
            LoadResult result = LoadEngine.run(profile, issuer);
            assertEquals(0, result.succeeded());
            assertEquals(Map.of("coap 4.04", result.started()), result.failures());
        }
    }
}
