/**
 * How a gateway's MQTT traffic is delivered: delivery classes (control, urgent, normal) with bounded queues and a
 * bounded share for normal traffic, workers that open and handle arrivals in parallel, an outbound queue per class,
 * and adaptive batching of normal messages to a busy next hop (one seal per batch). Plain logic
 * ({@link io.coaptree.tree.delivery.ClassedQueue}, {@link io.coaptree.tree.delivery.BatchAssembler},
 * {@link io.coaptree.tree.delivery.BatchFrame}) and its runtime ({@link io.coaptree.tree.delivery.GatewayDelivery}),
 * tuned through {@link io.coaptree.tree.delivery.DeliveryTuning} (3.0.0: the settings, {@code DeliveryOptions},
 * moved to the bundle's private options package).
 */
@org.osgi.annotation.versioning.Version("3.1.0")
package io.coaptree.tree.delivery;
