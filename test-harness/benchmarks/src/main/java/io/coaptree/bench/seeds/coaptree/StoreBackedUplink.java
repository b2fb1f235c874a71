package io.coaptree.bench.seeds.coaptree;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.kura.KuraTooManyInflightMessagesException;
import org.eclipse.kura.data.DataTransportService;
import org.eclipse.kura.data.DataTransportToken;

/**
 * Kura's way, rebuilt for the first evaluation's ablation (never shipped): like Kura's DataService, every message is
 * first written to a message store in an embedded H2 database, and one publisher thread takes the oldest unpublished
 * message from the store and hands it to the transport while fewer than {@value #IN_FLIGHT_WINDOW} are unconfirmed,
 * marks it published, and marks it confirmed when the broker acknowledges it. The store refuses a message once it
 * holds {@value #CAPACITY} (Kura's {@code store.capacity}); Kura's housekeeper purges confirmed messages only after
 * 60 s every 15 minutes, so within a run every message counts: the "too many messages stored" the first evaluation
 * saw. With a {@link PublishRateLimit} on, the publisher also waits for a token before each publish, as Kura's
 * DataService does with its default {@code enable.rate.limit}.
 */
final class StoreBackedUplink implements Uplink {

    /** Kura's DataService {@code in-flight-messages.max-number}. */
    static final int IN_FLIGHT_WINDOW = 9;
    /** Kura's DataService {@code store.capacity}. */
    static final int CAPACITY = 10_000;

    private final DataTransportService transport;
    private final Connection db;
    private final PreparedStatement insert;
    private final PreparedStatement nextUnpublished;
    private final PreparedStatement markPublished;
    private final PreparedStatement markConfirmed;
    private final Map<Integer, Long> inFlight = new ConcurrentHashMap<>();
    /** Acknowledgements that overtook the publisher's bookkeeping of their message. */
    private final Set<Integer> confirmedEarly = ConcurrentHashMap.newKeySet();
    private final AtomicInteger stored = new AtomicInteger();
    private final Object signal = new Object();
    private final Thread publisher;
    /** Null when the rate limit is off; used by the publisher thread only. */
    private final PublishRateLimit.TokenBucket bucket;
    private volatile boolean running = true;

    /**
     * @param jdbcUrl an H2 URL, e.g. {@code jdbc:h2:file:/tmp/x/store}: one store per gateway
     * @param rateLimit Kura's publishing rate limit, {@link PublishRateLimit#OFF} for none
     */
    StoreBackedUplink(DataTransportService transport, String jdbcUrl, String name, PublishRateLimit rateLimit)
            throws SQLException {
        this.transport = transport;
        this.bucket = rateLimit.newBucket(System::nanoTime);
        this.db = DriverManager.getConnection(jdbcUrl, "sa", "");
        try (Statement s = db.createStatement()) {
            // the columns of Kura's ds_messages table that the publish path reads and writes
            s.execute("CREATE TABLE IF NOT EXISTS ds_messages (id BIGINT AUTO_INCREMENT PRIMARY KEY, "
                    + "topic VARCHAR(255) NOT NULL, qos INT, retain BOOLEAN, createdOn TIMESTAMP, "
                    + "publishedOn TIMESTAMP, publishedMessageId INT, confirmedOn TIMESTAMP, payload VARBINARY, "
                    + "priority INT, sessionId VARCHAR(255), droppedOn TIMESTAMP)");
            s.execute("CREATE INDEX IF NOT EXISTS ds_messages_next ON ds_messages (publishedOn, priority, createdOn)");
        }
        insert = db.prepareStatement("INSERT INTO ds_messages (topic, qos, retain, createdOn, payload, priority) "
                + "VALUES (?, 1, FALSE, ?, ?, 4)", Statement.RETURN_GENERATED_KEYS);
        nextUnpublished = db.prepareStatement("SELECT id, topic, payload FROM ds_messages WHERE publishedOn IS NULL "
                + "ORDER BY priority, createdOn, id LIMIT 1");
        markPublished = db.prepareStatement("UPDATE ds_messages SET publishedOn = ?, publishedMessageId = ?, "
                + "sessionId = ? WHERE id = ?");
        markConfirmed = db.prepareStatement("UPDATE ds_messages SET confirmedOn = ? WHERE id = ?");
        publisher = new Thread(this::publishFromStore, "store-publisher-" + name);
        publisher.setDaemon(true);
        publisher.start();
    }

