package io.coaptree.bench.pi;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Which threads our bundles started: the Java threads alive with them running that are gone once they are removed.
 * A name may occur several times (pools), so the lists are compared as multisets.
 */
final class ThreadNames {

    private ThreadNames() {
    }

    /** The names in {@code with} that {@code without} lacks, as often as they are missing. */
    static List<String> gone(List<String> with, List<String> without) {
        Map<String, Integer> left = new HashMap<>();
        without.forEach(name -> left.merge(name, 1, Integer::sum));
        List<String> gone = new ArrayList<>();
        for (String name : with) {
            int count = left.getOrDefault(name, 0);
            if (count > 0) {
                left.put(name, count - 1);
            } else {
                gone.add(name);
            }
        }
        return gone;
    }

    /**
     * Names counted by their shape, each run of digits read as {@code N} ({@code "pool-3-thread-1"} and
     * {@code "pool-4-thread-2"} are both {@code "pool-N-thread-N"}), so a summary lists a pool once.
     */
    static SortedMap<String, Integer> byShape(List<String> names) {
        SortedMap<String, Integer> shapes = new TreeMap<>();
        names.forEach(name -> shapes.merge(name.replaceAll("\\d+", "N"), 1, Integer::sum));
        return shapes;
    }
}
