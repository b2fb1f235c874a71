package io.coaptree.harness.hierarchy.cloud.bundle;

import java.io.IOException;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.eclipse.kura.KuraStoreCapacityReachedException;
import org.eclipse.kura.KuraStoreException;

/**
 * Kura 5.6's DataService as a cloud connection uses it, by its rules (read in Kura's {@code DataServiceImpl}, its H2
 * message store and housekeeper): {@link #publish} stores the message and returns its store id whether or not the
 * connection is up, and refuses only when the payload is above {@code maximum.payload.size} or the store already
 * holds {@code store.capacity} messages (priorities 0 and 1 excepted). The store counts every message until the
 * housekeeper deletes it, every {@code store.housekeeper-interval} seconds, once it has been done with (sent at QoS 0,
 * confirmed at QoS 1, dropped) for {@code store.purge-age} seconds: a gateway that sends faster than it purges fills
 * its store even while connected. One publisher thread sends, while connected, the next unsent message (lowest
 * priority number, then oldest), at most {@code in-flight-messages.max-number} unconfirmed at QoS 1 at a time, and
 * messages of priority 5 or more within the rate limit. A new session (every connect: Kura's MQTT transport uses a
 * clean session) sends the messages that were in flight again, or drops them if
 * {@code in-flight-messages.republish-on-new-session} is false.
 */
final class EmulatedDataService implements AutoCloseable {

    /** What the cloud connection tells its publishers; called without any lock held. */
    interface Events {
        void connectionEstablished();

        void disconnected();

        void connectionLost();

        void confirmed(int messageId);
    }

    /** Builds the cloud end once the data service can take its acknowledgements. */
    @FunctionalInterface
    interface CloudEndpointFactory {
        CloudEndpoint open(CloudEndpoint.Acknowledgements acknowledgements) throws IOException;
    }

    private final int capacity;
    private final long maxPayload;
    private final long purgeAgeMillis;
    private final int maxInFlight;
    private final boolean republish;
    private final TokenBucket rateLimit;
    private final CloudEndpoint endpoint;
    private final Events events;
    private final Thread publisher;
    private final ScheduledExecutorService housekeeper;

    // Guarded by this.
    private final Map<Integer, StoredMessage> store = new LinkedHashMap<>();
    private final TreeSet<StoredMessage> unsent = new TreeSet<>(
            Comparator.comparingInt(StoredMessage::priority).thenComparingInt(StoredMessage::id));
    private final Set<Integer> inFlight = new HashSet<>();
    private int nextId = 1;
    private boolean connected;
    private long session;
    private boolean closed;
    private long sent;
    private long confirmed;
    private long refused;
    private long dropped;

