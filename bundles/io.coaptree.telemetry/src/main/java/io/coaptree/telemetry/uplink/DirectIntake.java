package io.coaptree.telemetry.uplink;

import java.util.Objects;
import java.util.function.Function;

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

    private final String gateway;
    private final RecordSink sink;
    private final Function<DeliveryClass, IntakeResult> admission;
    private final IntakeCounters counters;

    /**
     * @param gateway the node address of this gateway ({@code B/1/gB1})
     * @param admission whether a record of a class can be taken now
     */
    public DirectIntake(String gateway, RecordSink sink, Function<DeliveryClass, IntakeResult> admission) {
        this.gateway = Objects.requireNonNull(gateway, "gateway");
        this.sink = Objects.requireNonNull(sink, "sink");
        this.admission = Objects.requireNonNull(admission, "admission");
        this.counters = new IntakeCounters(gateway);
    }

    @Override
    public IntakeResult offer(TelemetryRecord record, DeliveryClass deliveryClass) {
        IntakeResult result = admission.apply(deliveryClass);
        if (result.accepted()) {
            sink.deliver(gateway, record, deliveryClass);
        }
        return counters.count(result);
    }

    @Override
    public IntakeCounters counters() {
        return counters;
    }
}
