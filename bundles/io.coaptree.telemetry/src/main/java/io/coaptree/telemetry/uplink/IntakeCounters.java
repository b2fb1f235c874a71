package io.coaptree.telemetry.uplink;

import java.util.EnumMap;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What an intake did with the records offered to it: how many it took, and how many it refused for each reason. A
 * refusal is logged as a WARN at the 1st, 2nd, 4th, 8th... of its reason, so an hour without a broker writes a few
 * lines instead of one per record, while the counts stay exact for the component's status.
 */
public final class IntakeCounters {

    private static final Logger LOG = LoggerFactory.getLogger(IntakeCounters.class);

    private final String gateway;
    private final AtomicLong accepted = new AtomicLong();
    private final Map<IntakeResult, AtomicLong> refused = new EnumMap<>(IntakeResult.class);

    /** @param gateway the node address of this gateway ({@code B/1/gB1}), for the log */
    public IntakeCounters(String gateway) {
        this.gateway = Objects.requireNonNull(gateway, "gateway");
        for (IntakeResult result : IntakeResult.values()) {
            if (!result.accepted()) {
                refused.put(result, new AtomicLong());
            }
        }
    }

    /** Counts {@code result} (and logs it if it is a refusal due for the log); returns it. */
    public IntakeResult count(IntakeResult result) {
        if (result.accepted()) {
            accepted.incrementAndGet();
            return result;
        }
        long n = refused.get(result).incrementAndGet();
        if (Long.bitCount(n) == 1) {
            LOG.warn("telemetry of {}: {} records refused so far: {}", gateway, n, result.reason());
        }
        return result;
    }

    /** Records taken in since start. */
    public long accepted() {
        return accepted.get();
    }

    /** Records refused for {@code reason} since start. */
    public long refused(IntakeResult reason) {
        AtomicLong count = refused.get(reason);
        return count == null ? 0 : count.get();
    }

    /** Records refused for any reason since start. */
    public long refusedTotal() {
        return refused.values().stream().mapToLong(AtomicLong::get).sum();
    }

    /** The refusals so far by reason, keyed as the status properties name them ({@code not-connected}). */
    public Map<String, Long> refusedByKey() {
        Map<String, Long> counts = new TreeMap<>();
        refused.forEach((reason, n) -> counts.put(key(reason), n.get()));
        return counts;
    }

    /** {@code NOT_CONNECTED} -> {@code not-connected}. */
    private static String key(IntakeResult reason) {
        return reason.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