    EmulatedDataService(String name, CloudConnectionSettings settings, CloudEndpointFactory endpoints, Events events)
            throws IOException {
        this.capacity = (int) settings.number(CloudConnectionSettings.STORE_CAPACITY);
        this.maxPayload = settings.number(CloudConnectionSettings.MAX_PAYLOAD);
        this.purgeAgeMillis = TimeUnit.SECONDS.toMillis(settings.number(CloudConnectionSettings.PURGE_AGE));
        this.maxInFlight = (int) settings.number(CloudConnectionSettings.MAX_IN_FLIGHT);
        this.republish = settings.flag(CloudConnectionSettings.REPUBLISH);
        this.rateLimit = settings.flag(CloudConnectionSettings.RATE_LIMIT) ? new TokenBucket(
                (int) settings.number(CloudConnectionSettings.RATE_BURST),
                TimeUnit.valueOf(settings.text(CloudConnectionSettings.RATE_UNIT)).toNanos(1)
                        / settings.number(CloudConnectionSettings.RATE_AVERAGE))
                : null;
        this.events = events;
        this.endpoint = endpoints.open(this::acknowledged);
        this.publisher = new Thread(this::sendLoop, name + "-data-publisher");
        this.publisher.setDaemon(true);
        this.publisher.start();
        this.housekeeper = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, name + "-store-housekeeper");
            t.setDaemon(true);
            return t;
        });
        this.housekeeper.scheduleWithFixedDelay(this::purge, 1,
                settings.number(CloudConnectionSettings.HOUSEKEEPER_INTERVAL), TimeUnit.SECONDS);
    }

    CloudEndpoint endpoint() {
        return this.endpoint;
    }

    /** Stores a message for sending; its store id. */
    synchronized int publish(Map<String, Object> content, int payloadBytes, int qos, int priority)
            throws KuraStoreException {
        if (priority < 0) {
            throw new IllegalArgumentException("Priority cannot be negative");
        }
        if (payloadBytes > this.maxPayload) {
            this.refused++;
            throw new KuraStoreException("Payload size exceeds configured limit");
        }
        // Priorities 0 and 1 are Kura's own life-cycle messages and replies: the capacity does not apply to them.
        if (priority > 1 && this.store.size() >= this.capacity) {
            this.refused++;
            throw new KuraStoreCapacityReachedException("Store capacity exceeded");
        }
        StoredMessage message = new StoredMessage(this.nextId++, qos, priority, content);
        this.store.put(message.id(), message);
        this.unsent.add(message);
        notifyAll();
        return message.id();
    }

    void connect() {
        synchronized (this) {
            if (this.connected || this.closed) {
                return;
            }
            this.connected = true;
            this.session++;
            long now = System.currentTimeMillis();
            for (Integer id : this.inFlight) {
                StoredMessage message = this.store.get(id);
                if (this.republish) {
                    message.publishedAt = 0;
                    this.unsent.add(message);
                } else {
                    message.droppedAt = now;
                    this.dropped++;
                }
            }
            this.inFlight.clear();
            notifyAll();
        }
        this.events.connectionEstablished();
    }

    /** @param lost whether the connection dropped (else it was closed on purpose) */
    void disconnect(boolean lost) {
        synchronized (this) {
            if (!this.connected) {
                return;
            }
            this.connected = false;
            this.endpoint.connectionClosed();
        }
        if (lost) {
            this.events.connectionLost();
        } else {
            this.events.disconnected();
        }
    }

    private void acknowledged(int id, long ackSession) {
        synchronized (this) {
            if (ackSession != this.session || !this.inFlight.remove(id)) {
                return; // an acknowledgement of a session that is over: Kura's token no longer matches
            }
            this.store.get(id).confirmedAt = System.currentTimeMillis();
            this.confirmed++;
            notifyAll();
        }
        this.events.confirmed(id);
    }

    /** One message a turn, the lock let go in between so that publishers are not held up by a long backlog. */
    private void sendLoop() {
        while (true) {
            synchronized (this) {
                if (this.closed) {
                    return;
                }
                long waitNanos = sendNext();
                if (waitNanos != 0) {
                    try {
                        TimeUnit.NANOSECONDS.timedWait(this, waitNanos < 0 ? TimeUnit.SECONDS.toNanos(1) : waitNanos);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }
        }
    }

    /**
     * Sends the next message if it may go now: 0 when one was sent, else how long to wait (negative: until something
     * changes). The cloud takes it under this lock, so a message is never sent on a connection that is closing.
     */
    private long sendNext() {
        if (!this.connected || this.unsent.isEmpty()) {
            return -1;
        }
        StoredMessage next = this.unsent.first();
        if (next.qos() > 0 && this.inFlight.size() >= this.maxInFlight) {
            return -1; // Kura: too many in-flight messages; a confirmation wakes the publisher
        }
        if (this.rateLimit != null && next.priority() >= 5 && !this.rateLimit.take()) {
            return this.rateLimit.waitNanos();
        }
        this.unsent.remove(next);
        next.publishedAt = System.currentTimeMillis();
        if (next.qos() > 0) {
            this.inFlight.add(next.id());
        }
        this.sent++;
        this.endpoint.receive(next, this.session);
        return 0;
    }

    private synchronized void purge() {
        long now = System.currentTimeMillis();
        this.store.values().removeIf(message -> message.purgeable(now, this.purgeAgeMillis));
        notifyAll();
    }

    /** Counts for the harness; see CloudPublisherBundle. */
    synchronized Map<String, Object> state() {
        Map<String, Object> state = new LinkedHashMap<>();
        state.put("connected", this.connected);
        state.put("stored", this.store.size());
        state.put("unsent", this.unsent.size());
        state.put("inFlight", this.inFlight.size());
        state.put("sent", this.sent);
        state.put("confirmed", this.confirmed);
        state.put("refused", this.refused);
        state.put("dropped", this.dropped);
        state.put("received", this.endpoint.receivedCount());
        state.put("heldBack", this.endpoint.heldBack());
        return state;
    }

    @Override
    public void close() {
        synchronized (this) {
            this.closed = true;
            this.connected = false;
            notifyAll();
        }
        this.housekeeper.shutdownNow();
        this.endpoint.close();
        try {
            this.publisher.join(TimeUnit.SECONDS.toMillis(5));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
