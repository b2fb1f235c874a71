package io.coaptree.bench.fleet;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.function.ToDoubleFunction;

import org.knowm.xchart.XYChart;

import io.coaptree.bench.mqtt.BridgedMosquittos;
import io.coaptree.bench.scenario.Headline;
import io.coaptree.bench.scenario.ResultTable;
import io.coaptree.bench.scenario.Scenario;
import io.coaptree.bench.scenario.ScenarioContext;
import io.coaptree.bench.scenario.StepProgress;
import io.coaptree.bench.seeds.SeedCharts;

/**
 * {@code run fleet}: fleets of N gateways (a root, about √N domains, the rest groups) running the tree bundle's own
 * membership protocol, seal and delivery over the lean transport, against a Mosquitto the runner starts anew for each
 * N. Per N: the cold start until the tree is complete, what a group and the busiest domain gateway receive and check
 * while idle, the broker's deliveries, and what one group gateway's join and restart cost the gateways outside its
 * neighbourhood, and one page of a client's paged lookup at the root over CoAP. {@code --set sizes=10,100} picks the
 * sizes (default 10, 100, 1000; {@code --quick}: 10 and 100, shorter windows), {@code --set gateways=N} one size,
 * {@code --set brokers=K} spreads the fleet over K Mosquittos bridged as the shipped generator bridges them
 * (default 1).
 */
public final class FleetScenario implements Scenario {

    private static final Duration IDLE = Duration.ofSeconds(20);

    @Override
    public String name() {
        return "fleet";
    }

    @Override
    public String description() {
        return "Fleets of N gateways with the tree's own membership protocol, Ed25519 seals under a tree CA and the "
                + "lean MQTT transport against a Mosquitto started for each N: per-gateway messages, signature "
                + "checks and bytes while idle, broker deliveries, one page of a paged lookup at the root over CoAP, "
                + "and what one gateway's join and restart cost the gateways outside its neighbourhood; --set "
                + "brokers=K spreads the fleet over K bridged Mosquittos.";
    }

    @Override
    public void run(ScenarioContext context) throws Exception {
        // gateways=N runs one size; sizes=10,100 several
        List<Integer> sizes = sizes(context.options().setting("gateways", context.options().setting("sizes",
                context.options().quick() ? "10,100" : "10,100,1000")));
        Duration idle = context.options().scaled(IDLE);
        int resources = context.options().setting("resources", 100);
        int brokerCount = context.options().setting("brokers", 1);
        List<FleetFigures> runs = new ArrayList<>();
        for (int n : sizes) {
            FleetLayout layout = FleetLayout.of(n);
            Files.createDirectories(context.outputDir());
            Path logs = Files.createDirectories(context.outputDir().resolve("mosquitto-" + n));
            // the hub and the sites the layout puts domains on (fewer than asked when there are fewer domains)
            try (BridgedMosquittos brokers = BridgedMosquittos.start(layout.inventory(brokerCount), "coaptree", logs);
                    FleetSimulation fleet = new FleetSimulation(
                            g -> brokers.url(FleetLayout.brokerOf(g.path(), brokerCount)), resources);
                    StepProgress progress = context.progress("fleet of " + n, 7)) {
                FleetFigures figures;
                try {
                    figures = new FleetMeasurement(layout, fleet, idle, resources, brokers.size()).run(progress);
                } catch (TimeoutException e) {
                    // a larger fleet would not complete either: what was measured is reported, with why it ended
                    context.note("A fleet of " + n + " did not complete, so no larger one was tried: "
                            + e.getMessage());
                    System.out.println("  fleet of " + n + ": " + e.getMessage());
                    break;
                }
                runs.add(figures);
                context.run(figures);
                System.out.printf("  fleet of %d: group in %.1f/s (checks %.1f/s), busiest domain in %.1f/s, broker "
                        + "%.0f deliveries/s, join costs outsiders %d messages%n", n, figures.groupIdleInPerSecond(),
                        figures.groupIdleChecksPerSecond(), figures.domainIdleInPerSecond(),
                        figures.brokerDeliveriesPerSecond(), figures.joinMessagesOutsideNeighbourhood());
            }
        }
        report(context, runs);
    }

    private static String orDash(Object figure) {
        return figure == null ? "-" : figure instanceof Double d ? SeedCharts.fixed(d, 1) : figure.toString();
    }

    private static List<Integer> sizes(String text) {
        return Arrays.stream(text.split(",")).map(String::trim).map(Integer::parseInt).toList();
    }

