package io.coaptree.telemetry.record;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class TelemetryCodecTest {

    private final TelemetryCodec codec = new TelemetryCodec(100);
    private final TelemetryRecord record = new TelemetryRecord(TelemetryRecord.Origin.OBSERVED,
            "coap://10.0.0.7:5683/sensors/t", "building-a/temperature", 50, 1_764_160_000_123L,
            "{\"t\":21.5}".getBytes());

    @Test
    void aRecordComesBackAsItWasSent() throws Exception {
        TelemetryRecord back = codec.decode(codec.encode(record));
        assertEquals(record.origin(), back.origin());
        assertEquals(record.source(), back.source());
        assertEquals(record.topic(), back.topic());
        assertEquals(50, back.contentFormat());
        assertEquals(record.timeMillis(), back.timeMillis());
        assertArrayEquals(record.payload(), back.payload());
        TelemetryRecord posted = new TelemetryRecord(TelemetryRecord.Origin.POSTED, "psk:sensor-1", "t",
                TelemetryRecord.NO_FORMAT, 0, new byte[] { 0 });
        assertEquals(TelemetryRecord.NO_FORMAT, codec.decode(codec.encode(posted)).contentFormat());
    }

    @Test
    void everyTruncationAndTrailingByteIsRefused() {
        byte[] bytes = codec.encode(record);
        for (int n = 0; n < bytes.length; n++) {
            byte[] cut = Arrays.copyOf(bytes, n);
            assertThrows(TelemetryCodecException.class, () -> codec.decode(cut), "cut at " + n);
        }
        byte[] longer = Arrays.copyOf(bytes, bytes.length + 1);
        assertEquals(TelemetryCodecException.Kind.UNDECODABLE,
                assertThrows(TelemetryCodecException.class, () -> codec.decode(longer)).kind());
    }

    @Test
    void mutatedRecordsFailOnlyWithTheCodecsException() {
        byte[] bytes = codec.encode(record);
        SplittableRandom random = new SplittableRandom(14);
        for (int i = 0; i < 5000; i++) {
            byte[] mutated = bytes.clone();
            mutated[random.nextInt(mutated.length)] = (byte) random.nextInt(256);
            try {
                codec.decode(mutated);
            } catch (TelemetryCodecException e) {
                // refused: fine
            }
        }
    }

    @Test
    void aPayloadAboveTheLimitIsOversizeAndAnUnknownOriginUnknown() {
        byte[] big = new TelemetryCodec(200).encode(new TelemetryRecord(TelemetryRecord.Origin.POSTED, "s", "t",
                0, 0, new byte[150]));
        assertEquals(TelemetryCodecException.Kind.OVERSIZE,
                assertThrows(TelemetryCodecException.class, () -> codec.decode(big)).kind());
        byte[] unknown = codec.encode(record);
        unknown[1] = 9;
        assertEquals(TelemetryCodecException.Kind.UNKNOWN_KIND,
                assertThrows(TelemetryCodecException.class, () -> codec.decode(unknown)).kind());
        byte[] otherVersion = codec.encode(record);
        otherVersion[0] = 2;
        assertEquals(TelemetryCodecException.Kind.UNDECODABLE,
                assertThrows(TelemetryCodecException.class, () -> codec.decode(otherVersion)).kind());
        assertThrows(IllegalArgumentException.class, () -> codec.encode(new TelemetryRecord(
                TelemetryRecord.Origin.POSTED, "s", "t", 0, 0, new byte[101])));
    }
}
