package io.coaptree.driver.calls;

/** What a read, a write or a notification of a channel ended in: a value, or a failure saying why. */
public sealed interface Outcome {

    /** @param value the channel's value (for a write: the value written); @param timestamp when it arrived, ms */
    record Value(Object value, long timestamp) implements Outcome {
    }

    /** @param reason why, for the channel's status; @param timestamp when it was found, ms */
    record Failure(String reason, long timestamp) implements Outcome {
    }
}
