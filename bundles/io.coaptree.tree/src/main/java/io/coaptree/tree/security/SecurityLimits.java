package io.coaptree.tree.security;

/**
 * The replay windows' sizes ({@code tree.security.replay.window}, {@code tree.security.max.senders}).
 *
 * @param windowSize sequence numbers remembered per sender (a multiple of 64)
 * @param maxSenders senders with a window at once
 */
public record SecurityLimits(int windowSize, int maxSenders) {

    public SecurityLimits {
        if (windowSize < 64 || windowSize % 64 != 0 || maxSenders < 1) {
            throw new IllegalArgumentException("window " + windowSize + ", senders " + maxSenders);
        }
    }

    ReplayWindows newWindows(long freshnessMillis) {
        return new ReplayWindows(windowSize, maxSenders, freshnessMillis);
    }
}
