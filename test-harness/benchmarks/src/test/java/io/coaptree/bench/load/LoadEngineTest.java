package io.coaptree.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The engine's bookkeeping, against issuers whose behaviour is known exactly. */
class LoadEngineTest {

    private final ExecutorService answers = Executors.newFixedThreadPool(2);

    @AfterEach
    void stop() {
        answers.shutdownNow();
    }

    @Test
    void closedLoopStopsAtTheRequestBudgetAndCountsEveryAnswer() throws Exception {
        LoadProfile profile = LoadProfile.closedLoop("budget", 4, Duration.ofMinutes(1), 2_000);
        LoadResult result = LoadEngine.run(profile, new Issuer(4, outcome -> answers.execute(outcome::succeeded)));
        assertTrue(result.started() >= 2_000 && result.started() < 2_000 + 4, "started " + result.started());
        assertEquals(result.started(), result.succeeded());
        assertEquals(Map.of(), result.failures());
        assertEquals(result.succeeded(), result.latency().count());
    }

    @Test
    void closedLoopSurvivesAnIssuerThatAnswersBeforeReturning() throws Exception {
        LoadProfile profile = LoadProfile.closedLoop("synchronous", 1, Duration.ofMinutes(1), 5_000);
        LoadResult result = LoadEngine.run(profile, new Issuer(1, RequestIssuer.Outcome::succeeded));
        assertEquals(result.started(), result.succeeded());
        assertTrue(result.succeeded() >= 5_000);
    }

    @Test
    void unansweredRequestsEndAsTimeoutsAndAreCancelled() throws Exception {
        AtomicInteger cancelled = new AtomicInteger();
        // Bounded by the request budget, not by a short duration: on a busy machine a 50 ms window may end before a
        // client thread has issued anything.
        LoadProfile profile = LoadProfile.closedLoop("silent", 3, Duration.ofSeconds(30), 3)
                .withRequestTimeout(Duration.ofMillis(100));
        Issuer silent = new Issuer(3, outcome -> { }) {
            @Override
            public Cancellable issue(int client, Outcome outcome) {
                super.issue(client, outcome);
                return cancelled::incrementAndGet;
            }
        };
        LoadResult result = LoadEngine.run(profile, silent);
        assertEquals(3, result.started(), "closed loop: one request per client, none answered");
        assertEquals(0, result.succeeded());
        assertEquals(Map.of("timeout", 3L), result.failures());
        assertEquals(3, cancelled.get());
    }

    @Test
    void failuresAreCountedByReason() throws Exception {
        AtomicInteger n = new AtomicInteger();
        LoadProfile profile = LoadProfile.closedLoop("mixed", 2, Duration.ofMinutes(1), 300);
        LoadResult result = LoadEngine.run(profile, new Issuer(2, outcome -> answers.execute(() -> {
            if (n.incrementAndGet() % 3 == 0) {
                outcome.failed("coap 4.04");
            } else {
                outcome.succeeded();
            }
        })));
        assertEquals(result.started(), result.succeeded() + result.failed());
        assertEquals(result.started() / 3, result.failures().get("coap 4.04"), 1);
    }

    @Test
    void openLoopSendsWhatTheScheduleSaysSpreadOverTheClients() throws Exception {
        int[] perClient = new int[4];
        LoadProfile profile = LoadProfile.openLoop("fixed", Arrivals.FIXED, 2_000, 4, Duration.ofMillis(500), 10_000);
        LoadResult result = LoadEngine.run(profile, new Issuer(4, outcome -> answers.execute(outcome::succeeded)) {
            @Override
            public Cancellable issue(int client, Outcome outcome) {
                perClient[client]++;
                return super.issue(client, outcome);
            }
        });
        // arrivals at 0.5 ms, 1 ms, ... strictly before 500 ms
        assertEquals(999, result.started());
        assertEquals(999, result.succeeded());
        for (int count : perClient) {
            assertEquals(250, count, 1);
        }
    }

    /** Answers each request with the given behaviour. */
    private static class Issuer implements RequestIssuer {
        private final int clients;
        private final java.util.function.Consumer<Outcome> behaviour;

        Issuer(int clients, java.util.function.Consumer<Outcome> behaviour) {
            this.clients = clients;
            this.behaviour = behaviour;
        }

        @Override
        public int clients() {
            return clients;
        }

        @Override
        public Cancellable issue(int client, Outcome outcome) {
            behaviour.accept(outcome);
            return Cancellable.NONE;
        }

        @Override
        public void close() {
        }
    }
}
