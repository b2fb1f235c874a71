/** Pending requests by correlation id, with timeouts and Observe leases swept by one tick. */
@org.osgi.annotation.versioning.Version("2.0.0")
package io.coaptree.remotequery.correlation;
