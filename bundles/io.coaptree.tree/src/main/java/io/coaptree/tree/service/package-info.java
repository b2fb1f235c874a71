/**
 * The running tree of this gateway as an OSGi service: its place in the tree, and the finished bus to the other
 * gateways (sealed, in class queues, batched) for the remote-query, telemetry and HTTP bundles.
 */
@org.osgi.annotation.versioning.Version("3.1.0")
package io.coaptree.tree.service;
