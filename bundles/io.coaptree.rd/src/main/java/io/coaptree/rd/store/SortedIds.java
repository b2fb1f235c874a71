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

    private void insert(int at, long id) {
        if (size == ids.length) {
            ids = Arrays.copyOf(ids, size + (size >> 1) + 1);
        }
        System.arraycopy(ids, at, ids, at + 1, size - at);
        ids[at] = id;
        size++;
    }
}
