package io.coaptree.mqtt.connection;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.mqtt.connection.ConnectionException.Kind;
import io.coaptree.mqtt.options.MqttTransportOptions;
import io.coaptree.mqtt.transport.InFlightWindow;

/**
 * Lets publishes into the in-flight window: a publish waits a bounded time for the broker to complete an earlier
 * one, so a burst is slowed to the broker's pace instead of losing messages, and a stalled broker is reported.
 * Safe from many threads.
 */
final class InFlightAdmission {

    private static final Logger logger = LoggerFactory.getLogger(InFlightAdmission.class);
    private static final long REFUSAL_WARNING_INTERVAL_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final String name;
    private final AtomicLong refusedSinceWarning = new AtomicLong();
    private final AtomicLong lastRefusalWarning = new AtomicLong(System.nanoTime() - REFUSAL_WARNING_INTERVAL_NANOS);
    private volatile InFlightWindow window = new InFlightWindow(MqttTransportOptions.IN_FLIGHT_MAX.defaultValue());

    /** @param name what the warnings call the connection (the component's PID) */
    InFlightAdmission(String name) {
        this.name = name;
    }

    /** A new, empty window: slots of the old one are released into the old one. */
    void resize(int capacity) {
        window = new InFlightWindow(capacity);
    }

    /**
     * A slot, waiting up to {@code waitMillis} ({@code in-flight-messages.wait-ms}) for one to be freed.
     *
     * @param brokerUrl for the warning that the broker is not completing publishes
     */
    InFlightWindow.Slot awaitSlot(int waitMillis, String brokerUrl) throws ConnectionException {
        InFlightWindow current = window;
        InFlightWindow.Slot slot;
        try {
            slot = current.acquire(waitMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ConnectionException(Kind.IN_FLIGHT_FULL, "interrupted while waiting for the in-flight window",
                    e);
        }
        if (slot == null) {
            warnRefused(current.capacity(), waitMillis, brokerUrl);
            throw new ConnectionException(Kind.IN_FLIGHT_FULL, "in-flight window full (" + current.capacity()
                    + " messages) for " + waitMillis + " ms (" + MqttTransportOptions.IN_FLIGHT_WAIT
                    + "): the broker is not completing publishes; retry later");
        }
        return slot;
    }

    /** Publishes handed to Paho and not yet completed. */
    int inFlight() {
        return window.inFlight();
    }

    /** A refusal's exception reaches one publisher and does not name the broker: say it in the log, once per 10 s at most. */
    private void warnRefused(int capacity, int waitMillis, String brokerUrl) {
        refusedSinceWarning.incrementAndGet();
        long now = System.nanoTime();
        long last = lastRefusalWarning.get();
        if (now - last >= REFUSAL_WARNING_INTERVAL_NANOS && lastRefusalWarning.compareAndSet(last, now)) {
            logger.warn("{}: {} publish(es) refused: the in-flight window ({} messages) stayed full for {} ms ({}); "
                    + "the broker at {} is not completing publishes", name, refusedSinceWarning.getAndSet(0),
                    capacity, waitMillis, MqttTransportOptions.IN_FLIGHT_WAIT, brokerUrl);
        }
    }
}
