package io.coaptree.tree.delivery;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

class BatchFrameTest {

    private static final List<byte[]> RECORDS = List.of(new byte[] { 2, 1 }, new byte[300], new byte[] { 2 });

    @Test
    void recordsComeBackAsTheyWentIn() throws MalformedBatchException {
        byte[] batch = BatchFrame.encode(RECORDS);

        assertEquals(BatchFrame.encodedSize(RECORDS), batch.length);
        List<byte[]> decoded = BatchFrame.decode(batch, 64, 1024);
        assertEquals(3, decoded.size());
        for (int i = 0; i < 3; i++) {
            assertArrayEquals(RECORDS.get(i), decoded.get(i));
        }
    }

    @Test
    void growthIsWhatEncodingAddsPerRecord() {
        List<byte[]> many = new java.util.ArrayList<>();
        int size = BatchFrame.encodedSize(many);
        for (int i = 0; i < 200; i++) {
            byte[] record = new byte[i % 150 + 1];
            size += BatchFrame.growth(many.size(), record.length);
            many.add(record);
            assertEquals(BatchFrame.encodedSize(many), size);
        }
    }

    @Test
    void everyDefectRefusesTheBatchWhole() {
        byte[] good = BatchFrame.encode(RECORDS);
        assertRefused(Arrays.copyOf(good, good.length - 1), "truncated");
        assertRefused(Arrays.copyOf(good, good.length + 1), "after the last record");
        assertRefused(new byte[] { BatchFrame.FORMAT }, "truncated");
        assertRefused(new byte[] { BatchFrame.FORMAT, 0 }, "0 records");
        assertRefused(new byte[] { BatchFrame.FORMAT, 1, 0 }, "record 0 of 0 bytes");
        assertRefused(new byte[] { BatchFrame.FORMAT, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
                (byte) 0xFF, 1 }, "longer than five bytes");
        assertRefused(new byte[] { 2, 1, 0 }, "not a batch");
        // A count or length beyond the receiver's limits is refused before anything is allocated.
        assertRefused(new byte[] { BatchFrame.FORMAT, (byte) 0x80, 0x01 }, "128 records");
        assertRefused(new byte[] { BatchFrame.FORMAT, 60, 1, 1 }, "60 records declared, 2 bytes are left");
        assertRefused(new byte[] { BatchFrame.FORMAT, 1, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, 0x07 },
                "bytes, records are 1 to 1024");
    }

    private static void assertRefused(byte[] batch, String expected) {
        MalformedBatchException e = assertThrows(MalformedBatchException.class,
                () -> BatchFrame.decode(batch, 64, 1024));
        assertTrue(e.getMessage().contains(expected), e.getMessage());
    }
}
