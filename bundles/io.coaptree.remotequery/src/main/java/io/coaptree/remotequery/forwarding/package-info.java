/** Sending envelopes to the next hop and matching their replies: correlation, admission, timeouts, replica load. */
@org.osgi.annotation.versioning.Version("1.0.0")
package io.coaptree.remotequery.forwarding;
