package io.coaptree.bench.scenario;

import io.coaptree.bench.load.LoadResult;

/** One load step against one target: the client's view and the server's cost. */
public record Measurement(String target, String step, String description, LoadResult load, ServerUsage server) {
}
