package io.coaptree.tree.transport;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.data.DataTransportService;
import org.eclipse.kura.data.transport.listener.DataTransportListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.tree.bus.MessageBus;
import io.coaptree.tree.bus.MessageHandler;
import io.coaptree.tree.bus.TopicFilter;

/**
 * A {@link MessageBus} over a Kura {@link DataTransportService}: QoS 1, never retained. Arrivals come through the
 * transport's {@link DataTransportListener} callbacks, which the lean transport runs on its one dispatcher thread,
 * so a handler is never called concurrently with itself. Subscriptions are remembered and made again whenever a
 * connection is established (a subscription asked for while disconnected is made then; a broker that lost the
 * session gets them back). Several buses may share one transport: each dispatches only its own filters. Other
 * events need nothing: publishes are not queued here, the transport reconnects by itself (and after a configuration
 * update), and QoS 1 confirmations are the transport's in-flight window's business.
 */
public final class DataTransportMessageBus extends DataTransportListenerAdapter implements MessageBus, AutoCloseable {

    public static final int QOS = 1;

    private static final Logger LOG = LoggerFactory.getLogger(DataTransportMessageBus.class);

    private static final long RESUBSCRIBE_DELAY_MILLIS = 1000;

    private final DataTransportService transport;
    private final ScheduledExecutorService retries;
    private final Map<String, MessageHandler> subscriptions = new ConcurrentHashMap<>();
    private final List<Runnable> connectedCallbacks = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    /** @param retries where a failed subscription is tried again (the gateway's tree scheduler) */
    public DataTransportMessageBus(DataTransportService transport, ScheduledExecutorService retries) {
        this.transport = Objects.requireNonNull(transport, "transport");
        this.retries = Objects.requireNonNull(retries, "retries");
        transport.addDataTransportListener(this);
    }

    /** Runs {@code callback} (on the transport's listener thread) every time a connection is established. */
    public void onConnected(Runnable callback) {
        connectedCallbacks.add(Objects.requireNonNull(callback, "callback"));
    }

    public boolean isConnected() {
        return transport.isConnected();
    }

    @Override
    public void publish(String topic, byte[] payload) {
        try {
            transport.publish(topic, payload, QOS, false);
        } catch (KuraException e) {
            throw new IllegalStateException("cannot publish to " + topic + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void subscribe(String topicFilter, MessageHandler handler) {
        subscriptions.put(topicFilter, Objects.requireNonNull(handler, "handler"));
        trySubscribe(topicFilter);
    }

    /** Subscribes now if connected; a failure while connected is retried (a lost one would silence the node). */
    private void trySubscribe(String topicFilter) {
        if (closed || !subscriptions.containsKey(topicFilter) || !transport.isConnected()) {
            return; // made in onConnectionEstablished
        }
        try {
            transport.subscribe(topicFilter, QOS);
        } catch (KuraException | RuntimeException e) {
            LOG.warn("subscribing to {} failed ({}); retrying in {} ms", topicFilter, e.getMessage(),
                    RESUBSCRIBE_DELAY_MILLIS);
            retries.schedule(() -> trySubscribe(topicFilter), RESUBSCRIBE_DELAY_MILLIS, TimeUnit.MILLISECONDS);
        }
    }

    @Override
    public void unsubscribe(String topicFilter) {
        if (subscriptions.remove(topicFilter) != null && transport.isConnected()) {
            try {
                transport.unsubscribe(topicFilter);
            } catch (KuraException e) {
                LOG.debug("unsubscribing from {} failed: {}", topicFilter, e.getMessage());
            }
        }
    }

    @Override
    public void close() {
        closed = true;
        transport.removeDataTransportListener(this);
        for (String filter : List.copyOf(subscriptions.keySet())) {
            unsubscribe(filter);
        }
    }

    @Override
    public void onConnectionEstablished(boolean newSession) {
        if (closed) {
            return;
        }
        for (String filter : List.copyOf(subscriptions.keySet())) {
            trySubscribe(filter);
        }
        for (Runnable callback : connectedCallbacks) {
            try {
                callback.run();
            } catch (RuntimeException e) {
                LOG.warn("a connection callback failed", e);
            }
        }
    }

    @Override
    public void onMessageArrived(String topic, byte[] payload, int qos, boolean retained) {
        if (closed) {
            return;
        }
        for (Map.Entry<String, MessageHandler> subscription : subscriptions.entrySet()) {
            if (TopicFilter.matches(subscription.getKey(), topic)) {
                try {
                    subscription.getValue().onMessage(topic, payload);
                } catch (RuntimeException e) {
                    LOG.warn("the handler of {} failed on a message on {}", subscription.getKey(), topic, e);
                }
            }
        }
    }

    @Override
    public void onConnectionLost(Throwable cause) {
        LOG.debug("MQTT connection lost: {}", String.valueOf(cause));
    }
}
