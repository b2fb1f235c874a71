package io.coaptree.bench.scenario;

import java.util.List;
import java.util.Map;

import io.coaptree.bench.server.ServerSample;

/**
 * Everything one scenario run produced; serialised as result.json.
 *
 * @param serverSamples per target label, the server process sampled through the whole run
 * @param headlines     the figures the scenario is read by, against their goals
 * @param tables        figures that are not load steps
 * @param charts        PNG files the scenario drew itself, in the output folder
 * @param runs          one object per configuration a scenario ran (the fleet simulator: one per fleet size), as
 *                      the scenario defines it; empty for most
 */
public record RunReport(String scenario, String description, String startedAt, double durationSeconds,
        String command, boolean quick, MachineInfo machine, String baseline, List<Measurement> measurements,
        List<Comparison> comparisons, Map<String, List<ServerSample>> serverSamples, List<String> notes,
        List<Headline> headlines, List<ResultTable> tables, List<String> charts, List<Object> runs) {
}
