package io.coaptree.mqtt.kura;

import java.util.ArrayDeque;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

import org.eclipse.kura.data.DataTransportToken;
import org.eclipse.kura.data.transport.listener.DataTransportListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.mqtt.connection.ConnectionEvents;

/**
 * Delivers transport events (the connection's, and the component's configuration updates) to
 * {@link DataTransportListener}s one at a time, in the order they happened, off Paho's threads. Paho's threads only
 * enqueue: a slow listener must never keep the client from reading the socket and answering keep-alive, which is
 * how loaded gateways lost their broker connection.
 * <p>
 * On a gateway the events run on one dedicated thread. A host of many transports in one JVM (the fleet simulator)
 * may pass an executor they share instead: each transport's events still run one at a time and in order.
 * <p>
 * The queue is bounded. When listeners fall that far behind, further events are dropped, counted and logged
 * rather than blocking Paho (which would stall keep-alive) or growing without limit.
 */
public final class ListenerDispatcher implements ConnectionEvents, AutoCloseable {

    private static final Logger logger = LoggerFactory.getLogger(ListenerDispatcher.class);
    private static final long DROP_LOG_EVERY = 1000;

    private final List<DataTransportListener> listeners = new CopyOnWriteArrayList<>();
    private final Executor executor;
    /** The dispatcher's own thread, shut down on close; null when the executor is shared. */
    private final ExecutorService ownThread;
    private final int queueCapacity;
    /** Events waiting, not the one running; guards itself, {@link #draining} and {@link #closed}. */
    private final ArrayDeque<Runnable> queue = new ArrayDeque<>();
    private final AtomicLong dropped = new AtomicLong();
    private boolean draining;
    private boolean closed;
    private volatile Thread dispatchThread;

    /** Events on a thread of the dispatcher's own, named {@code threadName}. */
    public ListenerDispatcher(String threadName, int queueCapacity) {
        this(Executors.newSingleThreadExecutor(runnable -> {
            Thread t = new Thread(runnable, threadName);
            t.setDaemon(true);
            return t;
        }), true, queueCapacity);
    }

    /** Events on threads of {@code shared}, which the dispatcher never shuts down. */
    public ListenerDispatcher(Executor shared, int queueCapacity) {
        this(shared, false, queueCapacity);
    }

    private ListenerDispatcher(Executor executor, boolean own, int queueCapacity) {
        if (queueCapacity < 1) {
            throw new IllegalArgumentException("queueCapacity: " + queueCapacity + " must be at least 1");
        }
        this.executor = Objects.requireNonNull(executor, "executor");
        this.ownThread = own ? (ExecutorService) executor : null;
        this.queueCapacity = queueCapacity;
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
        if (Thread.currentThread() == dispatchThread) {
            notifyAll("disconnecting", event);
            return;
        }
        CountDownLatch told = new CountDownLatch(1);
        if (!enqueue("disconnecting", () -> {
            notifyAll("disconnecting", event);
            told.countDown();
        })) {
            return;
        }
        try {
            if (!told.await(timeoutMillis, TimeUnit.MILLISECONDS)) {
                logger.warn("Listeners did not handle 'disconnecting' within {} ms; disconnecting anyway",
                        timeoutMillis);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Events dropped because the queue was full, since this dispatcher was created. */
    public long droppedEvents() {
        return dropped.get();
    }

    private void dispatch(String name, Consumer<DataTransportListener> event) {
        enqueue(name, () -> notifyAll(name, event));
    }

    /** Queues {@code work}, starting a drain unless one runs; false if it was dropped (queue full or closed). */
    private boolean enqueue(String name, Runnable work) {
        boolean full;
        boolean start = false;
        synchronized (queue) {
            if (closed) {
                logger.debug("Dispatcher closed; '{}' not delivered", name);
                return false;
            }
            full = queue.size() >= queueCapacity;
            if (!full) {
                queue.addLast(work);
                start = !draining;
                draining = true;
            }
        }
        if (full) {
            countDrop(name);
            return false;
        }
        if (start) {
            try {
                executor.execute(this::drain);
            } catch (RejectedExecutionException e) {
                synchronized (queue) {
                    draining = false;
                    queue.notifyAll();
                }
                countDrop(name);
                return false;
            }
        }
        return true;
    }

    /** Runs the queued events in order until none is left; one drain at a time. */
    private void drain() {
        while (true) {
            Runnable next;
            synchronized (queue) {
                next = queue.pollFirst();
                if (next == null) {
                    dispatchThread = null;
                    draining = false;
                    queue.notifyAll();
                    return;
                }
                dispatchThread = Thread.currentThread();
            }
            try {
                next.run();
            } catch (Error e) {
                // listeners' exceptions are caught per listener; an Error must not end the drain for good
                logger.warn("A listener failed with {}", e.toString());
            }
        }
    }

    private void countDrop(String name) {
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

    /** Delivers what is queued (waiting at most {@code timeoutMillis}), then stops taking events. */
    public void close(long timeoutMillis) {
        long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        synchronized (queue) {
            closed = true;
            try {
                long left;
                while (draining && (left = deadline - System.nanoTime()) > 0) {
                    queue.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            queue.clear();
        }
        if (ownThread != null) {
            ownThread.shutdownNow();
        }
    }

    @Override
    public void close() {
        close(1000);
    }
}
