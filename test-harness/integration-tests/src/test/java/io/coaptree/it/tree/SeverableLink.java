package io.coaptree.it.tree;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * A TCP link between one gateway and the broker that the test can sever as a crash would: every connection reset at
 * once (so the broker publishes the gateway's last will, and nothing the gateway still sends gets out) and new ones
 * refused until {@link #heal()}. What the gateway does after that no longer reaches the tree, so stopping it then is,
 * for everyone else, a killed gateway.
 */
final class SeverableLink implements AutoCloseable {

    private final ServerSocket listener;
    private final String targetHost;
    private final int targetPort;
    private final List<Socket> open = new CopyOnWriteArrayList<>();
    private volatile boolean severed;

    SeverableLink(String targetHost, int targetPort) throws IOException {
        this.targetHost = targetHost;
        this.targetPort = targetPort;
        listener = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(this::accept, "severable-link-" + listener.getLocalPort());
        acceptor.setDaemon(true);
        acceptor.start();
    }

    /** The gateway's broker URL through this link. */
    String url() {
        return "mqtt://127.0.0.1:" + listener.getLocalPort() + "/";
    }

    void sever() {
        severed = true;
        open.forEach(SeverableLink::reset);
        open.clear();
    }

    void heal() {
        severed = false;
    }

    private void accept() {
        while (!listener.isClosed()) {
            try {
                Socket client = listener.accept();
                if (severed) {
                    reset(client);
                    continue;
                }
                Socket server = new Socket();
                server.connect(new InetSocketAddress(targetHost, targetPort), 5_000);
                open.add(client);
                open.add(server);
                pipe(client, server);
                pipe(server, client);
            } catch (IOException e) {
                // the listener closed, or one connection could not be made: the gateway retries
            }
        }
    }

    private void pipe(Socket from, Socket to) {
        Thread t = new Thread(() -> {
            byte[] buffer = new byte[16 * 1024];
            try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
                for (int n; (n = in.read(buffer)) >= 0;) {
                    out.write(buffer, 0, n);
                    out.flush();
                }
            } catch (IOException e) {
                // reset by sever(), or the other side went away
            } finally {
                reset(from);
                reset(to);
            }
        }, "severable-link-pipe");
        t.setDaemon(true);
        t.start();
    }

    /** Closes with a TCP reset (linger 0), as the kernel does for the sockets of a killed process. */
    private static void reset(Socket socket) {
        try {
            socket.setSoLinger(true, 0);
            socket.close();
        } catch (IOException e) {
            // already closed
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
        sever();
    }
}
