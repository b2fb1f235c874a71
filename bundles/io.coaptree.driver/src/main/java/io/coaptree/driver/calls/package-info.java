/**
 * The driver's CoAP calls in plain Java: reads (many at once, bounded in flight and in time), writes, lookups of
 * {@code lookup:} resources, each ending in an {@link Outcome} that says why it failed. The gateway's CoAP server
 * is reached through the {@link CoapPort}, which the Californium adapter implements.
 */
package io.coaptree.driver.calls;
