/** Typed, validated configuration of a gateway's place in the tree and of the protocol's timings and limits. */
@org.osgi.annotation.versioning.Version("1.1.0")
package io.coaptree.tree.options;
