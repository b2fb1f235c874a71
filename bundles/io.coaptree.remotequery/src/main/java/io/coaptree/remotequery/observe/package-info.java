/**
 * The Observe relations relayed across the tree: the clients' relations at the entry gateway, the forwarded ones at
 * every hop, the local ones at the owner, and their lease.
 */
@org.osgi.annotation.versioning.Version("1.0.0")
package io.coaptree.remotequery.observe;
