package io.coaptree.harness.node;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;

/** A TCP port free on this machine right now, for a node's web server when the caller names none. */
final class FreePort {

    private FreePort() {
    }

    static int pick() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException("no free TCP port for the node's web server", e);
        }
    }
}
