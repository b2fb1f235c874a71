package io.coaptree.bench.coap;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.DatagramChannel;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

import io.coaptree.bench.load.RequestIssuer;

/**
 * Many light CoAP devices for the load engine: each its own UDP socket (own port), all read by one selector
 * thread, so a thousand devices cost a thousand sockets and one thread instead of two thousand (a Californium
 * endpoint per device has a sender and a receiver thread; on two cores their switching, not the server, limited the
 * first runs). Each request is one confirmable GET sent once (no retransmission: a lost datagram is a timeout,
 * as on the paper's devices, which used TCP); a piggybacked or separate 2.xx answer succeeds, anything else fails
 * with its code. Separate (confirmable) answers are acknowledged.
 */
public final class UdpDeviceIssuer implements RequestIssuer {

    private static final int COAP_VERSION_CON = 0x40;
    private static final int TOKEN_LENGTH = 8;
    private static final int URI_PATH_OPTION = 11;
    private static final int TYPE_CON = 0;
    private static final int TYPE_ACK = 2;
    private static final int TYPE_RST = 3;

    private final InetSocketAddress server;
    private final byte[][] pathSegments;
    private final List<DatagramChannel> channels = new ArrayList<>();
    private final int[] messageIds;
    private final Map<Long, Outcome> pending = new ConcurrentHashMap<>();
    private final AtomicLong tokens = new AtomicLong(System.nanoTime());
    private final Selector selector;
    private final Thread receiver;
    private volatile boolean open = true;

    private UdpDeviceIssuer(InetSocketAddress server, int devices, String path) throws IOException {
        this.server = server;
        String[] segments = path.split("/");
        this.pathSegments = new byte[segments.length][];
        for (int i = 0; i < segments.length; i++) {
            pathSegments[i] = segments[i].getBytes(StandardCharsets.UTF_8);
            if (pathSegments[i].length > 268) {
                throw new IllegalArgumentException("path segment longer than 268 bytes: " + segments[i]);
            }
        }
        this.messageIds = new int[devices];
        this.selector = Selector.open();
        try {
            for (int d = 0; d < devices; d++) {
                DatagramChannel channel = DatagramChannel.open();
                // room for a few ms of answers while the one receiving thread is descheduled on a busy machine
                channel.setOption(StandardSocketOptions.SO_RCVBUF, 1024 * 1024);
                channel.bind(new InetSocketAddress(server.getAddress(), 0));
                channel.configureBlocking(false);
                channel.register(selector, SelectionKey.OP_READ, d);
                channels.add(channel);
                messageIds[d] = (int) (Math.random() * 65536);
            }
        } catch (IOException e) {
            close();
            throw e;
        }
        this.receiver = new Thread(this::receive, "bench-udp-devices");
        receiver.setDaemon(true);
        receiver.start();
    }

    /** Opens {@code devices} devices that GET {@code path} (e.g. "tree/B/1/gB1/temperature") at host:port. */
    public static UdpDeviceIssuer gets(String host, int port, int devices, String path) {
        try {
            return new UdpDeviceIssuer(new InetSocketAddress(InetAddress.getByName(host), port), devices, path);
        } catch (IOException e) {
            throw new IllegalStateException("cannot open " + devices + " UDP devices: " + e.getMessage(), e);
        }
    }

    @Override
    public int clients() {
        return channels.size();
    }

    @Override
    public Cancellable issue(int client, Outcome outcome) {
        long token = tokens.incrementAndGet();
        int messageId;
        synchronized (messageIds) {
            messageId = messageIds[client] = (messageIds[client] + 1) & 0xFFFF;
        }
        pending.put(token, outcome);
        try {
            channels.get(client).send(ByteBuffer.wrap(get(messageId, token)), server);
        } catch (IOException e) {
            pending.remove(token);
            outcome.failed("send error: " + e.getClass().getSimpleName());
        }
        return () -> pending.remove(token);
    }

    /** A confirmable GET with an 8-byte token and the path as Uri-Path options. */
    private byte[] get(int messageId, long token) {
        ByteBuffer b = ByteBuffer.allocate(4 + TOKEN_LENGTH + pathSegments.length * 2 + totalPathBytes());
        b.put((byte) (COAP_VERSION_CON | TOKEN_LENGTH)).put((byte) 0x01).putShort((short) messageId).putLong(token);
        int delta = URI_PATH_OPTION;
        for (byte[] segment : pathSegments) {
            int length = segment.length;
            if (length < 13) {
                b.put((byte) ((delta << 4) | length));
            } else {
                b.put((byte) ((delta << 4) | 13)).put((byte) (length - 13));
            }
            b.put(segment);
            delta = 0;
        }
        byte[] bytes = new byte[b.position()];
        b.flip().get(bytes);
        return bytes;
    }

    private int totalPathBytes() {
        int total = 0;
        for (byte[] segment : pathSegments) {
            total += segment.length;
        }
        return total;
    }

    private void receive() {
        ByteBuffer buffer = ByteBuffer.allocate(2048);
        while (open) {
            try {
                if (selector.select(100) == 0) {
                    continue;
                }
                for (SelectionKey key : selector.selectedKeys()) {
                    DatagramChannel channel = (DatagramChannel) key.channel();
                    buffer.clear();
                    InetSocketAddress from;
                    while ((from = (InetSocketAddress) channel.receive(buffer)) != null) {
                        buffer.flip();
                        handle(channel, from, buffer);
                        buffer.clear();
                    }
                }
                selector.selectedKeys().clear();
            } catch (IOException | RuntimeException e) {
                if (open) {
                    System.err.println("UDP devices: " + e);
                }
            }
        }
    }

    private void handle(DatagramChannel channel, InetSocketAddress from, ByteBuffer message) throws IOException {
        if (message.remaining() < 4) {
            return;
        }
        int first = message.get() & 0xFF;
        int type = (first >> 4) & 0x3;
        int tokenLength = first & 0xF;
        int code = message.get() & 0xFF;
        int messageId = message.getShort() & 0xFFFF;
        if (type == TYPE_CON) {
            // a separate answer: acknowledge it, or the server sends it again
            channel.send(ByteBuffer.wrap(new byte[] {(byte) 0x60, 0, (byte) (messageId >> 8), (byte) messageId}),
                    from);
        }
        if (tokenLength != TOKEN_LENGTH || message.remaining() < TOKEN_LENGTH) {
            return; // an empty ACK (answer to follow) or a reset without our token
        }
        long token = message.getLong();
        if (type == TYPE_RST) {
            complete(token, "coap reset");
        } else if (code != 0 && (type == TYPE_ACK || type == TYPE_CON || type == 1)) {
            int codeClass = code >> 5;
            complete(token, codeClass == 2 ? null
                    : "coap " + codeClass + "." + String.format("%02d", code & 0x1F));
        }
    }

    private void complete(long token, String failure) {
        Outcome outcome = pending.remove(token);
        if (outcome == null) {
            return;
        }
        if (failure == null) {
            outcome.succeeded();
        } else {
            outcome.failed(failure);
        }
    }

    @Override
    public void close() {
        open = false;
        if (receiver != null) {
            try {
                receiver.join(1_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        for (DatagramChannel channel : channels) {
            try {
                channel.close();
            } catch (IOException e) {
                // closing anyway
            }
        }
        try {
            selector.close();
        } catch (IOException e) {
            // closing anyway
        }
    }
}
