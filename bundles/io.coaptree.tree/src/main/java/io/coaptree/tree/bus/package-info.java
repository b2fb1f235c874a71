/**
 * The publish/subscribe port the tree, remote queries and telemetry talk through (in a gateway, the bus the tree
 * service opens over MQTT), its delivery classes and MQTT topic-filter matching.
 */
@org.osgi.annotation.versioning.Version("2.0.0")
package io.coaptree.tree.bus;
