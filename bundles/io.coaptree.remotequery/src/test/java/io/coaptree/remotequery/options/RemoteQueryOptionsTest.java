package io.coaptree.remotequery.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;

/** Reading the component's options; defaults, ranges and the metatype are held together by SettingsAgreementTest. */
class RemoteQueryOptionsTest {

    @Test
    void valuesArriveAsKuraTypesOrAsText() {
        RemoteQueryOptions o = RemoteQueryOptions.fromProperties(Map.of(RemoteQueryOptions.REQUEST_TIMEOUT.id(), 2_000,
                RemoteQueryOptions.MAX_PENDING.id(), 64L, RemoteQueryOptions.SYNC_ENABLED.id(), "false",
                RemoteQueryOptions.SYNC_MAX_LINKS.id(), " 100 ", RemoteQueryOptions.SYNC_GRACE.id(), "",
                RemoteQueryOptions.REPLICA_SPREADING.id(), "In-Turn"));
        assertEquals(2_000, o.requestTimeoutMillis());
        assertEquals(64, o.maxPending());
        assertFalse(o.syncEnabled());
        assertEquals(100, o.syncMaxLinks());
        assertEquals(RemoteQueryOptions.defaults().syncGraceMillis(), o.syncGraceMillis(), "blank keeps the default");
        assertEquals(ReplicaSpreading.IN_TURN, o.replicaSpreading());
    }

    @Test
    void aRefusedValueNamesItsPropertyAndTheAcceptedRange() {
        assertRefused("remotequery.max.pending: 1000001 is outside 1..1000000", RemoteQueryOptions.MAX_PENDING,
                1_000_001L);
        assertRefused("remotequery.lookup.timeout.ms: 50 is outside 100..600000", RemoteQueryOptions.LOOKUP_TIMEOUT,
                "50");
        assertRefused("remotequery.observe.lease.ms: 'long' is not an integer", RemoteQueryOptions.OBSERVE_LEASE,
                "long");
        assertRefused("remotequery.sync.enabled: 'maybe' is not true or false", RemoteQueryOptions.SYNC_ENABLED,
                "maybe");
        assertRefused("remotequery.replica.spreading: 'random' is not one of least-pending, in-turn",
                RemoteQueryOptions.REPLICA_SPREADING, "random");
    }

    @Test
    void optionsBuiltInCodeAreHeldToTheSameRules() {
        RemoteQueryOptions d = RemoteQueryOptions.defaults();
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> new RemoteQueryOptions(d.requestTimeoutMillis(), d.lookupTimeoutMillis(), d.maxPending(),
                        d.admissionMaxWaitMillis(), d.admissionMaxPerHop(), d.observeLeaseMillis(),
                        d.maxMergedLinks(), true, 10, d.syncMaxLinks(), d.syncGraceMillis(), d.replicaSpreading(),
                        d.replicaRetentionMillis(), d.directRoutes()));
        assertEquals(RemoteQueryOptions.SYNC_INTERVAL.id(), e.field());
        e = assertThrows(InvalidPropertyException.class,
                () -> new RemoteQueryOptions(d.requestTimeoutMillis(), d.lookupTimeoutMillis(), d.maxPending(),
                        d.admissionMaxWaitMillis(), d.admissionMaxPerHop(), d.observeLeaseMillis(),
                        d.maxMergedLinks(), true, d.syncIntervalMillis(), d.syncMaxLinks(), d.syncGraceMillis(), null,
                        d.replicaRetentionMillis(), d.directRoutes()));
        assertEquals(RemoteQueryOptions.REPLICA_SPREADING.id(), e.field());
    }

    @Test
    void childRegistrationsOutliveTheGracePeriod() {
        assertEquals(90, RemoteQueryOptions.defaults().syncRegistrationLifetimeSeconds(), "3 x 30 s");
        assertEquals(60, RemoteQueryOptions.fromProperties(Map.of(RemoteQueryOptions.SYNC_GRACE.id(), 0L))
                .syncRegistrationLifetimeSeconds(), "at least a minute");
    }

    private static void assertRefused(String message, Setting<?> setting, Object value) {
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> RemoteQueryOptions.fromProperties(Map.of(setting.id(), value)));
        assertEquals(setting.id(), e.field());
        assertEquals(message, e.getMessage());
    }
}
