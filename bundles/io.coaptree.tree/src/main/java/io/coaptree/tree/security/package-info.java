/**
 * Authentication of the messages gateways exchange over MQTT: every message is sealed by its sender in a COSE
 * structure (RFC 9052: {@code COSE_Sign1} with the gateway's Ed25519 key, or {@code COSE_Mac0} under a tree-wide
 * secret), bound to its topic, stamped with the sender's boot, a sequence number and the time it was sent; the
 * receiver checks the seal against the tree's trust anchor, refuses stale and replayed messages (a window per
 * sender and boot) and passes on only what holds. The entry gateway of a request also vouches, once, for the caller
 * it authenticated over DTLS, so no later hop can change the caller. Plain Java: no OSGi, Kura or MQTT types.
 */
@org.osgi.annotation.versioning.Version("2.1.0")
package io.coaptree.tree.security;
