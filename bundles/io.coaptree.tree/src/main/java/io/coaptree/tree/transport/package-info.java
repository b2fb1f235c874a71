/**
 * The gateway's buses to the tree over a Kura {@code DataTransportService} (the lean MQTT transport), put together
 * in {@link io.coaptree.tree.transport.GatewayBuses}: class queues, seal, batching. Private to the tree bundle;
 * other bundles get their bus from the tree service.
 */
@org.osgi.annotation.versioning.Version("2.0.0")
package io.coaptree.tree.transport;
