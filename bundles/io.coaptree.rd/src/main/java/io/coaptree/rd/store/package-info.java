/**
 * The Resource Directory's registrations (RFC 9176 section 5): register, update, remove, identity binding,
 * limits, expiry by one sweeper, persistence. Plain Java with no CoAP or OSGi dependency; a transport adapter
 * maps {@link io.coaptree.rd.store.StoreResult.Outcome} to response codes.
 */
@org.osgi.annotation.versioning.Version("1.0.0")
package io.coaptree.rd.store;
