package io.coaptree.bench.seeds.iotivity;

import java.util.function.IntFunction;

import io.coaptree.bench.coap.UdpDeviceIssuer;
import io.coaptree.bench.load.RequestIssuer;

/**
 * The devices of one device count, kept across the steps of a rate sweep: opening a thousand client endpoints
 * costs more than a short step. A client that would pass {@value #REQUESTS_PER_CLIENT} requests is replaced (with
 * all the others) by a fresh one on a new port, because a CoAP endpoint's message IDs towards one server repeat
 * after 65536 and the server would take the repeats for duplicates.
 */
final class DeviceClients implements AutoCloseable {

    static final long REQUESTS_PER_CLIENT = 50_000;

    private final IntFunction<RequestIssuer> open;
    private final int devices;
    private RequestIssuer issuer;
    private long requestsPerClient;

    DeviceClients(int devices, IntFunction<RequestIssuer> open) {
        this.devices = devices;
        this.open = open;
    }

    /** Clients for a step of at most {@code requests} requests spread over all devices. */
    RequestIssuer forStep(long requests) {
        long share = (requests + devices - 1) / devices;
        if (issuer == null || requestsPerClient + share > REQUESTS_PER_CLIENT) {
            close();
            issuer = open.apply(devices);
            requestsPerClient = 0;
        }
        requestsPerClient += share;
        return issuer;
    }

    static IntFunction<RequestIssuer> gets(String host, int port, String path) {
        return n -> UdpDeviceIssuer.gets(host, port, n, path);
    }

    @Override
    public void close() {
        if (issuer != null) {
            issuer.close();
            issuer = null;
        }
    }
}
