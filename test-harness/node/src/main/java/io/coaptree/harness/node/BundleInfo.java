package io.coaptree.harness.node;

/** One bundle of a node: symbolic name, version, and state as "ACTIVE", "RESOLVED", "INSTALLED", ... */
public record BundleInfo(String symbolicName, String version, String state) {
}
