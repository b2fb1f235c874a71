package io.coaptree.bench.coap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.bench.load.Arrivals;
import io.coaptree.bench.load.LoadEngine;
import io.coaptree.bench.load.LoadProfile;
import io.coaptree.bench.load.LoadResult;

/** The light UDP devices against a real Californium server on loopback. */
class UdpDeviceIssuerTest extends LoopbackServerTest {

    @Test
    void everyDeviceGetsItsAnswers() throws Exception {
        LoadProfile profile = LoadProfile.closedLoop("get", 50, Duration.ofMinutes(1), 1_000);
        try (UdpDeviceIssuer devices = UdpDeviceIssuer.gets("127.0.0.1", server.port(), 50, "temperature")) {
            LoadResult result = LoadEngine.run(profile, devices);
            assertEquals(Map.of(), result.failures());
            assertEquals(result.started(), result.succeeded());
        }
    }

    @Test
    void errorAnswersAreCountedByCode() throws Exception {
        LoadProfile profile = LoadProfile.openLoop("missing", Arrivals.POISSON, 500, 2, Duration.ofMillis(200), 50);
        try (UdpDeviceIssuer devices = UdpDeviceIssuer.gets("127.0.0.1", server.port(), 2, "no/such/resource")) {
            LoadResult result = LoadEngine.run(profile, devices);
            assertEquals(0, result.succeeded());
            assertEquals(Map.of("coap 4.04", result.started()), result.failures());
        }
    }
}
