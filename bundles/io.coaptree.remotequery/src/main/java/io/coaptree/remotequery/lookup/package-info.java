/** Lookups over a subtree: the fan-out, the local part from the gateway's Resource Directory, the merge. */
@org.osgi.annotation.versioning.Version("1.0.0")
package io.coaptree.remotequery.lookup;
