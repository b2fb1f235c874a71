package io.coaptree.mqtt.kura;

import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.eclipse.kura.data.DataTransportToken;
import org.eclipse.kura.data.transport.listener.DataTransportListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.mqtt.connection.ConnectionEvents;

/**
 * Delivers transport events (the connection's, and the component's configuration updates) to
 * {@link DataTransportListener}s on one dedicated thread, in the order they happened. Paho's threads only enqueue: a slow listener must never keep the client from reading the socket
 * and answering keep-alive, which is how loaded gateways lost their broker connection.
 * <p>
 * The queue is bounded. When listeners fall that far behind, further events are dropped, counted and logged
 * rather than blocking Paho (which would stall keep-alive) or growing without limit.
 */
public final class ListenerDispatcher implements ConnectionEvents, AutoCloseable {

    private static final Logger logger = LoggerFactory.getLogger(ListenerDispatcher.class);
    private static final long DROP_LOG_EVERY = 1000;

    private final List<DataTransportListener> listeners = new CopyOnWriteArrayList<>();
    /** The dispatcher's own thread; null when events run on the caller's thread. */
    private final ThreadPoolExecutor executor;
    private final AtomicLong dropped = new AtomicLong();
    private volatile Thread dispatchThread;

    /**
     * For a host of many transports in one JVM (the fleet simulator): every event runs at once on the thread that has
     * it (the MQTT client's), as Kura's own transport calls its listeners; nothing is queued, so nothing is dropped.
     * Only for listeners that never block.
     */
    public static ListenerDispatcher onCallersThread() {
        return new ListenerDispatcher();
    }

    private ListenerDispatcher() {
        this.executor = null;
    }

    public ListenerDispatcher(String threadName, int queueCapacity) {
        if (queueCapacity < 1) {
            throw new IllegalArgumentException("queueCapacity: " + queueCapacity + " must be at least 1");
        }
        this.executor = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
                new ArrayBlockingQueue<>(queueCapacity), runnable -> {
                    Thread t = new Thread(runnable, threadName);
                    t.setDaemon(true);
                    dispatchThread = t;
                    return t;
                }, new ThreadPoolExecutor.AbortPolicy());
    }

    public void add(DataTransportListener listener) {
        if (listener != null && !listeners.contains(listener)) {
            listeners.add(listener);
        }
    }

    public void remove(DataTransportListener listener) {
        listeners.remove(listener);
    }

    @Override
    public void connectionEstablished(boolean newSession) {
        dispatch("connection established", l -> l.onConnectionEstablished(newSession));
    }

    @Override
    public void disconnected() {
        dispatch("disconnected", DataTransportListener::onDisconnected);
    }

    public void configurationUpdating(boolean wasConnected) {
        dispatch("configuration updating", l -> l.onConfigurationUpdating(wasConnected));
    }

    public void configurationUpdated(boolean wasConnected) {
        dispatch("configuration updated", l -> l.onConfigurationUpdated(wasConnected));
    }

    @Override
    public void connectionLost(Throwable cause) {
        dispatch("connection lost", l -> l.onConnectionLost(cause));
    }

    @Override
    public void messageArrived(String topic, byte[] payload, int qos, boolean retained) {
        dispatch("message arrived", l -> l.onMessageArrived(topic, payload, qos, retained));
    }

    @Override
    public void messageConfirmed(int messageId, String sessionId) {
        DataTransportToken token = new DataTransportToken(messageId, sessionId);
        dispatch("message confirmed", l -> l.onMessageConfirmed(token));
    }

    /**
     * Tells listeners that the transport is about to disconnect and waits (at most {@code timeoutMillis})
     * until they have been told, so that they can still publish a last message. From the dispatch thread
     * itself (a listener disconnecting) the listeners are called directly instead, to avoid waiting on itself.
     */
    @Override
    public void disconnectingAndWait(long timeoutMillis) {
        Consumer<DataTransportListener> event = DataTransportListener::onDisconnecting;
        if (Thread.currentThread() == dispatchThread || executor == null) {
            notifyAll("disconnecting", event);
            return;
        }
        try {
            Future<?> done = executor.submit(() -> notifyAll("disconnecting", event));
            done.get(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            countDrop("disconnecting");
        } catch (TimeoutException e) {
            logger.warn("Listeners did not handle 'disconnecting' within {} ms; disconnecting anyway", timeoutMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            logger.warn("Dispatching 'disconnecting' failed", e.getCause());
        }
    }

    /** Events dropped because the queue was full, since this dispatcher was created. */
    public long droppedEvents() {
        return dropped.get();
    }

    private void dispatch(String name, Consumer<DataTransportListener> event) {
        if (executor == null) {
            notifyAll(name, event);
            return;
        }
        try {
            executor.execute(() -> notifyAll(name, event));
        } catch (RejectedExecutionException e) {
            countDrop(name);
        }
    }

    private void countDrop(String name) {
        if (executor.isShutdown()) {
            logger.debug("Dispatcher closed; '{}' not delivered", name);
            return;
        }
        long count = dropped.incrementAndGet();
        if (count == 1 || count % DROP_LOG_EVERY == 0) {
            logger.error("Listener queue full: '{}' dropped ({} events dropped so far); listeners are too slow",
                    name, count);
        }
    }

    private void notifyAll(String name, Consumer<DataTransportListener> event) {
        for (DataTransportListener listener : listeners) {
            try {
                event.accept(listener);
            } catch (RuntimeException e) {
                logger.warn("Listener {} failed on '{}'", listener, name, e);
            }
        }
    }

    /** Delivers what is queued (waiting at most {@code timeoutMillis}), then stops the dispatch thread. */
    public void close(long timeoutMillis) {
        if (executor == null) {
            return;
        }
        executor.shutdown();
        try {
            if (!executor.awaitTermination(timeoutMillis, TimeUnit.MILLISECONDS)) {
                executor.shutdownNow();
            }
        } catch (InterruptedException e) {
            executor.shutdownNow();
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        close(1000);
    }
}
