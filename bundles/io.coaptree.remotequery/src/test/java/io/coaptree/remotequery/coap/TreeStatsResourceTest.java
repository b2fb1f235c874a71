package io.coaptree.remotequery.coap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.clock.ManualClock;
import io.coaptree.tree.drops.DropReason;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.model.JoinStatus;

class TreeStatsResourceTest {

    @Test
    void theAnswerListsEveryReasonAndTheTotal() {
        DroppedMessages refusals = new DroppedMessages(new ManualClock(), 10_000, line -> { });
        refusals.drop(DropReason.UNDECODABLE, "t", null, 1, null);
        refusals.drop(DropReason.UNDECODABLE, "t", null, 1, null);
        refusals.drop(DropReason.OVERSIZE, "t", null, 1, null);

        assertEquals("{\"refused\":{\"undecodable\":2,\"oversize\":1,\"unknown-kind\":0,\"topic-mismatch\":0,"
                + "\"overloaded\":0,\"invalid-sender\":0,\"unsigned\":0,\"untrusted\":0,\"unknown-certificate\":0,"
                + "\"forged\":0,\"stale\":0,\"replayed\":0,\"failed\":0,\"unexpected-reply\":0,\"tree-full\":0,"
                + "\"name-held\":0},"
                + "\"total\":3,\"join\":{\"state\":\"JOINED\",\"answers-coalesced\":7},\"admission-refused\":5}",
                TreeStatsResource.json(refusals.counts(), 5, new JoinStatus("JOINED", Optional.empty(),
                        OptionalLong.empty(), 7)));
        assertEquals(List.of("undecodable", "oversize", "unknown-kind", "topic-mismatch", "overloaded",
                "invalid-sender", "unsigned", "untrusted", "unknown-certificate", "forged", "stale", "replayed",
                "failed", "unexpected-reply", "tree-full", "name-held"),
                List.copyOf(refusals.counts().keySet()));
    }

    /** A refused gateway says who refused it and when it asks again: a refusal is never final. */
    @Test
    void aRefusedGatewaySaysWhoRefusedItAndWhenItAsksAgain() {
        DroppedMessages refusals = new DroppedMessages(new ManualClock(), 10_000, line -> { });
        String json = TreeStatsResource.json(refusals.counts(), 0, new JoinStatus("REFUSED", Optional.of("B/2/gA1"),
                OptionalLong.of(1_700_000_006_000L), 0));
        assertTrue(json.endsWith(",\"join\":{\"state\":\"REFUSED\",\"refused-by\":\"B/2/gA1\","
                + "\"next-attempt\":1700000006000,\"answers-coalesced\":0},\"admission-refused\":0}"), json);
    }
}
