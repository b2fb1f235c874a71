package io.coaptree.bench.scenario;

/**
 * A named, bounded benchmark: starts its targets through the {@link ScenarioContext}, drives them with
 * load steps, and lets the context record every measurement. The runner writes result.json, summary.md and
 * charts afterwards. To add one: implement this, add an instance to {@link ScenarioCatalog#all()}, and add a
 * section to docs/performance.md.
 */
public interface Scenario {

    /** The name on the command line, e.g. "example-get". Lower case, digits and '-'. */
    String name();

    /** One paragraph for the summary: what is measured, against what. */
    String description();

    void run(ScenarioContext context) throws Exception;
}
