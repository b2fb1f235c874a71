package io.coaptree.bench.scenario;

import java.util.List;
import java.util.Map;

import io.coaptree.bench.server.ServerSample;

/**
 * Everything one scenario run produced; serialised as result.json.
 *
 * @param serverSamples per target label, the server process sampled through the whole run
 */
public record RunReport(String scenario, String description, String startedAt, double durationSeconds,
        String command, boolean quick, MachineInfo machine, String baseline, List<Measurement> measurements,
        List<Comparison> comparisons, Map<String, List<ServerSample>> serverSamples, List<String> notes) {
}
