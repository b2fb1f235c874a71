package io.coaptree.bench.scenario;

import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * A progress bar for one step (me.tongfei:progressbar on the console): requests or messages done out of those the
 * step expects. Steps end by a duration or a budget, so a bar may stop short of its maximum; it is closed with the
 * step. Thread-safe: completions arrive on the clients' threads.
 */
public final class StepProgress implements AutoCloseable {

    private final ProgressBar bar;
    private boolean closed;

    private StepProgress(ProgressBar bar) {
        this.bar = bar;
    }

    /** @param expected what a step that runs to its end completes (requests, messages, records) */
    public static StepProgress open(String step, long expected) {
        return new StepProgress(new ProgressBarBuilder()
                .setTaskName(step)
                .setInitialMax(Math.max(1, expected))
                .setStyle(ProgressBarStyle.ASCII)
                // a bar redrawn every 10 ms would cost the load generator CPU it needs for the clients
                .setUpdateIntervalMillis(500)
                .showSpeed()
                .build());
    }

    public void step() {
        bar.step();
    }

    public void stepBy(long n) {
        bar.stepBy(n);
    }

    @Override
    public synchronized void close() {
        if (!closed) {
            closed = true;
            bar.close();
        }
    }
}
