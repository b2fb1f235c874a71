package io.coaptree.tree.delivery;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Several messages to one topic in one MQTT publish (and one seal): the format byte {@link #FORMAT}, the number of
 * records, then each record's length and bytes; counts and lengths are unsigned LEB128 varints. The format byte
 * differs from every envelope format version, so a receiver tells a batch from a single envelope by its first byte.
 * <p>
 * Decoding is meant for input from the network and checks everything before it allocates: the record count and
 * every length against the receiver's limits, lengths against what is left, no empty record, no trailing bytes.
 * Any defect refuses the batch whole.
 */
public final class BatchFrame {

    /** The first byte of every batch (no envelope format version uses it). */
    public static final byte FORMAT = (byte) 0xB1;

    private BatchFrame() {
    }

    /** True if {@code bytes} claims to be a batch (it may still be malformed). */
    public static boolean isBatch(byte[] bytes) {
        return bytes.length > 0 && bytes[0] == FORMAT;
    }

    public static byte[] encode(List<byte[]> records) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(encodedSize(records));
        out.write(FORMAT);
        writeVarint(out, records.size());
        for (byte[] record : records) {
            writeVarint(out, record.length);
            out.writeBytes(record);
        }
        return out.toByteArray();
    }

    /** The size {@link #encode} gives these records. */
    public static int encodedSize(List<byte[]> records) {
        int size = 1 + varintSize(records.size());
        for (byte[] record : records) {
            size += varintSize(record.length) + record.length;
        }
        return size;
    }

    /** What one more record of {@code length} bytes adds to a batch of {@code count} records. */
    static int growth(int count, int length) {
        return varintSize(count + 1) - varintSize(count) + varintSize(length) + length;
    }

    /**
     * @param maxRecords the most records a batch may hold
     * @param maxRecordBytes the largest record, as for a single message
     * @throws MalformedBatchException naming the defect; the batch is refused whole
     */
    public static List<byte[]> decode(byte[] bytes, int maxRecords, int maxRecordBytes) throws MalformedBatchException {
        Objects.requireNonNull(bytes, "bytes");
        if (!isBatch(bytes)) {
            throw new MalformedBatchException("not a batch");
        }
        int[] position = { 1 };
        long count = readVarint(bytes, position, "record count");
        if (count < 1 || count > maxRecords) {
            throw new MalformedBatchException(count + " records, a batch holds 1 to " + maxRecords);
        }
        // Each record takes at least its length's byte: a count beyond the bytes left is a lie, refused before the
        // list for it is made.
        if (count > bytes.length - position[0]) {
            throw new MalformedBatchException(count + " records declared, " + (bytes.length - position[0])
                    + " bytes are left");
        }
        List<byte[]> records = new ArrayList<>((int) count);
        for (int i = 0; i < count; i++) {
            long length = readVarint(bytes, position, "length of record " + i);
            if (length < 1 || length > maxRecordBytes) {
                throw new MalformedBatchException("record " + i + " of " + length + " bytes, records are 1 to "
                        + maxRecordBytes + " bytes");
            }
            if (length > bytes.length - position[0]) {
                throw new MalformedBatchException("record " + i + " is truncated");
            }
            int start = position[0];
            records.add(java.util.Arrays.copyOfRange(bytes, start, start + (int) length));
            position[0] = start + (int) length;
        }
        if (position[0] != bytes.length) {
            throw new MalformedBatchException((bytes.length - position[0]) + " bytes after the last record");
        }
        return records;
    }

    private static void writeVarint(ByteArrayOutputStream out, int value) {
        int v = value;
        while ((v & ~0x7F) != 0) {
            out.write((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        out.write(v);
    }

    private static int varintSize(int value) {
        int size = 1;
        int v = value >>> 7;
        while (v != 0) {
            size++;
            v >>>= 7;
        }
        return size;
    }

    /** At most five bytes (a 32-bit value); longer or overlong forms are malformed. */
    private static long readVarint(byte[] bytes, int[] position, String what) throws MalformedBatchException {
        long value = 0;
        for (int shift = 0; shift < 35; shift += 7) {
            if (position[0] >= bytes.length) {
                throw new MalformedBatchException(what + " is truncated");
            }
            int b = bytes[position[0]++] & 0xFF;
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new MalformedBatchException(what + " is longer than five bytes");
    }
}
