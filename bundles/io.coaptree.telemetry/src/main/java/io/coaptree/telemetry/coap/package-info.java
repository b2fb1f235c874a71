/**
 * The Californium adapter: the resource devices POST records to, the Observe relations on resources chosen by RD
 * lookup criteria, and the root's feed.
 */
package io.coaptree.telemetry.coap;
