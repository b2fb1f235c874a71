package io.coaptree.bench.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.IntFunction;

import io.coaptree.bench.coap.CoapProbe;
import io.coaptree.bench.coap.CoapRequestIssuer;
import io.coaptree.bench.load.Arrivals;
import io.coaptree.bench.load.LoadProfile;
import io.coaptree.bench.load.RequestIssuer;
import io.coaptree.bench.server.TargetProcess;
import io.coaptree.bench.server.TargetSpec;

/**
 * GET /temperature on the example sensor served by our server inside an emulated Kura node, and the same load
 * on a bare Californium resource doing the same work. Both targets go through the same steps, taking turns:
 * capacity with one and with many closed-loop clients, then latency under a Poisson arrival rate both can sustain.
 * <p>
 * Settings ({@code --set key=value}): {@code clients} (closed-loop and open-loop clients, 16),
 * {@code rate} (open-loop arrivals per second, 2000), {@code requests} (budget of each closed-loop step, 30000).
 */
public final class ExampleGetScenario implements Scenario {

    static final String HOST = "127.0.0.1";
    static final String PATH = "temperature";
    static final String OURS = "coaptree";
    static final String BARE = "bare-californium";

    @Override
    public String name() {
        return "example-get";
    }

    @Override
    public String description() {
        return "CoAP GET /temperature: the example sensor on CoAPTree's server in an emulated Kura 5.6 node (Equinox, "
                + "both deployment packages installed through DeploymentAdmin) against a plain Californium "
                + "CoapResource doing the same work with Californium's standard configuration. Each server has "
                + "its own JVM (-Xmx256m); they take turns step by step; the load generator runs in a third JVM "
                + "on the same machine, over loopback.";
    }

    private static IntFunction<RequestIssuer> gets(TargetProcess target) {
        return clients -> CoapRequestIssuer.open(HOST, target.port(), clients, CoapRequestIssuer.get(PATH));
    }

    @Override
    public void run(ScenarioContext context) throws Exception {
        RunOptions options = context.options();
        int clients = options.setting("clients", 16);
        int rate = options.setting("rate", 2000);
        int requests = options.setting("requests", 30_000);
        List<TargetSpec> targets = List.of(
                TargetSpec.kuraNode(OURS, List.of(context.deploymentPackage("coaptree"),
                        context.deploymentPackage("coaptree-examples"))),
                TargetSpec.bareCalifornium(BARE));
        context.baseline(BARE);
        // Request budgets, not only durations, bound each step: both servers keep every exchange for
        // deduplication (Californium: 247 s, ours: limits.exchange.lifetime.seconds = 60 s), so an unbounded
        // closed loop at several thousand requests/s fills a 256 MiB heap within a minute and measures the GC.
        List<LoadProfile> steps = List.of(
                LoadProfile.closedLoop("closed-1", 1, options.scaled(Duration.ofSeconds(8)), requests),
                LoadProfile.closedLoop("closed-" + clients, clients, options.scaled(Duration.ofSeconds(8)), requests),
                LoadProfile.openLoop("poisson-" + rate, Arrivals.POISSON, rate, clients,
                        options.scaled(Duration.ofSeconds(8)), (long) rate * 8));
        LoadProfile warmUp = LoadProfile.closedLoop("warm-up", clients, options.scaled(Duration.ofSeconds(4)),
                requests / 3);

        List<TargetProcess> running = new ArrayList<>();
        for (TargetSpec spec : targets) {
            System.out.println("target " + spec.label() + ": starting");
            TargetProcess target = context.startTarget(spec);
            CoapProbe.awaitSuccess(HOST, target.port(), PATH, Duration.ofSeconds(60));
            System.out.println("target " + spec.label() + ": serving on port " + target.port() + ", pid "
                    + target.pid());
            running.add(target);
        }
        for (TargetProcess target : running) {
            context.warmUp(warmUp, gets(target));
        }
        // Both servers stay up (the idle one costs next to nothing) and take turns, the order flipping every step,
        // so a change in the machine's other load hits both alike.
        for (int i = 0; i < steps.size(); i++) {
            List<TargetProcess> order = new ArrayList<>(running);
            if (i % 2 == 1) {
                Collections.reverse(order);
            }
            for (TargetProcess target : order) {
                context.measure(target, steps.get(i), gets(target));
            }
        }
        running.forEach(context::stopTarget);
        context.note("Client and server share the machine's CPUs: closed-loop throughput is what the whole box "
                + "sustains, and its ratio is the meaningful figure. Server CPU per request is measured on the "
                + "server process alone.");
        context.note("Open-loop latency counts from each request's scheduled time (no coordinated omission).");
        context.note("Closed-loop steps end at " + requests + " requests (or their duration): the heap figures "
                + "include the deduplication store, which grows with every request until exchanges expire.");
    }
}
