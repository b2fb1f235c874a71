package io.coaptree.bench.scenario;

import java.util.List;
import java.util.Optional;

/** Every scenario {@code Benchmarks run <name>} knows. */
public final class ScenarioCatalog {

    private ScenarioCatalog() {
    }

    public static List<Scenario> all() {
        return List.of(
                new ExampleGetScenario(),
                new io.coaptree.bench.rd.RdScenario(),
                new io.coaptree.bench.dtls.DtlsScenario(),
                new io.coaptree.bench.tree.TreeScenario(),
                new io.coaptree.bench.seeds.coaptree.SeedCoaptreeScenario(),
                new io.coaptree.bench.seeds.iotivity.SeedIotivityScenario(),
                new io.coaptree.bench.seeds.seganet.SeedSeganetScenario(),
                new io.coaptree.bench.seeds.iotfm.SeedIotfmScenario(),
                new io.coaptree.bench.fleet.FleetScenario(),
                new io.coaptree.bench.pi.PiGatewayScenario());
    }

    public static Optional<Scenario> find(String name) {
        return all().stream().filter(s -> s.name().equals(name)).findFirst();
    }
}