    /** Stores the message; it is published later by the publisher thread. */
    @Override
    public void send(String topic, byte[] payload) throws SQLException {
        if (stored.incrementAndGet() > CAPACITY) {
            stored.decrementAndGet();
            throw new IllegalStateException("store capacity reached: too many messages stored");
        }
        synchronized (db) {
            insert.setString(1, topic);
            insert.setTimestamp(2, new Timestamp(System.currentTimeMillis()));
            insert.setBytes(3, payload);
            insert.executeUpdate();
        }
        wake();
    }

    @Override
    public void confirmed(DataTransportToken token) {
        Long id = inFlight.remove(token.getMessageId());
        if (id == null) {
            confirmedEarly.add(token.getMessageId());
            return;
        }
        markConfirmed(id);
    }

    private void markConfirmed(long id) {
        try {
            synchronized (db) {
                markConfirmed.setTimestamp(1, new Timestamp(System.currentTimeMillis()));
                markConfirmed.setLong(2, id);
                markConfirmed.executeUpdate();
            }
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
        wake();
    }

    private void wake() {
        synchronized (signal) {
            signal.notifyAll();
        }
    }

    private void publishFromStore() {
        while (running) {
            try {
                long tokenNanos = bucket == null ? 0 : bucket.nanosUntilToken();
                if (tokenNanos > 0) {
                    Thread.sleep(Math.max(1, Math.min(10, tokenNanos / 1_000_000)));
                } else if (inFlight.size() >= IN_FLIGHT_WINDOW || !publishNext()) {
                    synchronized (signal) {
                        // woken by a new message or a confirmation; the timeout only guards a lost wake-up
                        signal.wait(10);
                    }
                } else if (bucket != null) {
                    bucket.spend();
                }
            } catch (InterruptedException e) {
                return;
            } catch (SQLException | RuntimeException e) {
                if (running) {
                    e.printStackTrace();
                }
            }
        }
    }

    /** Publishes the oldest unpublished message; false if there is none. */
    private boolean publishNext() throws SQLException {
        long id;
        String topic;
        byte[] payload;
        synchronized (db) {
            try (ResultSet next = nextUnpublished.executeQuery()) {
                if (!next.next()) {
                    return false;
                }
                id = next.getLong(1);
                topic = next.getString(2);
                payload = next.getBytes(3);
            }
        }
        DataTransportToken token;
        try {
            token = transport.publish(topic, payload, 1, false);
        } catch (KuraTooManyInflightMessagesException full) {
            return false; // the transport's own window: wait for a confirmation
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
        synchronized (db) {
            markPublished.setTimestamp(1, new Timestamp(System.currentTimeMillis()));
            markPublished.setInt(2, token.getMessageId());
            markPublished.setString(3, token.getSessionId());
            markPublished.setLong(4, id);
            markPublished.executeUpdate();
        }
        inFlight.put(token.getMessageId(), id);
        // the broker may have acknowledged it already, before it was in the in-flight map
        if (confirmedEarly.remove(token.getMessageId()) && inFlight.remove(token.getMessageId()) != null) {
            markConfirmed(id);
        }
        return true;
    }

    @Override
    public void close() {
        running = false;
        publisher.interrupt();
        try {
            publisher.join(2_000);
            synchronized (db) {
                db.close();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (SQLException e) {
            // closing a benchmark's scratch database
        }
    }
}
