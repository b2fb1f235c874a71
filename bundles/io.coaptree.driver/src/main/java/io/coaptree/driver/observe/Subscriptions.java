package io.coaptree.driver.observe;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;

import io.coaptree.driver.calls.ChannelCalls;
import io.coaptree.driver.calls.CoapPort;
import io.coaptree.driver.calls.Outcome;
import io.coaptree.driver.channel.ChannelSettings;

/**
 * The listeners of one driver instance. Listeners of the same resource, read the same way, share one
 * {@link Feed}: one Observe relation or one poll. A listener is registered with the settings of its channel and
 * removed as a whole (Kura unregisters a listener, not a channel); a feed whose last listener left is stopped, which
 * cancels its relation across the tree.
 * <p>
 * Updates reach listeners on the driver's scheduler thread, in the order they arrived, never on the thread that
 * received the notification.
 */
public final class Subscriptions implements AutoCloseable {

    private CoapPort port;
    private ChannelCalls calls;
    private final ScheduledExecutorService scheduler;
    private long retryMillis;
    private final Map<ChannelSettings, Feed> feeds = new HashMap<>();
    private final Map<Object, List<Feed.Subscriber>> byListener = new HashMap<>();
    private boolean closed;

    /**
     * @param port the gateway's server
     * @param calls resolves lookups, reads for polls, decodes
     * @param scheduler the driver's single thread: polls, retries and delivery
     * @param retryMillis how long after a relation ended it is registered again
     */
    public Subscriptions(CoapPort port, ChannelCalls calls, ScheduledExecutorService scheduler, long retryMillis) {
        this.port = port;
        this.calls = calls;
        this.scheduler = scheduler;
        this.retryMillis = retryMillis;
    }

    /**
     * @param listener the listener, as Kura will name it to {@link #remove}
     * @param channel the channel it listens to
     * @param updates receives every new value or failure of the channel
     */
    public synchronized void add(Object listener, ChannelSettings channel, Consumer<Outcome> updates) {
        if (closed) {
            throw new IllegalStateException("the driver is stopped");
        }
        ChannelSettings key = sharedKey(channel);
        Feed feed = feeds.computeIfAbsent(key, k -> new Feed(k, port, calls, scheduler, retryMillis));
        Feed.Subscriber subscriber = new Feed.Subscriber(listener, updates);
        byListener.computeIfAbsent(listener, l -> new ArrayList<>()).add(subscriber);
        feed.add(subscriber);
    }

    /** Removes every registration of {@code listener}; stops feeds nobody listens to any more. */
    public synchronized void remove(Object listener) {
        List<Feed.Subscriber> removed = byListener.remove(listener);
        if (removed == null) {
            return;
        }
        feeds.values().removeIf(feed -> {
            removed.forEach(feed::remove);
            if (feed.isEmpty()) {
                feed.stop();
                return true;
            }
            return false;
        });
    }

    /**
     * Runs every feed again through another port (a new identity) or with other timings: each relation is
     * cancelled and registered anew for the same listeners, who get the current value first.
     */
    public synchronized void reconfigure(CoapPort nextPort, ChannelCalls nextCalls, long nextRetryMillis) {
        this.port = nextPort;
        this.calls = nextCalls;
        this.retryMillis = nextRetryMillis;
        feeds.replaceAll((key, feed) -> {
            feed.stop();
            Feed next = new Feed(key, port, calls, scheduler, retryMillis);
            feed.subscribers().forEach(next::add);
            return next;
        });
    }

    /** @return how many feeds (relations or polls) are running */
    public synchronized int feedCount() {
        return feeds.size();
    }

    /** Stops every feed. */
    @Override
    public synchronized void close() {
        closed = true;
        feeds.values().forEach(Feed::stop);
        feeds.clear();
        byListener.clear();
    }

    /** Channels that differ only in name share a feed. */
    private static ChannelSettings sharedKey(ChannelSettings channel) {
        return new ChannelSettings("", channel.valueType(), channel.resource(), channel.format(), channel.valueName(),
                channel.writeMethod(), channel.listenMode(), channel.pollIntervalMillis());
    }
}
