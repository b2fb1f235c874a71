/**
 * Where a gateway's telemetry goes and how: the queue that orders records by delivery class, the publisher onto the
 * tree's telemetry topic and the root's receiver. Plain Java over the tree's MessageBus.
 */
package io.coaptree.telemetry.uplink;
