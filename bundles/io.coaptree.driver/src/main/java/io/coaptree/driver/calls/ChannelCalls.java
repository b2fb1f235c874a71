package io.coaptree.driver.calls;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;

import io.coaptree.driver.calls.CoapPort.Call;
import io.coaptree.driver.calls.CoapPort.Method;
import io.coaptree.driver.channel.ChannelSettings;
import io.coaptree.driver.channel.ResourceRef;
import io.coaptree.driver.channel.WriteMethod;
import io.coaptree.driver.codec.UndecodableException;
import io.coaptree.driver.codec.ValueCodec;

/**
 * Reads and writes of channels through the {@link CoapPort}. Every call ends within the request timeout in an
 * {@link Outcome}; reads of a whole asset run concurrently ({@link #readAll}), bounded by the in-flight limit.
 * {@code lookup:} resources are looked up in the tree once and the path kept until a call to it answers 4.04.
 */
public final class ChannelCalls {

    /** The Content-Format of link-format (RFC 6690), what the tree's lookup answers. */
    private static final int LINK_FORMAT = 40;

    private final CoapPort port;
    private final long timeoutMillis;
    private final InFlightLimit limit;
    private final Map<String, String> lookedUp = new ConcurrentHashMap<>();

    /**
     * @param port the gateway's server
     * @param timeoutMillis how long a call may take, lookup included
     * @param maxInFlight how many calls may be in flight at once
     */
    public ChannelCalls(CoapPort port, long timeoutMillis, int maxInFlight) {
        this.port = port;
        this.timeoutMillis = timeoutMillis;
        this.limit = new InFlightLimit(maxInFlight);
    }

    /** Reads every channel at once; returns when all have an outcome (at most the request timeout). */
    public List<Outcome> readAll(List<ChannelSettings> channels) {
        List<CompletableFuture<Outcome>> reads = new ArrayList<>(channels.size());
        channels.forEach(channel -> reads.add(read(channel)));
        List<Outcome> outcomes = new ArrayList<>(reads.size());
        reads.forEach(read -> outcomes.add(read.join())); // each completes by its own timeout
        return outcomes;
    }

    /** GETs the channel's resource and decodes its value; completes within the request timeout, never exceptionally. */
    public CompletableFuture<Outcome> read(ChannelSettings channel) {
        return exchange("read", channel, Method.GET, new byte[0]);
    }

    /** PUTs or POSTs the value in the channel's format; the outcome's value is the value written. */
    public CompletableFuture<Outcome> write(ChannelSettings channel, Object value) {
        Method method = channel.writeMethod() == WriteMethod.POST ? Method.POST : Method.PUT;
        return exchange("write", channel, method, ValueCodec.encode(value, channel))
                .thenApply(outcome -> outcome instanceof Outcome.Value done
                        ? new Outcome.Value(value, done.timestamp()) : outcome);
    }

    /**
     * @return the path the channel's resource stands for now: its own, or what its lookup found (looked up if not
     *         known); completes exceptionally with the reason if the lookup fails
     */
    public CompletableFuture<String> resolve(ResourceRef resource) {
        if (!resource.isLookup()) {
            return CompletableFuture.completedFuture(resource.path());
        }
        String known = lookedUp.get(resource.lookupCriteria());
        if (known != null) {
            return CompletableFuture.completedFuture(known);
        }
        String lookup = "/tree-lookup/res?" + resource.lookupCriteria();
        Call call = port.call(Method.GET, lookup, LINK_FORMAT, -1, new byte[0]);
        return call.answer().thenApply(answer -> {
            if (!answer.success()) {
                throw new CompletionException(new LookupFailed("lookup " + lookup + ": " + answer.code() + " "
                        + answer.codeName() + " " + answer.payloadText().strip()));
            }
            String target = firstTarget(answer.payloadText());
            if (target == null) {
                throw new CompletionException(new LookupFailed("lookup " + lookup + ": no resource of the tree "
                        + "matches " + resource.lookupCriteria()));
            }
            lookedUp.put(resource.lookupCriteria(), target);
            return target;
        });
    }

