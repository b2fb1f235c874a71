/**
 * Lookups over a subtree: the fan-out, the port to the gateway's Resource Directory for the local part
 * ({@link io.coaptree.remotequery.lookup.LocalLookups}, implemented by the CoAP glue), the merge.
 */
@org.osgi.annotation.versioning.Version("2.0.0")
package io.coaptree.remotequery.lookup;
