package io.coaptree.harness.exchange.run;

/**
 * The outcome of an initiator's run.
 *
 * @param requested exchanges the run was asked for
 * @param ok exchanges answered with the expected response
 * @param errors exchanges that failed (refused publish, wrong or undecodable response, timeout)
 * @param totalMillis from the first request to the last answer or failure
 * @param backoffs how often a publish found the in-flight window full and waited
 * @param firstError the first failure, or empty
 */
public record RunResult(int requested, int ok, int errors, long totalMillis, long backoffs, String firstError) {
}