    private CompletableFuture<Outcome> exchange(String operation, ChannelSettings channel, Method method,
            byte[] payload) {
        CompletableFuture<Outcome> result = new CompletableFuture<>();
        AtomicReference<Call> current = new AtomicReference<>();
        AtomicReference<String> target = new AtomicReference<>(channel.resource().toString());
        limit.submit(() -> resolve(channel.resource()).thenCompose(path -> {
            target.set(path);
            int accept = method == Method.GET ? channel.format().number() : -1;
            int contentFormat = method == Method.GET ? -1 : channel.format().number();
            Call call = port.call(method, path, accept, contentFormat, payload);
            current.set(call);
            if (result.isDone()) {
                call.cancel().run();
            }
            return call.answer();
        }).whenComplete((answer, failure) -> result.complete(outcome(operation, channel, target.get(), answer,
                failure))), result);
        CompletableFuture.delayedExecutor(timeoutMillis, TimeUnit.MILLISECONDS).execute(() -> result.complete(
                new Outcome.Failure(FailureReasons.timeout(operation, target.get(), timeoutMillis),
                        System.currentTimeMillis())));
        result.whenComplete((outcome, failure) -> {
            Call call = current.get();
            if (call != null && !call.answer().isDone()) {
                call.cancel().run();
            }
        });
        return result;
    }

    /** Turns an answer (or the failure to get one; {@code answer} is then null) into the channel's outcome. */
    public Outcome outcome(String operation, ChannelSettings channel, String path, CoapAnswer answer, Throwable failure) {
        long now = System.currentTimeMillis();
        if (failure != null) {
            Throwable cause = failure instanceof CompletionException && failure.getCause() != null
                    ? failure.getCause() : failure;
            if (cause instanceof LookupFailed lookup) {
                return new Outcome.Failure(operation + " " + channel.resource() + ": " + lookup.getMessage(), now);
            }
            if (cause instanceof TimeoutException || cause instanceof CancellationException) {
                return new Outcome.Failure(FailureReasons.timeout(operation, path, timeoutMillis), now);
            }
            return new Outcome.Failure(FailureReasons.unavailable(operation, path, cause), now);
        }
        if (!answer.success()) {
            if ("4.04".equals(answer.code()) && channel.resource().isLookup()) {
                lookedUp.remove(channel.resource().lookupCriteria()); // moved or gone: look it up again next time
            }
            return new Outcome.Failure(FailureReasons.of(operation, path, channel, answer), now);
        }
        if (!"read".equals(operation)) {
            return new Outcome.Value(null, now);
        }
        return decode(channel, path, answer, now);
    }

    /** Decodes a successful answer (a read's or a notification's) to the channel's value. */
    public static Outcome decode(ChannelSettings channel, String path, CoapAnswer answer, long now) {
        try {
            return new Outcome.Value(ValueCodec.decode(answer.payload(), answer.contentFormat(), channel), now);
        } catch (UndecodableException e) {
            return new Outcome.Failure(FailureReasons.undecodable(path, channel, e.getMessage()), now);
        }
    }

    /** The first link's target of a link-format document (RFC 6690: {@code <target>;attr=...,<target>...}). */
    static String firstTarget(String linkFormat) {
        int open = linkFormat.indexOf('<');
        int close = open < 0 ? -1 : linkFormat.indexOf('>', open);
        if (close <= open + 1) {
            return null;
        }
        String target = linkFormat.substring(open + 1, close);
        return target.startsWith("/") ? target : null;
    }

    /** A lookup that found nothing or was refused. */
    static final class LookupFailed extends Exception {

        private static final long serialVersionUID = 1L;

        LookupFailed(String message) {
            super(message);
        }
    }
}
