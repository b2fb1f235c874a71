/** The {@link io.coaptree.tree.bus.MessageBus} over a Kura {@code DataTransportService} (the lean MQTT transport). */
@org.osgi.annotation.versioning.Version("1.1.0")
package io.coaptree.tree.transport;
