package io.coaptree.remotequery.admission;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.clock.ManualClock;

class AdmissionTest {

    private static final String HOP = "A/-/dA";
    private static final long TIMEOUT = 5_000;

    private final ManualClock clock = new ManualClock();

    private Admission.Ticket admitted(Admission admission) {
        return assertInstanceOf(Admission.Admitted.class, admission.admit(HOP, TIMEOUT)).ticket();
    }

    @Test
    void aHopThatKeepsUpAdmitsEverything() {
        Admission admission = new Admission(clock, 500, 256, 10_000);
        for (int i = 0; i < 1_000; i++) {
            Admission.Ticket t = admitted(admission);
            clock.advance(Duration.ofMillis(10));
            t.answered();
            clock.advance(Duration.ofMillis(5));
        }
        assertEquals(0, admission.refusedCount());
        assertEquals(10, admission.estimatedAnswerMillis(HOP), "idle: the path's latency, no queue");
    }

    /** A hop that answers one request every 20 ms, with the requests in flight queueing behind each other. */
    @Test
    void aQueueLongerThanTheWaitLimitIsRefusedAtOnceWithWhenToRetry() {
        Admission admission = new Admission(clock, 500, 1_000, 10_000);
        Deque<Admission.Ticket> queue = new ArrayDeque<>();
        // Offered 100 per 20 ms (50x the hop's rate): the estimate rises with the queue until it passes 500 ms.
        Admission.Refused refused = null;
        for (int round = 0; round < 20 && refused == null; round++) {
            for (int i = 0; i < 100; i++) {
                Admission.Decision d = admission.admit(HOP, TIMEOUT);
                if (d instanceof Admission.Refused r) {
                    refused = r;
                    break;
                }
                queue.add(((Admission.Admitted) d).ticket());
            }
            clock.advance(Duration.ofMillis(20));
            queue.poll().answered();
        }
        // Nothing is known of the hop until two answers came 20 ms apart: 200 went in the first two rounds (only
        // max.pending.per.hop bounds that), then the first refusal, with the backlog's excess as Max-Age.
        assertTrue(refused != null, "refused");
        assertEquals(4, refused.retryAfterSeconds(), "198 x 20 ms queued, 3.5 s beyond the limit");
        assertEquals(197, admission.inFlight(HOP), "after that round's answer");
        assertTrue(refused.reason().contains("remotequery.admission.max.wait.ms=500"), refused.reason());

        // Keep offering 10x the rate for 10 s: whoever is admitted is answered within the limit plus one round.
        long worst = 0;
        int refusals = 0;
        Deque<long[]> sentAt = new ArrayDeque<>();
        queue.forEach(t -> sentAt.add(new long[] {clock.millis()}));
        Deque<Admission.Ticket> tickets = new ArrayDeque<>(queue);
        for (int round = 0; round < 500; round++) {
            for (int i = 0; i < 10; i++) {
                Admission.Decision d = admission.admit(HOP, TIMEOUT);
                if (d instanceof Admission.Admitted a) {
                    tickets.add(a.ticket());
                    sentAt.add(new long[] {clock.millis()});
                } else {
                    refusals++;
                }
            }
            clock.advance(Duration.ofMillis(20));
            tickets.poll().answered();
            long[] sent = sentAt.poll();
            if (round > 250) { // once the initial backlog is gone
                worst = Math.max(worst, clock.millis() - sent[0]);
            }
        }
        assertTrue(worst <= 600, "admitted requests answered within about the limit, worst " + worst + " ms");
        assertTrue(refusals > 4_000, "9 in 10 refused, was " + refusals);
    }

    @Test
    void aBurstStopsAtTheWaitLimitOnceTheRateIsKnown() {
        Admission admission = new Admission(clock, 500, 10_000, 10_000);
        Deque<Admission.Ticket> queue = new ArrayDeque<>();
        // Learn a 20 ms interval with a short queue, then offer 150 at once.
        for (int i = 0; i < 3; i++) {
            queue.add(admitted(admission));
        }
        for (int i = 0; i < 2; i++) {
            clock.advance(Duration.ofMillis(20));
            queue.poll().answered();
        }
        for (int i = 0; i < 10; i++) {
            queue.add(admitted(admission));
            clock.advance(Duration.ofMillis(20));
            queue.poll().answered();
        }
        assertEquals(20 + 20, admission.estimatedAnswerMillis(HOP), "latency 20 ms plus one queued at 20 ms");
        Admission.Ticket burst = admitted(admission);
        assertTrue(burst != null);
        int refusedOfBurst = 0;
        for (int i = 0; i < 150; i++) {
            if (admission.admit(HOP, TIMEOUT) instanceof Admission.Admitted a) {
                queue.add(a.ticket());
            } else {
                refusedOfBurst++;
            }
        }
        assertTrue(refusedOfBurst >= 124, "refused " + refusedOfBurst);
        // The limit stopped the burst at 25 queued requests (500 ms at 20 ms each).
        assertTrue(admission.inFlight(HOP) <= 26, "in flight " + admission.inFlight(HOP));
        Admission.Refused r = assertInstanceOf(Admission.Refused.class, admission.admit(HOP, 60_000));
        assertEquals(1, r.retryAfterSeconds());
    }

