package io.coaptree.bench.seeds.records;

import java.nio.ByteBuffer;

/**
 * A device's record as the seed scenarios send it: the time it was due to be sent (so one-way latency is measured
 * at the consumer from the payload alone), the step it belongs to, the device and its sequence number, padded to
 * the record size. Sender and consumer run in the same JVM, so {@link System#nanoTime()} is one clock.
 */
public record RecordPayload(long sentNanos, int step, int device, int sequence) {

    /** Bytes the fields take; records are never smaller. */
    public static final int HEADER_BYTES = 20;

    public byte[] encode(int size) {
        ByteBuffer buffer = ByteBuffer.allocate(Math.max(HEADER_BYTES, size));
        buffer.putLong(sentNanos).putInt(step).putInt(device).putInt(sequence);
        return buffer.array();
    }

    /** @return null for anything that is not a record (e.g. the empty first notification of a resource) */
    public static RecordPayload decode(byte[] bytes) {
        if (bytes == null || bytes.length < HEADER_BYTES) {
            return null;
        }
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        return new RecordPayload(buffer.getLong(), buffer.getInt(), buffer.getInt(), buffer.getInt());
    }
}
