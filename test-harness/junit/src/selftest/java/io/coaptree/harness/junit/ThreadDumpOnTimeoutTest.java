package io.coaptree.harness.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;

/**
 * A test that runs out of time prints every thread's stack: the classes below are run through a JUnit launcher of their
 * own, with the extension found as every module finds it (autodetection). Surefire never runs them itself (it leaves
 * nested classes out).
 */
class ThreadDumpOnTimeoutTest {

    /** A thread the stacks must show: it waits for the test that started it. */
    private static final String BYSTANDER = "bystander-" + UUID.randomUUID();

    /** Waits for ever, under the default time limit only. */
    static class WaitsForEver {
        @Test
        void waits() throws InterruptedException {
            new CountDownLatch(1).await();
        }
    }

    /** Ignores JUnit's interrupt for a while, as a thread in a plain socket read would. */
    static class IgnoresTheInterrupt {
        @Test
        @Timeout(value = 200, unit = TimeUnit.MILLISECONDS)
        void spins() {
            long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(1500);
            while (System.nanoTime() < end) {
                Thread.interrupted();
                Thread.onSpinWait();
            }
        }
    }

    /** Ends within its time limit. */
    static class EndsInTime {
        @Test
        @Timeout(5)
        void ends() {
            assertTrue(true);
        }
    }

    @Test
    void aTestOutOfTimeFailsWithTheStacksOfEveryThread() throws Exception {
        Run run = run(WaitsForEver.class, Map.of(ThreadDumpOnTimeout.DEFAULT_TIMEOUT, "300 ms"));
        assertEquals(1, run.summary.getTestsFailedCount());
        assertInstanceOf(TimeoutException.class, run.summary.getFailures().get(0).getException());
        assertTrue(run.err.contains("---- thread stacks: ") && run.err.contains("timed out after 300 milliseconds"),
                run.err);
        assertTrue(run.err.contains('"' + BYSTANDER + "\" WAITING"),
                "the other threads are where they were: " + run.err);
    }

    @Test
    void aTestThatIgnoresTheInterruptHasItsStacksPrintedAtTwiceItsLimit() throws Exception {
        Run run = run(IgnoresTheInterrupt.class, Map.of());
        assertEquals(1, run.summary.getTestsFailedCount());
        assertTrue(run.err.contains("still runs after 400 ms, twice its time limit"), run.err);
        assertTrue(run.err.contains(".spins("), "the spinning test in the stacks: " + run.err);
    }

    @Test
    void aTestWithinItsLimitPrintsNothing() throws Exception {
        Run run = run(EndsInTime.class, Map.of(ThreadDumpOnTimeout.DEFAULT_TIMEOUT, "1 s"));
        assertEquals(1, run.summary.getTestsSucceededCount());
        assertFalse(run.err.contains("thread stacks"), run.err);
    }

    @Test
    void durationsReadAsJUnitWritesThem() {
        assertEquals(Optional.of(Duration.ofMinutes(5)), ThreadDumpOnTimeout.parse("5 m"));
        assertEquals(Optional.of(Duration.ofMillis(300)), ThreadDumpOnTimeout.parse("300ms"));
        assertEquals(Optional.of(Duration.ofSeconds(42)), ThreadDumpOnTimeout.parse("42"));
        assertEquals(Optional.of(Duration.ofHours(2)), ThreadDumpOnTimeout.parse("2 H"));
        assertEquals(Optional.empty(), ThreadDumpOnTimeout.parse("0 s"));
        assertEquals(Optional.empty(), ThreadDumpOnTimeout.parse("five minutes"));
    }

    private record Run(TestExecutionSummary summary, String err) {
    }

    /** Runs one class in a launcher of its own, with a bystander thread waiting, and what it printed to stderr. */
    private static Run run(Class<?> tests, Map<String, String> parameters) throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        Thread bystander = new Thread(() -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, BYSTANDER);
        bystander.setDaemon(true);
        bystander.start();
        SummaryGeneratingListener listener = new SummaryGeneratingListener();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        PrintStream saved = System.err;
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            LauncherFactory.create().execute(LauncherDiscoveryRequestBuilder.request()
                    .selectors(DiscoverySelectors.selectClass(tests))
                    .configurationParameter("junit.jupiter.extensions.autodetection.enabled", "true")
                    .configurationParameters(parameters).build(), listener);
        } finally {
            System.setErr(saved);
            release.countDown();
            bystander.join(5_000);
        }
        return new Run(listener.getSummary(), err.toString(StandardCharsets.UTF_8));
    }
}
