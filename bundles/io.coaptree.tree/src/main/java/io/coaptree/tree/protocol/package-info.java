/**
 * The membership protocol (join, heartbeat, leave, last will), its messages and byte codec, and the
 * {@link io.coaptree.tree.protocol.MembershipProtocol} that runs it on one gateway.
 */
@org.osgi.annotation.versioning.Version("1.0.0")
package io.coaptree.tree.protocol;
