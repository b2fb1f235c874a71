package io.coaptree.rd.store;

import java.util.Arrays;

/**
 * A set of registration ids as a sorted {@code long[]}: 8 bytes an id instead of a boxed tree entry's ~60, which
 * matters at 100,000 links on a gateway's heap. Ids are handed out in increasing order, so adding is nearly always
 * an append; removal shifts the tail, a few microseconds at 10,000 ids. Not thread-safe.
 */
final class SortedIds {

    private long[] ids = new long[2];
    private int size;

    void add(long id) {
        if (size > 0 && ids[size - 1] >= id) {
            int at = Arrays.binarySearch(ids, 0, size, id);
            if (at >= 0) {
                return;
            }
            insert(-at - 1, id);
            return;
        }
        insert(size, id);
    }

    void remove(long id) {
        int at = Arrays.binarySearch(ids, 0, size, id);
        if (at >= 0) {
            System.arraycopy(ids, at + 1, ids, at, size - at - 1);
            size--;
        }
    }

    boolean contains(long id) {
        return Arrays.binarySearch(ids, 0, size, id) >= 0;
    }

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The i-th smallest id. */
    long get(int i) {
        return ids[i];
    }

    /**
     * The position of the first id at or after {@code from} that is not smaller than {@code id} ({@link #size()}
     * if none). Gallops from {@code from}: intersecting ascending ids with a cursor costs the log of the gap
     * between hits, not the log of the whole set for every candidate.
     */
    int seek(long id, int from) {
        if (from >= size || ids[from] >= id) {
            return from;
        }
        int low = from;
        int step = 1;
        int high = from + 1;
        while (high < size && ids[high] < id) {
            low = high;
            step <<= 1;
            high = from + step;
        }
        // ids[low] < id, and ids[high] >= id or high is past the end
        int at = Arrays.binarySearch(ids, low + 1, Math.min(high, size), id);
        return at >= 0 ? at : -at - 1;
    }

    private void insert(int at, long id) {
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, size + (size >> 1) + 1);
        }
        System.arraycopy(ids, at, ids, at + 1, size - at);
        ids[at] = id;
        size++;
    }
}
