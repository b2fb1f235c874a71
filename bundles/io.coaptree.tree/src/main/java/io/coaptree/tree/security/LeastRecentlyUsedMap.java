package io.coaptree.tree.security;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A map of at most {@code maxEntries}, which forgets the entry used longest ago to make room: what this package keeps
 * per sender (replay windows, link keys) stays bounded however many senders a tree has. Not thread-safe.
 */
final class LeastRecentlyUsedMap<K, V> extends LinkedHashMap<K, V> {

    private static final long serialVersionUID = 1L;

    private final int maxEntries;

    LeastRecentlyUsedMap(int maxEntries) {
        super(64, 0.75f, true);
        this.maxEntries = maxEntries;
    }

    @Override
    protected boolean removeEldestEntry(Map.Entry<K, V> eldest) {
        return size() > maxEntries;
    }
}
