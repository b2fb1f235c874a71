package io.coaptree.rd.store;

import io.coaptree.harness.clock.ManualClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.Test;

import io.coaptree.linkformat.Link;
import io.coaptree.rd.options.RegistrationStoreOptions;
import io.coaptree.rd.store.StoreResult.Outcome;

class ExpirySweeperTest {

    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

    @Test
    void tenThousandRegistrationsAddNoThreadAndOneTaskExpiresThemAll() throws Exception {
        ManualClock clock = new ManualClock();
        RegistrationStore store = new RegistrationStore(RegistrationStoreOptions.fromProperties(
                Map.of(RegistrationStoreOptions.REGISTRATIONS_MAX.id(), 20_000,
                        RegistrationStoreOptions.SWEEP_INTERVAL.id(), 1)), clock);
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        try (ExpirySweeper sweeper = ExpirySweeper.start(store, scheduler)) {
            // Let the scheduler start its worker before counting.
            scheduler.submit(() -> { }).get();
            int threadsBefore = THREADS.getThreadCount();

            for (int i = 0; i < 10_000; i++) {
                StoreResult result = store.register(RegistrationRequest.builder("node-" + i).lifetimeSeconds(60)
                        .sourceAddress("coap://10.0.0." + (i % 250) + ":5683")
                        .links(List.of(Link.builder("/sensor").attribute("rt", "temperature-c").build())).build());
                assertEquals(Outcome.CREATED, result.outcome());
            }

            assertEquals(10_000, store.size());
            assertTrue(THREADS.getThreadCount() <= threadsBefore,
                    "threads grew from " + threadsBefore + " to " + THREADS.getThreadCount());

            clock.advance(Duration.ofSeconds(60));
            awaitTrue(() -> store.size() == 0, Duration.ofSeconds(10));
            assertTrue(THREADS.getThreadCount() <= threadsBefore,
                    "threads grew from " + threadsBefore + " to " + THREADS.getThreadCount());
        } finally {
            scheduler.shutdownNow();
            scheduler.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    @Test
    void aFailingSweepDoesNotStopLaterSweeps() throws Exception {
        ManualClock time = new ManualClock();
        AtomicBoolean failNextRead = new AtomicBoolean();
        Clock clock = new Clock() {
            @Override
            public long millis() {
                if (failNextRead.getAndSet(false)) {
                    throw new IllegalStateException("clock failure during a sweep");
                }
                return time.millis();
            }

            @Override
            public Instant instant() {
                return Instant.ofEpochMilli(millis());
            }

            @Override
            public ZoneId getZone() {
                return ZoneOffset.UTC;
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }
        };
        RegistrationStore store = new RegistrationStore(RegistrationStoreOptions.fromProperties(
                Map.of(RegistrationStoreOptions.SWEEP_INTERVAL.id(), 1)), clock);
        store.register(RegistrationRequest.builder("a").lifetimeSeconds(60).sourceAddress("coap://h").build());
        time.advance(Duration.ofSeconds(60));
        failNextRead.set(true);
        ScheduledExecutorService scheduler = Executors.newSingleThreadScheduledExecutor();
        try (ExpirySweeper sweeper = ExpirySweeper.start(store, scheduler)) {
            awaitTrue(() -> store.size() == 0, Duration.ofSeconds(10));
            assertFalse(failNextRead.get());
        } finally {
            scheduler.shutdownNow();
            scheduler.awaitTermination(5, TimeUnit.SECONDS);
        }
    }

    private static void awaitTrue(BooleanSupplier condition, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not met within " + timeout);
            }
            Thread.sleep(10);
        }
    }
}
