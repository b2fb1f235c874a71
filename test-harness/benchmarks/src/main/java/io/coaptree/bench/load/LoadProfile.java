package io.coaptree.bench.load;

import java.time.Duration;
import java.util.Objects;

/**
 * One load step: how many clients, open or closed loop, how long, how many requests at most.
 * A step always ends by itself: at {@code duration} or after {@code maxRequests}, whichever comes first.
 *
 * @param name          the step's name in reports (e.g. "closed-16")
 * @param mode          {@link Mode#CLOSED}: each client keeps one request outstanding and sends the next on
 *                      completion (measures capacity); {@link Mode#OPEN}: requests arrive on a schedule whatever
 *                      the server does (measures latency at a given load, queueing included)
 * @param clients       independent clients (for CoAP: one endpoint and UDP port each)
 * @param arrivals      open loop only: how arrivals are spaced
 * @param ratePerSecond open loop only: total arrival rate over all clients
 * @param duration      how long requests are started
 * @param maxRequests   upper bound on requests started
 * @param requestTimeout a request without an answer after this long counts as a timeout
 * @param maxInFlight   open loop only: arrivals beyond this many outstanding requests are counted as
 *                      "overload" instead of sent, so a stalled server cannot exhaust the generator
 * @param seed          seed of the arrival schedule, so a run can be repeated
 */
public record LoadProfile(String name, Mode mode, int clients, Arrivals arrivals, double ratePerSecond,
        Duration duration, long maxRequests, Duration requestTimeout, int maxInFlight, long seed) {

    public enum Mode { OPEN, CLOSED }

    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(5);
    public static final int DEFAULT_MAX_IN_FLIGHT = 10_000;
    public static final long DEFAULT_SEED = 42;

    public LoadProfile {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name must not be blank");
        }
        Objects.requireNonNull(mode, "mode");
        if (clients < 1) {
            throw new IllegalArgumentException("clients must be >= 1, was " + clients);
        }
        if (mode == Mode.OPEN) {
            Objects.requireNonNull(arrivals, "arrivals");
            Rates.requirePositive(ratePerSecond);
        }
        if (duration == null || duration.isNegative() || duration.isZero()) {
            throw new IllegalArgumentException("duration must be positive, was " + duration);
        }
        if (maxRequests < 1) {
            throw new IllegalArgumentException("maxRequests must be >= 1, was " + maxRequests);
        }
        if (requestTimeout == null || requestTimeout.isNegative() || requestTimeout.isZero()) {
            throw new IllegalArgumentException("requestTimeout must be positive, was " + requestTimeout);
        }
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be >= 1, was " + maxInFlight);
        }
    }

    /** Closed loop: {@code clients} clients, each sending its next request as soon as the previous completes. */
    public static LoadProfile closedLoop(String name, int clients, Duration duration, long maxRequests) {
        return new LoadProfile(name, Mode.CLOSED, clients, null, 0, duration, maxRequests,
                DEFAULT_REQUEST_TIMEOUT, clients, DEFAULT_SEED);
    }

    /** Open loop: {@code ratePerSecond} arrivals spread round-robin over {@code clients} clients. */
    public static LoadProfile openLoop(String name, Arrivals arrivals, double ratePerSecond, int clients,
            Duration duration, long maxRequests) {
        return new LoadProfile(name, Mode.OPEN, clients, arrivals, ratePerSecond, duration, maxRequests,
                DEFAULT_REQUEST_TIMEOUT, DEFAULT_MAX_IN_FLIGHT, DEFAULT_SEED);
    }

    public LoadProfile withName(String newName) {
        return new LoadProfile(newName, mode, clients, arrivals, ratePerSecond, duration, maxRequests, requestTimeout,
                maxInFlight, seed);
    }

    public LoadProfile withDuration(Duration newDuration) {
        return new LoadProfile(name, mode, clients, arrivals, ratePerSecond, newDuration, maxRequests, requestTimeout,
                maxInFlight, seed);
    }

    public LoadProfile withRequestTimeout(Duration timeout) {
        return new LoadProfile(name, mode, clients, arrivals, ratePerSecond, duration, maxRequests, timeout,
                maxInFlight, seed);
    }

    /** A short description for reports, e.g. "open, poisson 2000/s, 8 clients" or "closed, 16 clients". */
    public String describe() {
        if (mode == Mode.CLOSED) {
            return "closed loop, " + clients + (clients == 1 ? " client" : " clients");
        }
        return String.format("open loop, %s %.0f/s, %d %s", arrivals.name().toLowerCase(), ratePerSecond, clients,
                clients == 1 ? "client" : "clients");
    }
}
