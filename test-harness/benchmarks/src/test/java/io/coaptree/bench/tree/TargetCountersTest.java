package io.coaptree.bench.tree;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

class TargetCountersTest {

    @Test
    void threadsOfOtherThreadGroupsAreListed() throws Exception {
        // Californium starts its connector threads in a thread group of its own; their CPU must still be counted
        ThreadGroup group = new ThreadGroup(new ThreadGroup("outer"), "Californium-like");
        CountDownLatch stop = new CountDownLatch(1);
        Thread worker = new Thread(group, () -> {
            try {
                stop.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "UDP-Receiver-/127.0.0.1:0[0]");
        worker.start();
        try {
            assertTrue(Arrays.asList(TargetCounters.liveThreads()).contains(worker));
            assertTrue(Arrays.asList(TargetCounters.liveThreads()).contains(Thread.currentThread()));
        } finally {
            stop.countDown();
            worker.join(TimeUnit.SECONDS.toMillis(5));
        }
    }
}
