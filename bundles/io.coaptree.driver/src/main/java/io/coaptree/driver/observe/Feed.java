package io.coaptree.driver.observe;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import io.coaptree.driver.calls.ChannelCalls;
import io.coaptree.driver.calls.CoapAnswer;
import io.coaptree.driver.calls.CoapPort;
import io.coaptree.driver.calls.Outcome;
import io.coaptree.driver.channel.ChannelSettings;
import io.coaptree.driver.channel.ListenMode;

/**
 * One resource watched for its listeners: an Observe relation, registered again {@code retryMillis} after it ends
 * (the relay of a failed parent gateway ends it with 5.03; a lookup that fails is retried the same way), or a GET
 * every poll interval that reports only changes. The first answer of a relation is reported too, so a listener
 * starts with the current value.
 */
final class Feed {

    /** A listener's registration. */
    record Subscriber(Object listener, Consumer<Outcome> updates) {
    }

    private final ChannelSettings channel;
    private final CoapPort port;
    private final ChannelCalls calls;
    private final ScheduledExecutorService scheduler;
    private final long retryMillis;
    private final List<Subscriber> subscribers = new CopyOnWriteArrayList<>();
    private Runnable cancelRelation;
    private ScheduledFuture<?> pending;
    private Outcome last;
    private boolean started;
    private boolean stopped;

    Feed(ChannelSettings channel, CoapPort port, ChannelCalls calls, ScheduledExecutorService scheduler,
            long retryMillis) {
        this.channel = channel;
        this.port = port;
        this.calls = calls;
        this.scheduler = scheduler;
        this.retryMillis = retryMillis;
    }

    synchronized void add(Subscriber subscriber) {
        subscribers.add(subscriber);
        if (!started) {
            started = true;
            if (channel.listenMode() == ListenMode.POLL) {
                pending = scheduler.scheduleWithFixedDelay(this::poll, 0, channel.pollIntervalMillis(),
                        TimeUnit.MILLISECONDS);
            } else {
                register();
            }
        } else if (last != null) {
            Outcome current = last;
            deliver(() -> subscriber.updates().accept(current)); // a late listener starts with the value
        }
    }

    synchronized void remove(Subscriber subscriber) {
        subscribers.remove(subscriber);
    }

    List<Subscriber> subscribers() {
        return List.copyOf(subscribers);
    }

    synchronized boolean isEmpty() {
        return subscribers.isEmpty();
    }

    synchronized void stop() {
        stopped = true;
        if (pending != null) {
            pending.cancel(false);
        }
        if (cancelRelation != null) {
            cancelRelation.run();
            cancelRelation = null;
        }
    }

    private void register() {
        calls.resolve(channel.resource()).whenComplete((path, failure) -> {
            if (failure != null) {
                Throwable cause = failure.getCause() != null ? failure.getCause() : failure;
                ended(new Outcome.Failure("observe " + channel.resource() + ": " + cause.getMessage(),
                        System.currentTimeMillis()));
                return;
            }
            synchronized (this) {
                if (stopped) {
                    return;
                }
                cancelRelation = port.observe(path, channel.format().number(), answer -> onAnswer(path, answer));
            }
        });
    }

    private void onAnswer(String path, CoapAnswer answer) {
        long now = System.currentTimeMillis();
        if (answer.success()) {
            report(ChannelCalls.decode(channel, path, answer, now));
            if (answer.notification()) {
                return;
            }
            // a success without Observe: the resource is not observable; look again after the retry interval
            ended(null);
            return;
        }
        ended(calls.outcome("observe", channel, path, answer, null));
    }

    /** The relation is over: report why (if there is news) and register again later. */
    private void ended(Outcome why) {
        if (why != null) {
            report(why);
        }
        synchronized (this) {
            cancelRelation = null;
            if (stopped) {
                return;
            }
            try {
                pending = scheduler.schedule(this::register, retryMillis, TimeUnit.MILLISECONDS);
            } catch (RejectedExecutionException stopping) {
                // the driver is being stopped
            }
        }
    }

    private void poll() {
        calls.read(channel).thenAccept(outcome -> {
            if (!sameAsLast(outcome)) {
                report(outcome);
            }
        });
    }

    private synchronized boolean sameAsLast(Outcome outcome) {
        if (last instanceof Outcome.Value before && outcome instanceof Outcome.Value now) {
            return Objects.deepEquals(before.value(), now.value());
        }
        return last instanceof Outcome.Failure before && outcome instanceof Outcome.Failure now
                && before.reason().equals(now.reason());
    }

    private void report(Outcome outcome) {
        List<Subscriber> targets;
        synchronized (this) {
            if (stopped) {
                return;
            }
            last = outcome;
            // The listeners of this moment, taken with the value under the lock add() holds: one that joins later
            // gets this value from add() instead, so nobody gets it twice (the delivery below runs later).
            targets = List.copyOf(subscribers);
        }
        deliver(() -> targets.forEach(s -> {
            if (!subscribers.contains(s)) {
                return; // unregistered meanwhile: Kura expects no event after that
            }
            try {
                s.updates().accept(outcome);
            } catch (RuntimeException e) {
                // one listener's failure must not keep the others from their update
            }
        }));
    }

    private void deliver(Runnable delivery) {
        try {
            scheduler.execute(delivery);
        } catch (RejectedExecutionException stopping) {
            // the driver is being stopped: nobody is listening any more
        }
    }
}
