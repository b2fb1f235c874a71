package io.coaptree.remotequery.sync;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;

import org.junit.jupiter.api.Test;

import io.coaptree.tree.model.NodeNames;

class RegistrationChunksTest {

    private static List<String> links(int n) {
        return IntStream.range(0, n).mapToObj(i -> String.format("</tree/A/1/g/s%03d>;rt=\"temp\"", i)).toList();
    }

    @Test
    void aSetBecomesCeilOfItsSizeOverTheLimitChunksEachWithinIt() {
        assertEquals(List.of(), RegistrationChunks.split(List.of(), 10));
        assertEquals(1, RegistrationChunks.split(links(1), 10).size());
        assertEquals(1, RegistrationChunks.split(links(10), 10).size());
        assertEquals(2, RegistrationChunks.split(links(11), 10).size());
        List<List<String>> chunks = RegistrationChunks.split(links(25), 10);
        assertEquals(List.of(10, 10, 5), chunks.stream().map(List::size).toList());
        List<String> all = new ArrayList<>();
        chunks.forEach(all::addAll);
        assertEquals(links(25), all, "every link once, in sorted order");
        assertThrows(IllegalArgumentException.class, () -> RegistrationChunks.split(links(3), 0));
    }

    @Test
    void theSameSetInAnyOrderGivesTheSameChunksAndAnAdditionAtTheEndChangesOnlyTheLast() {
        List<String> shuffled = new ArrayList<>(links(25));
        Collections.shuffle(shuffled, new java.util.Random(7));
        shuffled.add(shuffled.get(3)); // a duplicate counts once
        List<List<String>> before = RegistrationChunks.split(links(25), 10);
        assertEquals(before, RegistrationChunks.split(shuffled, 10));
        List<List<String>> after = RegistrationChunks.split(links(26), 10);
        assertEquals(before.subList(0, 2), after.subList(0, 2));
        assertNotEquals(before.get(2), after.get(2));
    }

    @Test
    void theFirstChunkKeepsTheChildsNameAndTheOthersAreDistinctValidEndpointNames() {
        assertEquals("gA1", RegistrationChunks.endpointName("gA1", 0));
        assertEquals("gA1~2", RegistrationChunks.endpointName("gA1", 1));
        assertEquals("gA1~12", RegistrationChunks.endpointName("gA1", 11));
        assertTrue(!NodeNames.isValid("gA1~2"), "never the name of another node");
        assertThrows(IllegalArgumentException.class, () -> RegistrationChunks.endpointName("gA1", -1));
    }

    @Test
    void longNamesAreShortenedToSixtyThreeBytesAndStayDistinct() {
        String a = "a".repeat(NodeNames.MAX_LENGTH);
        String b = "a".repeat(NodeNames.MAX_LENGTH - 1) + "b";
        assertTrue(NodeNames.isValid(a) && NodeNames.isValid(b));
        Set<String> names = new HashSet<>();
        for (String child : List.of(a, b, "a".repeat(61))) {
            for (int i = 0; i < 200; i++) {
                String ep = RegistrationChunks.endpointName(child, i);
                assertTrue(ep.getBytes(StandardCharsets.UTF_8).length <= RegistrationChunks.MAX_ENDPOINT_BYTES, ep);
                assertTrue(names.add(ep), "duplicate " + ep);
            }
        }
        assertEquals("a".repeat(61) + "~2", RegistrationChunks.endpointName("a".repeat(61), 1), "fits as it is");
    }
}
