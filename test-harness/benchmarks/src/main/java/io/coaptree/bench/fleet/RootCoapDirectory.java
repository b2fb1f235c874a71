package io.coaptree.bench.fleet;

import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.elements.config.UdpConfig;

import io.coaptree.rd.coap.CoapResourceDirectory;
import io.coaptree.rd.directory.LocalDirectory;
import io.coaptree.rd.options.DirectoryOptions;
import io.coaptree.rd.store.MonotonicClock;
import io.coaptree.rd.store.RegistrationStore;
import io.coaptree.server.core.GatewayCoapServer;
import io.coaptree.server.options.ServerOptions;

/**
 * The root gateway's Resource Directory served over real CoAP: the RD bundle's own {@link CoapResourceDirectory}
 * ({@code /rd}, {@code /rd-lookup/ep}, {@code /rd-lookup/res}) on our gateway CoAP server, bound to 127.0.0.1 on a
 * port the OS picks, with the shipped server and directory settings. Its store is the root's directory itself: what
 * RD synchronisation writes the fleet's sets into is what a client's lookup over CoAP reads, so a lookup can be timed
 * as a client sees it. Only the root needs it: the other gateways' directories are read through the tree.
 */
final class RootCoapDirectory implements AutoCloseable {

    private final GatewayCoapServer server = new GatewayCoapServer();
    /** The directory's periodic tasks (expiry sweep, notifications) run one at a time, as it requires. */
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "fleet-root-rd");
        thread.setDaemon(true);
        return thread;
    });
    private final CoapResourceDirectory rd;

    /** @param sector the sector of a registration that names none (as the in-process directories use) */
    RootCoapDirectory(String sector) {
        CoapConfig.register();
        UdpConfig.register();
        server.apply(ServerOptions.fromProperties(
                Map.of(ServerOptions.BIND_ADDRESS.id(), "127.0.0.1", ServerOptions.PORT.id(), 0)));
        // no registration of the server's own resources: the root's directory holds the fleet's links and nothing
        // else, so that a lookup's expected size is N times the links of each gateway
        rd = new CoapResourceDirectory(DirectoryOptions.fromProperties(Map.of(DirectoryOptions.LOCAL_ENABLED.id(),
                false, DirectoryOptions.DEFAULT_SECTOR.id(), sector)), server, scheduler, new MonotonicClock(), null);
        rd.start();
    }

    /** The directory the CoAP resources serve. */
    LocalDirectory directory() {
        return rd.directory();
    }

    RegistrationStore store() {
        return rd.store();
    }

    /** The server's CoAP port on 127.0.0.1. */
    int port() {
        return server.getPort();
    }

    @Override
    public void close() {
        rd.close();
        server.close();
        scheduler.shutdownNow();
    }
}
