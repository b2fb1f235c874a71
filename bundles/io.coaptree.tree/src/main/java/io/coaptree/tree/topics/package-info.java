/** The hierarchical MQTT topic scheme: one fixed-depth topic per node and message kind. */
@org.osgi.annotation.versioning.Version("1.1.0")
package io.coaptree.tree.topics;
