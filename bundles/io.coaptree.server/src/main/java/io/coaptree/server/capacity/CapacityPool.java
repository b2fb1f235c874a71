package io.coaptree.server.capacity;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

import io.coaptree.server.options.CapacityOptions;

/**
 * One kind of capacity (requests in progress, or Observe relations) shared by class, as brokers such as Mosquitto
 * and EMQX bound what one client may hold, with a share for unauthenticated work: a caller holds a {@link Ticket} for
 * each unit it uses and gives it back when done. Everyone is held to the pool's total; anonymous callers together to
 * {@link CapacityOptions#anonymousLimit(int)} (never the reserved part), and each anonymous address to
 * {@link CapacityOptions#perAddress()}. Anonymous work relayed by another gateway has no address here: the gateway
 * where the caller entered applied the limit per address.
 * <p>
 * Plain Java, one lock: an admission is a few map operations (see the README for its cost).
 */
public final class CapacityPool {

    /** Why a request was not admitted; the labels are the server statistics' keys. */
    public enum Reason {
        ANONYMOUS_SHARE("anonymous-share"), PER_ADDRESS("per-address"), FULL("full");

        private final String label;

        Reason(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** The outcome of {@link #admit}: a ticket, or a refusal. */
    public sealed interface Decision permits Ticket, Refusal {
    }

    /** A refusal with what to tell the caller. */
    public record Refusal(Reason reason, String diagnostic, int retryAfterSeconds) implements Decision {
    }

    /** A unit of the pool held until {@link #release()}; releasing twice gives back one unit. */
    public final class Ticket implements Decision {
        private final CallerClass callerClass;
        private final String address;
        private final AtomicBoolean released = new AtomicBoolean();

        private Ticket(CallerClass callerClass, String address) {
            this.callerClass = callerClass;
            this.address = address;
        }

        public void release() {
            if (released.compareAndSet(false, true)) {
                giveBack(this);
            }
        }
    }

    private final String what;
    private final int retryAfterSeconds;
    private final Map<CallerClass, Integer> inUse = new EnumMap<>(CallerClass.class);
    private final Map<String, Integer> byAddress = new HashMap<>();
    private final Map<Reason, Long> refused = new EnumMap<>(Reason.class);
    private int total;
    private int held;
    private CapacityOptions options;

    /**
     * @param what what the pool holds, for diagnostics ("requests in progress")
     * @param retryAfterSeconds the Max-Age of a refusal: about how long what the pool holds lasts
     */
    public CapacityPool(String what, int retryAfterSeconds, int total, CapacityOptions options) {
        this.what = what;
        this.retryAfterSeconds = retryAfterSeconds;
        for (CallerClass c : CallerClass.values()) {
            inUse.put(c, 0);
        }
        for (Reason r : Reason.values()) {
            refused.put(r, 0L);
        }
        resize(total, options);
    }

    /** New limits for the next admissions; what is held stays held (a smaller pool refuses until enough is back). */
    public synchronized void resize(int newTotal, CapacityOptions newOptions) {
        this.total = newTotal;
        this.options = newOptions;
    }

    /**
     * @param address the anonymous caller's address, or {@code null} for anonymous work relayed by another gateway
     *            (no limit per address); ignored for the other classes
     */
    public synchronized Decision admit(CallerClass callerClass, String address) {
        if (held >= total) {
            return refuse(Reason.FULL, "all " + total + " " + what + " are in use");
        }
        String counted = null;
        if (callerClass == CallerClass.ANONYMOUS) {
            int limit = options.anonymousLimit(total);
            if (inUse.get(CallerClass.ANONYMOUS) >= limit) {
                return refuse(Reason.ANONYMOUS_SHARE, "callers without credentials hold their share (" + limit
                        + ") of the " + what);
            }
            if (address != null) {
                int fromAddress = byAddress.getOrDefault(address, 0);
                if (fromAddress >= options.perAddress()) {
                    return refuse(Reason.PER_ADDRESS, address + " holds " + fromAddress + " " + what
                            + " without credentials, the most one address may");
                }
                byAddress.put(address, fromAddress + 1);
                counted = address;
            }
        }
        held++;
        inUse.merge(callerClass, 1, Integer::sum);
        return new Ticket(callerClass, counted);
    }

    private Refusal refuse(Reason reason, String diagnostic) {
        refused.merge(reason, 1L, Long::sum);
        return new Refusal(reason, diagnostic, retryAfterSeconds);
    }

    private synchronized void giveBack(Ticket ticket) {
        held--;
        inUse.merge(ticket.callerClass, -1, Integer::sum);
        if (ticket.address != null) {
            byAddress.computeIfPresent(ticket.address, (a, n) -> n > 1 ? n - 1 : null);
        }
    }

    /** @return the units held now, by class label */
    public synchronized Map<String, Integer> inUse() {
        Map<String, Integer> out = new LinkedHashMap<>();
        inUse.forEach((c, n) -> out.put(c.label(), n));
        return out;
    }

    /** @return the refusals since the pool was made, by reason label, every reason listed */
    public synchronized Map<String, Long> refusals() {
        Map<String, Long> out = new LinkedHashMap<>();
        refused.forEach((r, n) -> out.put(r.label(), n));
        return out;
    }

    /** @return anonymous addresses that hold something now (memory follows what is held, never what was refused) */
    public synchronized int addressesHolding() {
        return byAddress.size();
    }

    /** What the pool holds, for diagnostics. */
    public String what() {
        return what;
    }
}
