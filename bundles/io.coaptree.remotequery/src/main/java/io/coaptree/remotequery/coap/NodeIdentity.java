package io.coaptree.remotequery.coap;

import io.coaptree.api.PeerIdentity;
import io.coaptree.tree.model.NodeAddress;

/**
 * The identity RD synchronisation uses when it runs requests against its own gateway's server
 * ({@code node:<domain>/<group>/<name>}). Only code inside the gateway can present it: DTLS peers map to
 * {@code psk}/{@code x509}/{@code rpk} ({@link PeerIdentity#of}), {@link PeerIdentity#parse} refuses the type (so
 * no allow-list names it), and {@link EnvelopeMapping#callerOf} never takes it from a remote envelope. Being
 * authenticated, it passes the server's {@code access.*=authenticated} and the directory's
 * {@code registration.require.authentication}; First-Come-First-Remembered binds the children's registrations to
 * it, so no DTLS client can change or delete them.
 */
public final class NodeIdentity {

    public static final String TYPE = "node";

    private NodeIdentity() {
    }

    public static PeerIdentity of(NodeAddress self) {
        return new PeerIdentity(TYPE, self.text());
    }
}
