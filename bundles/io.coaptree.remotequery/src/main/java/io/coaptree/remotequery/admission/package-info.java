/** Admission of remote requests by the estimated wait at their next hop: refuse early rather than answer late. */
@org.osgi.annotation.versioning.Version("1.0.0")
package io.coaptree.remotequery.admission;
