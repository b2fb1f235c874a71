package io.coaptree.bench.scenario;

import java.time.OffsetDateTime;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.coaptree.bench.server.ServerSample;
import io.coaptree.bench.server.TargetProcess;

/** Runs a scenario to its end and gathers its report; targets are stopped whatever happens. */
public final class ScenarioRunner {

    private ScenarioRunner() {
    }

    public static RunReport run(Scenario scenario, RunOptions options) throws Exception {
        OffsetDateTime startedAt = OffsetDateTime.now().truncatedTo(ChronoUnit.SECONDS);
        MachineInfo machine = MachineInfo.detect(); // before the run: its load average is other people's work
        System.out.println("machine: " + machine.describe());
        long start = System.nanoTime();
        ScenarioContext context = new ScenarioContext(options);
        try {
            scenario.run(context);
        } finally {
            context.stopAll();
        }
        Map<String, List<ServerSample>> samples = new LinkedHashMap<>();
        for (TargetProcess target : context.targets()) {
            samples.put(target.label(), target.samples());
        }
        List<Measurement> measurements = List.copyOf(context.measurements());
        return new RunReport(scenario.name(), scenario.description(), startedAt.toString(),
                (System.nanoTime() - start) / 1e9, options.command(), options.quick(), machine,
                context.baselineLabel(), measurements, Comparison.against(context.baselineLabel(), measurements),
                samples, List.copyOf(context.notes()), context.headlines(), context.tables(), context.charts(),
                context.runs());
    }
}
