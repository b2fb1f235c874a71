package io.coaptree.tree.bus;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;

/**
 * A broker in memory for the unit tests of the tree and of the bundles that talk through it (shipped to them in
 * this bundle's test jar, never in the bundle): each {@link #connect(String, BusMessage) connection} is a
 * {@link MessageBus}, and a connection that is {@link Connection#crash() crashed} has its last will published,
 * as an MQTT broker does when a client's keep-alive lapses.
 * <p>
 * Delivery runs on the thread that publishes, but never re-entrantly: a message published while the bus is
 * delivering is queued and delivered after the current one, in publication order. So handlers never see
 * re-entrant calls, and a test that publishes has every consequence delivered when {@code publish} returns.
 * No thread is created.
 */
public final class InMemoryMessageBus {

    private final Object lock = new Object();
    private final List<Connection> connections = new ArrayList<>();
    private final Queue<BusMessage> queue = new ArrayDeque<>();
    private boolean delivering;

    /**
     * @param clientId a label for diagnostics
     * @param lastWill published when the connection crashes, or {@code null}
     */
    public Connection connect(String clientId, BusMessage lastWill) {
        Connection connection = new Connection(clientId, lastWill);
        synchronized (lock) {
            connections.add(connection);
        }
        return connection;
    }

    private void publish(BusMessage message) {
        synchronized (lock) {
            queue.add(message);
            if (delivering) {
                return;
            }
            delivering = true;
        }
        try {
            while (true) {
                BusMessage next;
                List<Map.Entry<String, MessageHandler>> targets = new ArrayList<>();
                synchronized (lock) {
                    next = queue.poll();
                    if (next == null) {
                        delivering = false;
                        return;
                    }
                    for (Connection c : connections) {
                        for (Map.Entry<String, MessageHandler> s : c.subscriptions.entrySet()) {
                            if (TopicFilter.matches(s.getKey(), next.topic())) {
                                targets.add(s);
                            }
                        }
                    }
                }
                for (Map.Entry<String, MessageHandler> target : targets) {
                    target.getValue().onMessage(next.topic(), next.payload());
                }
            }
        } catch (RuntimeException | Error e) {
            synchronized (lock) {
                delivering = false;
            }
            throw e;
        }
    }

    /** One client of the bus. */
    public final class Connection implements MessageBus, AutoCloseable {

        private final String clientId;
        private final BusMessage lastWill;
        // Guarded by the bus lock.
        private final Map<String, MessageHandler> subscriptions = new LinkedHashMap<>();
        private boolean open = true;

        private Connection(String clientId, BusMessage lastWill) {
            this.clientId = Objects.requireNonNull(clientId, "clientId");
            this.lastWill = lastWill;
        }

        public String clientId() {
            return clientId;
        }

        @Override
        public void publish(String topic, byte[] payload) {
            synchronized (lock) {
                if (!open) {
                    throw new IllegalStateException(clientId + " is disconnected");
                }
            }
            InMemoryMessageBus.this.publish(new BusMessage(topic, payload));
        }

        @Override
        public void subscribe(String topicFilter, MessageHandler handler) {
            synchronized (lock) {
                subscriptions.put(topicFilter, handler);
            }
        }

        @Override
        public void unsubscribe(String topicFilter) {
            synchronized (lock) {
                subscriptions.remove(topicFilter);
            }
        }

        /** A clean disconnect: no last will. */
        @Override
        public void close() {
            disconnect(false);
        }

        /** The connection dies: the bus publishes the last will, if any. */
        public void crash() {
            disconnect(true);
        }

        private void disconnect(boolean publishWill) {
            synchronized (lock) {
                if (!open) {
                    return;
                }
                open = false;
                subscriptions.clear();
                for (Iterator<Connection> it = connections.iterator(); it.hasNext();) {
                    if (it.next() == this) {
                        it.remove();
                    }
                }
            }
            if (publishWill && lastWill != null) {
                InMemoryMessageBus.this.publish(lastWill);
            }
        }
    }
}