    private static void report(ScenarioContext context, List<FleetFigures> runs) {
        ResultTable.Builder table = new ResultTable.Builder("Per fleet size", "gateways", "brokers", "cold start (s)",
                "group in/s", "group checks/s", "group bytes in/s", "group out/s", "busiest domain in/s",
                "busiest domain checks/s", "broker deliveries/s", "join: messages outside", "join: extra outside",
                "restart: messages outside", "root links", "paged lookup complete (s)",
                "one page over CoAP p50 / p99 (ms): links a page, pages, failed", "root directory heap (MiB)",
                "remote read p50 / p99 (ms), failed", "simulator during reads: CPU % (kernel's share %), GC pauses, "
                + "longest (ms)",
                "domain restart: gateways, most listed twice / missing, complete (s)",
                "threads", "simulator idle CPU % (kernel's share %)");
        for (FleetFigures f : runs) {
            table.row(f.gateways(), f.brokers(), SeedCharts.fixed(f.coldStartSeconds(), 1), SeedCharts.fixed(
                    f.groupIdleInPerSecond(), 1), SeedCharts.fixed(f.groupIdleChecksPerSecond(), 1),
                    SeedCharts.fixed(f.groupIdleBytesInPerSecond(), 0), SeedCharts.fixed(f.groupIdleOutPerSecond(), 2),
                    SeedCharts.fixed(f.domainIdleInPerSecond(), 1), SeedCharts.fixed(f.domainIdleChecksPerSecond(), 1),
                    SeedCharts.fixed(f.brokerDeliveriesPerSecond(), 0), f.joinMessagesOutsideNeighbourhood(),
                    f.joinExtraMessagesOutsideNeighbourhood(), f.restartMessagesOutsideNeighbourhood(),
                    orDash(f.rootLinks()), orDash(f.pagedLookupCompleteSeconds()),
                    f.pageP99Ms() == null ? "-" : SeedCharts.fixed(f.pageP50Ms(), 2) + " / "
                            + SeedCharts.fixed(f.pageP99Ms(), 2) + ": " + f.pageSize() + ", " + f.pagesTimed() + ", "
                            + f.pagesFailed(),
                    orDash(f.rootDirectoryHeapMiB()),
                    f.remoteReadP99Ms() == null ? "-" : SeedCharts.fixed(f.remoteReadP50Ms(), 2) + " / "
                            + SeedCharts.fixed(f.remoteReadP99Ms(), 2) + ", " + f.remoteReadFailed()
                            + (f.remoteReadFailures().isEmpty() ? "" : " " + f.remoteReadFailures()),
                    f.remoteReadP99Ms() == null ? "-" : SeedCharts.fixed(f.readsSimulatorCpuPercent(), 0) + " ("
                            + SeedCharts.fixed(f.readsSimulatorKernelPercent(), 0) + "), " + f.readsCollectorPauses()
                            + ", " + SeedCharts.fixed(f.readsLongestPauseMs(), 0),
                    f.domainRestartGateways() == null ? "-" : f.domainRestartGateways() + ", "
                            + f.domainRestartDuplicatesMax() + " / " + f.domainRestartMissingMax() + ", "
                            + SeedCharts.fixed(f.domainRestartCompleteSeconds(), 1),
                    f.threads(), SeedCharts.fixed(f.idleSimulatorCpuPercent(), 0) + " ("
                            + SeedCharts.fixed(f.idleSimulatorKernelPercent(), 0) + ")");
        }
        context.table(table.build());
        context.table(phases(runs));
        if (runs.size() >= 2) {
            FleetFigures smallest = runs.get(0);
            FleetFigures largest = runs.get(runs.size() - 1);
            double ratio = largest.groupIdleInPerSecond() / smallest.groupIdleInPerSecond();
            context.headline(Headline.against("group gateway idle messages in, N=" + largest.gateways() + " / N="
                    + smallest.gateways(), SeedCharts.fixed(ratio, 2) + "x", "at most 1.5x", ratio <= 1.5));
        }
        for (FleetFigures f : runs) {
            context.headline(Headline.against("join of one gateway, messages to gateways outside its neighbourhood, N="
                    + f.gateways(), Long.toString(f.joinMessagesOutsideNeighbourhood()), "0",
                    f.joinMessagesOutsideNeighbourhood() == 0));
        }
        for (FleetFigures f : runs) {
            if (f.pagedLookupCompleteSeconds() != null) {
                context.headline(Headline.against("paged lookup at the root returns every link once, after a cold "
                        + "start, N=" + f.gateways(), SeedCharts.fixed(f.pagedLookupCompleteSeconds(), 1) + " s",
                        "at most 60 s", f.pagedLookupCompleteSeconds() <= 60));
                context.headline(Headline.reported("root directory heap, N=" + f.gateways() + " (" + f.rootLinks()
                        + " links)", SeedCharts.fixed(f.rootDirectoryHeapMiB(), 1) + " MiB, "
                        + Math.round(f.rootDirectoryHeapMiB() * 1024 * 1024 / f.rootLinks()) + " bytes a link"));
            }
        }
        for (FleetFigures f : runs) {
            if (f.pageP99Ms() != null) {
                context.headline(Headline.against("one page of a paged lookup at the root over CoAP (" + f.pageSize()
                        + " links, blockwise), N=" + f.gateways(), "p50 " + SeedCharts.fixed(f.pageP50Ms(), 2)
                        + " ms, p99 " + SeedCharts.fixed(f.pageP99Ms(), 2) + " ms, " + f.pagesFailed() + " of "
                        + f.pagesTimed() + " failed", "p99 at most 50 ms, 0 failed",
                        f.pageP99Ms() <= 50 && f.pagesFailed() == 0));
            }
        }
        for (FleetFigures f : runs) {
            if (f.remoteReadP99Ms() != null) {
                context.headline(Headline.against("remote reads between random groups at 100/s, N=" + f.gateways(),
                        "p50 " + SeedCharts.fixed(f.remoteReadP50Ms(), 2) + " ms, p99 "
                                + SeedCharts.fixed(f.remoteReadP99Ms(), 2) + " ms, " + f.remoteReadFailed() + " failed",
                        "p99 at most 50 ms, 0 failed", f.remoteReadP99Ms() <= 50 && f.remoteReadFailed() == 0));
            }
        }
        for (FleetFigures f : runs) {
            if (f.domainRestartGateways() != null) {
                boolean once = f.domainRestartDuplicatesMax() == 0 && f.domainRestartMissingMax() == 0;
                context.headline(Headline.against("paged lookup at the root while a domain restarts with its groups ("
                        + f.domainRestartGateways() + " gateways), N=" + f.gateways(), "at most "
                        + f.domainRestartDuplicatesMax() + " links twice, " + f.domainRestartMissingMax()
                        + " missing; complete again after " + SeedCharts.fixed(f.domainRestartCompleteSeconds(), 1)
                        + " s", "every link exactly once", once));
            }
        }
        context.note("One page over CoAP: a Californium client pages through /rd-lookup/res?page=K&count="
                + FleetMeasurement.PAGE + " on the root's own CoAP server (the RD bundle's resources on the root's "
                + "directory, 127.0.0.1), pass after pass for the idle window's length (at least one whole pass, at "
                + "most 30 s), each page timed from the request to its last block (Californium's client fetches it "
                + "blockwise in the server's 512-byte blocks) and checked against the root's in-process lookup of "
                + "that page. "
                + FleetMeasurement.PAGE + " links a page, as the in-process paged lookups read the directory: "
                + "about 50 KB, under the directory's 64 KiB lookup payload limit.");
        if (runs.stream().anyMatch(f -> f.brokers() > 1)) {
            context.note("With several brokers (--set brokers=K): the root on the hub, domain D<k> with its groups on "
                    + "broker (k-1) mod K (broker 0 the hub), each site bridged to the hub with the generator's topic "
                    + "lines; every gateway announces its broker's host and port as its broker name (the shipped "
                    + "default), so direct routes are learned only on one broker. Broker deliveries are the sum of "
                    + "what the gateways received; what the bridges forward between brokers is not counted apart.");
        }
        context.note("The root directory's heap is what its registration store holds (weighed by collecting "
                + "with and without it once the fleet stopped).");
        context.note("The simulator's CPU (a share of all the machine's cores) and its collector's pauses are the "
                + "simulator's own cost, not a gateway's: all gateways share one JVM, so a pause stops each of them "
                + "at once and every hop of a read in flight waits for it. The kernel's share of that CPU is mostly "
                + "switching between its threads: each message wakes the MQTT client's reader and callback threads "
                + "(five a gateway with its sender, pinger and reconnector), then one of the threads the gateways "
                + "share for their deliveries (FleetThreads).");
        context.note("Signature checks are the Ed25519 verifications each gateway's seal made: a follower holding a "
                + "link checks its tag in a heartbeat instead, and a gateway's own heartbeats handed back by the "
                + "broker are not opened.");
        chart(context, runs, "fleet-group-in.png", "Messages a gateway receives while idle", "messages/s",
                List.of("group", "busiest domain"), FleetFigures::groupIdleInPerSecond,
                FleetFigures::domainIdleInPerSecond);
        chart(context, runs, "fleet-checks.png", "Signature checks while idle", "checks/s",
                List.of("group", "busiest domain"), FleetFigures::groupIdleChecksPerSecond,
                FleetFigures::domainIdleChecksPerSecond);
        chart(context, runs, "fleet-broker.png", "Broker deliveries while idle", "deliveries/s",
                List.of("broker"), FleetFigures::brokerDeliveriesPerSecond);
        chart(context, runs, "fleet-bytes.png", "Bytes a group gateway receives while idle", "bytes/s",
                List.of("group"), FleetFigures::groupIdleBytesInPerSecond);
        List<FleetFigures> withDirectory = runs.stream().filter(f -> f.rootDirectoryHeapMiB() != null).toList();
        chart(context, withDirectory, "fleet-root-heap.png", "Heap the root's directory holds", "MiB",
                List.of("root directory"), FleetFigures::rootDirectoryHeapMiB);
        chart(context, withDirectory, "fleet-lookup-complete.png",
                "From a cold start until a paged lookup at the root lists every link once", "s",
                List.of("paged lookup complete"), FleetFigures::pagedLookupCompleteSeconds);
        List<FleetFigures> withReads = runs.stream().filter(f -> f.remoteReadP99Ms() != null).toList();
        chart(context, withReads, "fleet-reads.png", "Remote reads between random groups at 100/s", "ms",
                List.of("p50", "p99"), FleetFigures::remoteReadP50Ms, FleetFigures::remoteReadP99Ms);
    }

