/**
 * Messages from MQTT that a gateway drops because it cannot use them (reported as "refused" in logs and
 * counters): why each was dropped ({@link io.coaptree.tree.drops.DropReason}),
 * how many of each ({@link io.coaptree.tree.drops.DroppedMessages}) and a WARN per reason at a bounded rate
 * ({@link io.coaptree.tree.drops.RateLimitedWarnings}). Plain Java: the tree, remote queries and RD
 * synchronisation all report to one {@code DroppedMessages}, which the tree service hands out.
 */
@org.osgi.annotation.versioning.Version("1.2.0")
package io.coaptree.tree.drops;
