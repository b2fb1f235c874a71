package io.coaptree.remotequery.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.properties.InvalidPropertyException;

class RemoteQueryOptionsTest {

    @Test
    void missingPropertiesKeepTheDefaults() {
        assertEquals(RemoteQueryOptions.defaults().toString(), RemoteQueryOptions.fromProperties(Map.of()).toString());
    }

    @Test
    void valuesArriveAsKuraTypesOrAsText() {
        RemoteQueryOptions o = RemoteQueryOptions.fromProperties(Map.of(RemoteQueryOptions.REQUEST_TIMEOUT, 2_000,
                RemoteQueryOptions.MAX_PENDING, 64L, RemoteQueryOptions.SYNC_ENABLED, "false",
                RemoteQueryOptions.SYNC_MAX_LINKS, " 100 ", RemoteQueryOptions.SYNC_GRACE, ""));
        assertEquals(2_000, o.requestTimeoutMillis());
        assertEquals(64, o.maxPending());
        assertFalse(o.syncEnabled());
        assertEquals(100, o.syncMaxLinks());
        assertEquals(RemoteQueryOptions.defaults().syncGraceMillis(), o.syncGraceMillis(), "blank keeps the default");
    }

    @Test
    void admissionLimitsAreSettingsWithSafeDefaults() {
        RemoteQueryOptions d = RemoteQueryOptions.defaults();
        assertEquals(500, d.admissionMaxWaitMillis(), "a tenth of the default request timeout");
        assertEquals(256, d.admissionMaxPerHop());
        RemoteQueryOptions o = RemoteQueryOptions.fromProperties(Map.of(RemoteQueryOptions.ADMISSION_MAX_WAIT, 200L,
                RemoteQueryOptions.ADMISSION_MAX_PER_HOP, 16));
        assertEquals(200, o.admissionMaxWaitMillis());
        assertEquals(16, o.admissionMaxPerHop());
        assertRefused("remotequery.admission.max.wait.ms: 0 is outside 1..600000", RemoteQueryOptions.ADMISSION_MAX_WAIT,
                0L);
        assertRefused("remotequery.admission.max.pending.per.hop: 0 is outside 1..1000000",
                RemoteQueryOptions.ADMISSION_MAX_PER_HOP, 0);
    }

    @Test
    void aRefusedValueNamesItsPropertyAndTheAcceptedRange() {
        assertRefused("remotequery.max.pending: 4294967296 is outside 1..1000000", RemoteQueryOptions.MAX_PENDING,
                1L << 32);
        assertRefused("remotequery.lookup.timeout.ms: 50 is outside 100..600000", RemoteQueryOptions.LOOKUP_TIMEOUT,
                "50");
        assertRefused("remotequery.observe.lease.ms: 'long' is not an integer", RemoteQueryOptions.OBSERVE_LEASE,
                "long");
        assertRefused("remotequery.sync.enabled: 'maybe' is not true or false", RemoteQueryOptions.SYNC_ENABLED,
                "maybe");
        assertEquals(RemoteQueryOptions.SYNC_INTERVAL, assertThrows(InvalidPropertyException.class,
                () -> RemoteQueryOptions.defaults().withSync(true, 10, 500, 0)).field());
    }

    @Test
    void replicaSettingsHaveSafeDefaultsAndRefuseUnknownValues() {
        RemoteQueryOptions d = RemoteQueryOptions.defaults();
        assertEquals(ReplicaSpreading.LEAST_PENDING, d.replicaSpreading());
        assertEquals(600_000, d.replicaRetentionMillis());
        RemoteQueryOptions o = RemoteQueryOptions.fromProperties(Map.of(RemoteQueryOptions.REPLICA_SPREADING, "In-Turn",
                RemoteQueryOptions.REPLICA_RETENTION, 0L));
        assertEquals(ReplicaSpreading.IN_TURN, o.replicaSpreading());
        assertEquals(o.syncGraceMillis(), o.replicaRetentionMillis(), "never shorter than the grace period");
        assertRefused("remotequery.replica.spreading: 'random' is not one of least-pending, in-turn",
                RemoteQueryOptions.REPLICA_SPREADING, "random");
        assertRefused("remotequery.replica.retention.ms: -1 is outside 0..604800000",
                RemoteQueryOptions.REPLICA_RETENTION, -1L);
    }

    private static void assertRefused(String message, String property, Object value) {
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> RemoteQueryOptions.fromProperties(Map.of(property, value)));
        assertEquals(property, e.field());
        assertEquals(message, e.getMessage());
    }
}