    @Test
    void theRequestsOwnTimeoutIsALimitToo() {
        Admission admission = new Admission(clock, 10_000, 1_000, 10_000);
        Deque<Admission.Ticket> queue = new ArrayDeque<>();
        for (int i = 0; i < 30; i++) {
            queue.add(admitted(admission));
        }
        for (int i = 0; i < 5; i++) {
            clock.advance(Duration.ofMillis(100));
            queue.poll().answered();
        }
        // 25 in flight at 100 ms each: about 2.5 s plus latency; a 1 s request cannot make it, a 5 s one can.
        Admission.Refused r = assertInstanceOf(Admission.Refused.class, admission.admit(HOP, 1_000));
        assertEquals(2, r.retryAfterSeconds(), "about 2.6 s of backlog beyond its 1 s");
        assertInstanceOf(Admission.Admitted.class, admission.admit(HOP, TIMEOUT));
    }

    @Test
    void aSlowPathAloneIsNeverRefused() {
        Admission admission = new Admission(clock, 500, 256, 10_000);
        for (int i = 0; i < 5; i++) {
            Admission.Ticket t = admitted(admission);
            clock.advance(Duration.ofMillis(2_000)); // warming up, or far away: slower than the wait limit
            t.answered();
        }
        assertEquals(2_000, admission.estimatedAnswerMillis(HOP));
        Admission.Ticket first = admitted(admission);
        assertInstanceOf(Admission.Admitted.class, admission.admit(HOP, TIMEOUT), "2 s + no measured queue");
        first.answered();
        assertEquals(0, admission.refusedCount());
    }

    @Test
    void thePerHopBoundHoldsBeforeAnyAnswerWasSeen() {
        Admission admission = new Admission(clock, 500, 8, 10_000);
        for (int i = 0; i < 8; i++) {
            admitted(admission);
        }
        Admission.Refused r = assertInstanceOf(Admission.Refused.class, admission.admit(HOP, TIMEOUT));
        assertTrue(r.reason().contains("remotequery.admission.max.pending.per.hop"), r.reason());
        assertEquals(1, r.retryAfterSeconds());
        assertInstanceOf(Admission.Admitted.class, admission.admit("B/-/dB", TIMEOUT), "other hops are not affected");
    }

    @Test
    void afterAStallAdmissionResumesAsTheBacklogEndsWithoutAnswers() {
        Admission admission = new Admission(clock, 500, 1_000, 10_000);
        Deque<Admission.Ticket> queue = new ArrayDeque<>();
        for (int i = 0; i < 40; i++) {
            queue.add(admitted(admission));
        }
        clock.advance(Duration.ofMillis(10));
        queue.poll().answered();
        clock.advance(Duration.ofMillis(400));
        queue.poll().answered(); // one answer 400 ms after the previous: the hop stalled
        assertInstanceOf(Admission.Refused.class, admission.admit(HOP, TIMEOUT));
        // The rest time out (abandoned): nothing in flight, so the estimate is back to the latency and requests go.
        clock.advance(Duration.ofMillis(5_000));
        queue.forEach(Admission.Ticket::abandoned);
        queue.forEach(Admission.Ticket::abandoned); // twice changes nothing
        assertEquals(0, admission.inFlight(HOP));
        assertInstanceOf(Admission.Admitted.class, admission.admit(HOP, TIMEOUT));
    }

    @Test
    void theLatencyFloorForgetsAnOldMinimum() {
        WindowedMinimum min = new WindowedMinimum(1_000);
        min.add(0, 5);
        assertEquals(5, min.value(500));
        min.add(1_200, 40);
        assertEquals(5, min.value(1_500), "the previous window still counts");
        assertEquals(40, min.value(2_100), "the window of the 5 ms sample is over");
        assertEquals(0, min.value(10_000), "nothing lately");
    }
}
