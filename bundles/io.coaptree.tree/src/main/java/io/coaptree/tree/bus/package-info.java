/**
 * The publish/subscribe port the tree and remote queries talk through (an MQTT client in a gateway), MQTT
 * topic-filter matching, and an in-memory bus for tests, demos and benchmarks.
 */
@org.osgi.annotation.versioning.Version("1.2.0")
package io.coaptree.tree.bus;
