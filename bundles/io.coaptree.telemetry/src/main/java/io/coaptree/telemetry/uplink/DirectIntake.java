package io.coaptree.telemetry.uplink;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.telemetry.record.TelemetryRecord;
import io.coaptree.tree.bus.DeliveryClass;

/**
 * Hands records straight to the sink on the caller's thread: for the tree destination, whose bus already queues
 * publishes by class (the gateway's delivery) and makes a normal record's seal a batch's share, so a hand-off to
 * another thread would cost each record more than it saves (a thread wake-up per record). Since nothing waits
 * here, a record is first checked against what the bus can take now ({@code admission}: the broker connection and
 * the room in the gateway's outbound queue of its class); a refused one is counted and never handed on.
 */
public final class DirectIntake implements RecordIntake {

    private static final Logger LOG = LoggerFactory.getLogger(DirectIntake.class);

    private final String gateway;
    private final RecordSink sink;
    private final Function<DeliveryClass, IntakeResult> admission;
    private final AtomicLong accepted = new AtomicLong();
    private final Map<IntakeResult, AtomicLong> refused = new EnumMap<>(IntakeResult.class);

    /**
     * @param gateway the node address of this gateway ({@code B/1/gB1})
     * @param admission whether a record of a class can be taken now
     */
    public DirectIntake(String gateway, RecordSink sink, Function<DeliveryClass, IntakeResult> admission) {
        this.gateway = Objects.requireNonNull(gateway, "gateway");
        this.sink = Objects.requireNonNull(sink, "sink");
        this.admission = Objects.requireNonNull(admission, "admission");
        for (IntakeResult result : IntakeResult.values()) {
            if (!result.accepted()) {
                refused.put(result, new AtomicLong());
            }
        }
    }

    @Override
    public IntakeResult offer(TelemetryRecord record, DeliveryClass deliveryClass) {
        IntakeResult result = admission.apply(deliveryClass);
        if (!result.accepted()) {
            long n = refused.get(result).incrementAndGet();
            // Powers of two: a broker outage of an hour writes a few lines, not one per record.
            if (Long.bitCount(n) == 1) {
                LOG.warn("telemetry of {}: {} records refused so far: {}", gateway, n, result.diagnostic());
            }
            return result;
        }
        sink.deliver(gateway, record, deliveryClass);
        accepted.incrementAndGet();
        return IntakeResult.ACCEPTED;
    }

    /** Records handed on since start. */
    public long accepted() {
        return accepted.get();
    }

    /** Records refused for {@code reason} since start. */
    public long refused(IntakeResult reason) {
        AtomicLong count = refused.get(reason);
        return count == null ? 0 : count.get();
    }
}
