package io.coaptree.bench.pi;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a class histogram as {@code jcmd <pid> GC.class_histogram} prints it ({@code "  12:  340  16320
 * io.coaptree.rd.Link (...)"}: rank, instances, bytes, class) and sums the lines of our classes.
 */
final class HeapHistogram {

    /** Our bundles' packages; the harness and the benchmark share the prefix and are not ours here. */
    static final String OURS = "io.coaptree.";
    static final List<String> NOT_OURS = List.of("io.coaptree.harness.", "io.coaptree.bench.");
    private static final Pattern LINE = Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+)");

    /** One class's line. */
    record Entry(String className, long instances, long bytes) {
    }

    /**
     * Our classes' instances in a histogram.
     *
     * @param largest the classes with the most bytes, most first (at most {@value #LARGEST})
     */
    record Share(long bytes, long instances, int classes, List<Entry> largest) {
    }

    static final int LARGEST = 10;

    private HeapHistogram() {
    }

    static List<Entry> parse(String histogram) {
        List<Entry> entries = new ArrayList<>();
        for (String line : histogram.split("\\R")) {
            Matcher m = LINE.matcher(line);
            if (m.find()) {
                entries.add(new Entry(m.group(3), Long.parseLong(m.group(1)), Long.parseLong(m.group(2))));
            }
        }
        return entries;
    }

    /** Instances of one class, 0 if the histogram does not list it. */
    static long instancesOf(String histogram, String className) {
        return parse(histogram).stream().filter(e -> e.className().equals(className)).mapToLong(Entry::instances)
                .sum();
    }

    static boolean isOurs(String className) {
        return className.startsWith(OURS) && NOT_OURS.stream().noneMatch(className::startsWith);
    }

    static Share ours(String histogram) {
        List<Entry> ours = parse(histogram).stream().filter(e -> isOurs(e.className())).toList();
        long bytes = ours.stream().mapToLong(Entry::bytes).sum();
        long instances = ours.stream().mapToLong(Entry::instances).sum();
        List<Entry> largest = ours.stream().sorted(Comparator.comparingLong(Entry::bytes).reversed()).limit(LARGEST)
                .toList();
        return new Share(bytes, instances, ours.size(), largest);
    }
}
