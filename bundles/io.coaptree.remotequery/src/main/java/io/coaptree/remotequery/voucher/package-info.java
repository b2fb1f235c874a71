/** The entry gateway's vouchers for the caller identities that travel in envelopes, and their checks. */
@org.osgi.annotation.versioning.Version("1.0.0")
package io.coaptree.remotequery.voucher;
