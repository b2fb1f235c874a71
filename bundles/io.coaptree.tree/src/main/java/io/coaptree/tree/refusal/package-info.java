/**
 * Messages from MQTT that a gateway cannot use: why each was refused ({@link io.coaptree.tree.refusal.RefusalReason}),
 * how many of each ({@link io.coaptree.tree.refusal.Refusals}) and a WARN per reason at a bounded rate
 * ({@link io.coaptree.tree.refusal.RateLimitedWarnings}). Plain Java: the tree, remote queries and RD
 * synchronisation all report to one {@code Refusals}, which the tree service hands out.
 */
@org.osgi.annotation.versioning.Version("1.0.0")
package io.coaptree.tree.refusal;
