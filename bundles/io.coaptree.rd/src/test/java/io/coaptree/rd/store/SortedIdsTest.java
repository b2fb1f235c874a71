package io.coaptree.rd.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

class SortedIdsTest {

    @Test
    void behavesAsASortedSetOfLongs() {
        SortedIds ids = new SortedIds();
        TreeSet<Long> reference = new TreeSet<>();
        Random random = new Random(3);
        for (int i = 0; i < 5000; i++) {
            long id = random.nextInt(400);
            if (random.nextInt(3) == 0) {
                ids.remove(id);
                reference.remove(id);
            } else {
                ids.add(id);
                reference.add(id);
            }
            assertEquals(reference.contains(id), ids.contains(id));
        }
        List<Long> held = new ArrayList<>();
        for (int i = 0; i < ids.size(); i++) {
            held.add(ids.get(i));
        }
        assertEquals(new ArrayList<>(reference), held);
    }

    @Test
    void appendsIncreasingIdsAndEmptiesAgain() {
        SortedIds ids = new SortedIds();
        for (long id = 1; id <= 1000; id++) {
            ids.add(id);
        }
        ids.add(500);
        assertEquals(1000, ids.size());
        for (long id = 1; id <= 1000; id++) {
            ids.remove(id);
        }
        assertTrue(ids.isEmpty());
        assertFalse(ids.contains(1));
    }

    @Test
    void seekFindsTheFirstIdNotBelowFromAnyStartingPoint() {
        SortedIds ids = new SortedIds();
        Random random = new Random(5);
        for (int i = 0; i < 300; i++) {
            ids.add(random.nextInt(2000));
        }
        for (int from = 0; from <= ids.size(); from++) {
            for (long id = -1; id <= 2001; id += 7) {
                int expected = from;
                while (expected < ids.size() && ids.get(expected) < id) {
                    expected++;
                }
                assertEquals(expected, ids.seek(id, from), "seek(" + id + ", " + from + ")");
            }
        }
    }
}
