package io.coaptree.mqtt.transport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.Socket;

import javax.net.SocketFactory;
import javax.net.ssl.SSLSocketFactory;

/**
 * Socket factories whose sockets send small packets at once (TCP_NODELAY). Paho leaves Nagle's algorithm on: a
 * PUBLISH written while the previous one is unacknowledged then waits for the peer's delayed ACK (40 ms on Linux),
 * and a request that crosses the tree in four MQTT hops took 140 ms instead of a few.
 */
public final class LowLatencySockets {

    private LowLatencySockets() {
    }

    /** For mqtt:// and ws:// brokers. */
    public static SocketFactory plain() {
        return new Plain(SocketFactory.getDefault());
    }

    /** For mqtts:// and wss:// brokers: the same TLS, with TCP_NODELAY on its sockets. */
    public static SSLSocketFactory tls(SSLSocketFactory delegate) {
        return new Tls(delegate);
    }

    private static <S extends Socket> S noDelay(S socket) throws IOException {
        socket.setTcpNoDelay(true);
        return socket;
    }

    private static final class Plain extends SocketFactory {
        private final SocketFactory delegate;

        Plain(SocketFactory delegate) {
            this.delegate = delegate;
        }

        @Override
        public Socket createSocket() throws IOException {
            return noDelay(delegate.createSocket());
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return noDelay(delegate.createSocket(host, port));
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
            return noDelay(delegate.createSocket(host, port, localHost, localPort));
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            return noDelay(delegate.createSocket(host, port));
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
                throws IOException {
            return noDelay(delegate.createSocket(address, port, localAddress, localPort));
        }
    }

    private static final class Tls extends SSLSocketFactory {
        private final SSLSocketFactory delegate;

        Tls(SSLSocketFactory delegate) {
            this.delegate = delegate;
        }

        @Override
        public String[] getDefaultCipherSuites() {
            return delegate.getDefaultCipherSuites();
        }

        @Override
        public String[] getSupportedCipherSuites() {
            return delegate.getSupportedCipherSuites();
        }

        @Override
        public Socket createSocket() throws IOException {
            return noDelay(delegate.createSocket());
        }

        @Override
        public Socket createSocket(Socket socket, String host, int port, boolean autoClose) throws IOException {
            return noDelay(delegate.createSocket(socket, host, port, autoClose));
        }

        @Override
        public Socket createSocket(String host, int port) throws IOException {
            return noDelay(delegate.createSocket(host, port));
        }

        @Override
        public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
            return noDelay(delegate.createSocket(host, port, localHost, localPort));
        }

        @Override
        public Socket createSocket(InetAddress host, int port) throws IOException {
            return noDelay(delegate.createSocket(host, port));
        }

        @Override
        public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
                throws IOException {
            return noDelay(delegate.createSocket(address, port, localAddress, localPort));
        }
    }
}
