package io.coaptree.remotequery.sync;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

import io.coaptree.tree.model.NodeNames;

/**
 * How a child's set is cut into registrations at its parent's directory, so that no registration exceeds the
 * directory's per-registration link limit: the links in sorted order, {@code maxLinks} per chunk, so the same set
 * always gives the same chunks and a change near the end of the order leaves the earlier chunks as they were. The
 * first chunk is registered under the child's name (nothing changes for a set that fits one registration); chunk
 * {@code k} (counted from 1) under {@code <child name>~k}. {@code ~} is not allowed in node names, so these names
 * never collide with a child's own, and they stay within RFC 9176's 63 bytes (node names are ASCII, at most
 * {@link NodeNames#MAX_LENGTH} characters: one character is one byte).
 */
final class RegistrationChunks {

    /** RFC 9176 section 9.3: an endpoint name is at most 63 bytes of UTF-8. */
    static final int MAX_ENDPOINT_BYTES = 63;

    static final char SEPARATOR = '~';

    private RegistrationChunks() {
    }

    /** The links, sorted and without duplicates, in chunks of at most {@code maxLinks}; none for an empty set. */
    static List<List<String>> split(Collection<String> links, int maxLinks) {
        if (maxLinks < 1) {
            throw new IllegalArgumentException("maxLinks must be positive: " + maxLinks);
        }
        List<String> sorted = new ArrayList<>(new TreeSet<>(links));
        List<List<String>> chunks = new ArrayList<>((sorted.size() + maxLinks - 1) / maxLinks);
        for (int from = 0; from < sorted.size(); from += maxLinks) {
            chunks.add(List.copyOf(sorted.subList(from, Math.min(sorted.size(), from + maxLinks))));
        }
        return chunks;
    }

    /**
     * The endpoint name of chunk {@code index} (0-based) of {@code childName}'s set. When {@code <name>~k} would be
     * longer than 63 bytes, the name is shortened and followed by a hash of the full name ({@code <prefix>~<hash>~k}),
     * so two long names with a common prefix still get distinct endpoints.
     */
    static String endpointName(String childName, int index) {
        if (index < 0) {
            throw new IllegalArgumentException("negative chunk index " + index);
        }
        if (index == 0) {
            return childName;
        }
        String suffix = SEPARATOR + Integer.toString(index + 1);
        if (childName.length() + suffix.length() <= MAX_ENDPOINT_BYTES) {
            return childName + suffix;
        }
        String hash = SEPARATOR + String.format(Locale.ROOT, "%08x", childName.hashCode());
        int keep = MAX_ENDPOINT_BYTES - hash.length() - suffix.length();
        return childName.substring(0, keep) + hash + suffix;
    }
}