    /** A group's, a domain's and the root's traffic a second in each phase, for each size. */
    private static ResultTable phases(List<FleetFigures> runs) {
        ResultTable.Builder table = new ResultTable.Builder("Per gateway and phase (a second: messages in / out, "
                + "signature checks, bytes in)", "gateways", "phase", "seconds", "group in / out", "group checks",
                "group bytes in", "domain", "domain in / out", "domain checks", "domain bytes in", "root in / out",
                "root checks", "root bytes in");
        for (FleetFigures f : runs) {
            for (PhaseRates p : f.phases()) {
                PhaseRates.Rates d = p.domain();
                table.row(f.gateways(), p.phase(), SeedCharts.fixed(p.seconds(), 1), inOut(p.group()),
                        SeedCharts.fixed(p.group().checksPerSecond(), 1),
                        SeedCharts.fixed(p.group().bytesInPerSecond(), 0), d == null ? "-" : p.domainGateway(),
                        d == null ? "-" : inOut(d), d == null ? "-" : SeedCharts.fixed(d.checksPerSecond(), 1),
                        d == null ? "-" : SeedCharts.fixed(d.bytesInPerSecond(), 0), inOut(p.root()),
                        SeedCharts.fixed(p.root().checksPerSecond(), 1),
                        SeedCharts.fixed(p.root().bytesInPerSecond(), 0));
            }
        }
        return table.build();
    }

    private static String inOut(PhaseRates.Rates rates) {
        return SeedCharts.fixed(rates.inPerSecond(), 1) + " / " + SeedCharts.fixed(rates.outPerSecond(), 1);
    }

    @SafeVarargs
    private static void chart(ScenarioContext context, List<FleetFigures> runs, String file, String title,
            String unit, List<String> names, ToDoubleFunction<FleetFigures>... series) {
        if (runs.isEmpty()) {
            return;
        }
        XYChart chart = SeedCharts.lines(title, "gateways", unit, true, true);
        List<Double> x = runs.stream().map(f -> (double) f.gateways()).toList();
        for (int i = 0; i < series.length; i++) {
            ToDoubleFunction<FleetFigures> figure = series[i];
            // a log axis takes no zero: a figure of 0 is drawn at the axis' floor
            chart.addSeries(names.get(i), x, runs.stream().map(f -> Math.max(1e-3, figure.applyAsDouble(f)))
                    .toList());
        }
        context.chart(file, chart);
    }
}
