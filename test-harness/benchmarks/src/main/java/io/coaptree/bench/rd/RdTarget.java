package io.coaptree.bench.rd;

import java.lang.management.ManagementFactory;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.CoapResource;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.server.resources.CoapExchange;

import io.coaptree.rd.coap.CoapResourceDirectory;
import io.coaptree.rd.options.DirectoryOptions;
import io.coaptree.rd.options.RegistrationStoreOptions;
import io.coaptree.rd.store.MonotonicClock;
import io.coaptree.server.options.AccessPolicy;
import io.coaptree.server.core.GatewayCoapServer;
import io.coaptree.server.options.ServerOptions;

/**
 * The server under test of the {@code rd} scenario, run in its own JVM by
 * {@link io.coaptree.bench.server.TargetMain} (kind {@code rd}): our gateway CoAP server (plain, no OSGi) with the
 * Resource Directory on it, plus two resources beside it on the same server:
 * <ul>
 * <li>{@code /bare}: POST answers 2.04 and GET answers a constant link, without looking at the request. It is what
 * the CoAP stack costs on its own, so the directory's cost reads as a ratio;</li>
 * <li>{@code /bench/heap} (invisible): runs a full GC and answers {@code heap=<bytes used>}, so heap per
 * registration is measured without garbage in it.</li>
 * </ul>
 * Writes are open (plain-CoAP registrants), the node's own registration and persistence are off so the store holds
 * only what the benchmark registers.
 */
public final class RdTarget implements AutoCloseable {

    public static final String BARE = "bare";
    public static final String HEAP = "bench/heap";
    /** What the bare GET answers: about the size of a one-link lookup result. */
    static final String BARE_ANSWER = "<coap://127.0.0.1:40000/s/temperature>;rt=\"temperature\";if=\"sensor\";"
            + "ct=0;obs;anchor=\"coap://127.0.0.1:40000\"";

    private final GatewayCoapServer server = new GatewayCoapServer();
    private final ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread thread = new Thread(r, "coaptree-rd");
        thread.setDaemon(true);
        return thread;
    });
    private final CoapResourceDirectory directory;

    private RdTarget(String bindAddress, int maxRegistrations) {
        Map<String, Object> serverOptions = new HashMap<>();
        serverOptions.put(ServerOptions.BIND_ADDRESS.id(), bindAddress);
        serverOptions.put(ServerOptions.PORT.id(), 0);
        server.apply(ServerOptions.fromProperties(serverOptions));
        server.applyAccessPolicy(AccessPolicy.open());
        Map<String, Object> rdOptions = new HashMap<>();
        rdOptions.put(RegistrationStoreOptions.REGISTRATIONS_MAX.id(), maxRegistrations);
        rdOptions.put(DirectoryOptions.LOCAL_ENABLED.id(), false);
        directory = new CoapResourceDirectory(DirectoryOptions.fromProperties(rdOptions), server, scheduler,
                new MonotonicClock(), null);
        // plain Californium resources straight on the tree: nothing of ours between the stack and them
        CoapResource bench = new CoapResource("bench", false);
        bench.add(new HeapResource());
        server.californium().add(new BareResource(), bench);
    }

    /** Binds to {@code bindAddress} on a free port and starts the directory. */
    public static RdTarget start(String bindAddress, int maxRegistrations) {
        RdTarget target = new RdTarget(bindAddress, maxRegistrations);
        target.directory.start();
        return target;
    }

    public int port() {
        return server.getPort();
    }

    @Override
    public void close() throws InterruptedException {
        directory.close();
        server.close();
        scheduler.shutdownNow();
        scheduler.awaitTermination(5, TimeUnit.SECONDS);
    }

    /** No work: the CoAP stack's own limit for a POST with a payload and for a GET. */
    static final class BareResource extends CoapResource {
        BareResource() {
            super(BARE);
        }

        @Override
        public void handlePOST(CoapExchange exchange) {
            exchange.respond(ResponseCode.CHANGED);
        }

        @Override
        public void handleGET(CoapExchange exchange) {
            exchange.respond(ResponseCode.CONTENT, BARE_ANSWER, MediaTypeRegistry.APPLICATION_LINK_FORMAT);
        }
    }

    /** Heap in use after a full collection: what the registrations actually keep. */
    static final class HeapResource extends CoapResource {
        HeapResource() {
            super("heap", false);
        }

        @Override
        public void handleGET(CoapExchange exchange) {
            System.gc();
            System.gc();
            long used = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            // No Content-Format: text/plain (0) is an empty option value, a branch the measured traffic never
            // takes, and taking it here once deoptimised the server's whole send path right before the next step.
            Response response = new Response(ResponseCode.CONTENT);
            response.setPayload("heap=" + used);
            exchange.respond(response);
        }
    }
}
