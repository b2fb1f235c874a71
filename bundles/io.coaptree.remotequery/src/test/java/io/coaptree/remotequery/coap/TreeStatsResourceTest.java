package io.coaptree.remotequery.coap;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.clock.ManualClock;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;

class TreeStatsResourceTest {

    @Test
    void theAnswerListsEveryReasonAndTheTotal() {
        DroppedMessages refusals = new DroppedMessages(new ManualClock(), 10_000, line -> { });
        refusals.drop(DropReason.UNDECODABLE, "t", null, 1, null);
        refusals.drop(DropReason.UNDECODABLE, "t", null, 1, null);
        refusals.drop(DropReason.OVERSIZE, "t", null, 1, null);

        assertEquals("{\"refused\":{\"undecodable\":2,\"oversize\":1,\"unknown-kind\":0,\"topic-mismatch\":0,"
                + "\"overloaded\":0,\"invalid-sender\":0,\"unsigned\":0,\"untrusted\":0,\"forged\":0,\"stale\":0,"
                + "\"replayed\":0,\"failed\":0,\"unexpected-reply\":0},"
                + "\"total\":3,\"admission-refused\":5}", TreeStatsResource.json(refusals.counts(), 5));
        assertEquals(List.of("undecodable", "oversize", "unknown-kind", "topic-mismatch", "overloaded",
                "invalid-sender", "unsigned", "untrusted", "forged", "stale", "replayed", "failed",
                "unexpected-reply"),
                List.copyOf(refusals.counts().keySet()));
    }
}
