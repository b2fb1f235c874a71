package io.coaptree.bench.seeds.records;

import java.io.IOException;
import java.net.DatagramPacket;
import java.net.DatagramSocket;
import java.net.InetAddress;
import java.net.SocketException;
import java.util.Arrays;

/**
 * The consumer behind the root's telemetry uplink: the root hands every record it receives up the tree to its
 * CloudPublisher, which in the benchmark target sends the record's body as one datagram to this socket (the cloud's
 * side, in the runner's process). One receiving thread; a big socket buffer, so a burst is not dropped by the OS.
 */
public final class CloudDatagramConsumer extends TalliedConsumer {

    private static final int RECEIVE_BUFFER_BYTES = 8 * 1024 * 1024;

    private final DatagramSocket socket;
    private final Thread receiver;

    public CloudDatagramConsumer() throws SocketException {
        socket = new DatagramSocket(0, InetAddress.getLoopbackAddress());
        socket.setReceiveBufferSize(RECEIVE_BUFFER_BYTES);
        receiver = new Thread(this::receive, "bench-cloud-consumer");
        receiver.setDaemon(true);
        receiver.start();
    }

    /** The UDP port the root's CloudPublisher sends to. */
    public int port() {
        return socket.getLocalPort();
    }

    private void receive() {
        byte[] buffer = new byte[65_536];
        DatagramPacket packet = new DatagramPacket(buffer, buffer.length);
        while (!socket.isClosed()) {
            try {
                packet.setLength(buffer.length);
                socket.receive(packet);
                arrived(Arrays.copyOf(packet.getData(), packet.getLength()));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    @Override
    public void close() {
        socket.close();
        receiver.interrupt();
    }
}
