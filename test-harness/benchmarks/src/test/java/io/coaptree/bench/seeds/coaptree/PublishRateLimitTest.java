package io.coaptree.bench.seeds.coaptree;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class PublishRateLimitTest {

    private final AtomicLong now = new AtomicLong(5_000_000_000L);

    @Test
    void kurasDefaultLetsOnePublishGoAndTheNextOneSecondLater() {
        PublishRateLimit.TokenBucket bucket = PublishRateLimit.parse("kura").newBucket(now::get);
        assertEquals(0, bucket.nanosUntilToken());
        bucket.spend();
        assertEquals(1_000_000_000L, bucket.nanosUntilToken());
        now.addAndGet(400_000_000L);
        assertEquals(600_000_000L, bucket.nanosUntilToken());
        now.addAndGet(600_000_000L);
        assertEquals(0, bucket.nanosUntilToken());
    }

    @Test
    void aBurstGoesAtOnceThenTheAverageRateHolds() {
        PublishRateLimit.TokenBucket bucket = PublishRateLimit.parse("10/3").newBucket(now::get);
        for (int i = 0; i < 3; i++) {
            assertEquals(0, bucket.nanosUntilToken(), "publish " + i + " of the burst");
            bucket.spend();
        }
        assertEquals(100_000_000L, bucket.nanosUntilToken());
        // a long quiet time refills the bucket to the burst, never beyond it
        now.addAndGet(60_000_000_000L);
        for (int i = 0; i < 3; i++) {
            bucket.spend();
        }
        assertTrue(bucket.nanosUntilToken() > 0);
    }

    @Test
    void offMeansNoBucketAndBadSettingsAreRefusedByName() {
        assertFalse(PublishRateLimit.parse("off").on());
        assertNull(PublishRateLimit.parse("0").newBucket(now::get));
        assertEquals(PublishRateLimit.KURA_DEFAULT, PublishRateLimit.parse(PublishRateLimit.KURA_DEFAULT.text()));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> PublishRateLimit.parse("fast"));
        assertTrue(e.getMessage().startsWith("store.rate.limit"), e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> PublishRateLimit.parse("5/0"));
        assertThrows(IllegalArgumentException.class, () -> PublishRateLimit.parse("-1"));
    }
}
