package io.coaptree.bench.mqtt;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A Mosquitto broker process for a benchmark: loopback only, no persistence, no TLS or access list, anonymous
 * clients, and TCP_NODELAY on its sockets as the shipped broker configuration sets it ({@code MosquittoListener});
 * {@code -Dcoaptree.bench.nodelay=false} gives Mosquitto's own default. Its configuration and log are written to the
 * directory given. Needs the Debian package {@code mosquitto}.
 */
public final class MosquittoProcess implements AutoCloseable {

    private static final long START_MILLIS = 10_000;

    private final Process process;
    private final int port;

    private MosquittoProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    /**
     * Starts {@code name}'s broker on a free port and returns once it accepts connections.
     *
     * @param extraLines configuration lines after the listener (a bridge's, for instance)
     */
    public static MosquittoProcess start(Path dir, String name, List<String> extraLines) throws IOException {
        String nodelay = "set_tcp_nodelay " + Boolean.parseBoolean(System.getProperty("coaptree.bench.nodelay",
                "true"));
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        List<String> conf = new ArrayList<>(List.of("persistence false", "user " + System.getProperty("user.name"),
                "log_dest stdout", "log_type error", "log_type warning", "allow_anonymous true", nodelay,
                "listener " + port + " 127.0.0.1"));
        conf.addAll(extraLines);
        conf.add("");
        Path file = Files.writeString(dir.resolve(name + ".conf"), String.join("\n", conf));
        Process process = new ProcessBuilder(executable(), "-c", file.toString()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(dir.resolve(name + ".log").toFile())).start();
        MosquittoProcess broker = new MosquittoProcess(process, port);
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(START_MILLIS);
        while (System.nanoTime() < deadline && process.isAlive()) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 200);
                return broker;
            } catch (IOException notYet) {
                try {
                    process.waitFor(50, TimeUnit.MILLISECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
            }
        }
        broker.close();
        throw new IOException("mosquitto " + name + " did not listen on " + port + "; see " + dir);
    }

    public int port() {
        return port;
    }

    /** The URL clients connect to. */
    public String url() {
        return "mqtt://127.0.0.1:" + port + "/";
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(START_MILLIS, TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String executable() {
        for (String candidate : new String[] { "/usr/sbin/mosquitto", "/usr/bin/mosquitto",
                "/usr/local/sbin/mosquitto" }) {
            if (Files.isExecutable(Path.of(candidate))) {
                return candidate;
            }
        }
        throw new IllegalStateException("mosquitto is not installed (Debian package mosquitto)");
    }
}
