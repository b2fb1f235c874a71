/** Envelopes arriving on a gateway's query and reply topics: decoding, sender binding, requests from other gateways. */
@org.osgi.annotation.versioning.Version("1.0.0")
package io.coaptree.remotequery.inbound;
