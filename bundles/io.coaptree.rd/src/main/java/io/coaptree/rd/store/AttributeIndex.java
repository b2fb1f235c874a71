package io.coaptree.rd.store;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkAttribute;

/**
 * Which registrations carry an attribute value, at registration level (ep, d, extra attributes) or in any of their
 * links, so a lookup for {@code rt=x} at 100,000 links reads the few registrations that have it instead of every
 * attribute of every link. Ids are kept sorted: candidates come out in registration order, the order lookups page
 * in. Not thread-safe: the store calls it under its lock.
 */
final class AttributeIndex {

    private static final long[] NONE = new long[0];

    private final Map<AttributeValue, SortedIds> postings = new HashMap<>();

    void add(long id, Registration registration) {
        for (AttributeValue key : keys(registration)) {
            postings.computeIfAbsent(key, k -> new SortedIds()).add(id);
        }
    }

    /**
     * Moves an id from one version of a registration to the next, touching only the values that differ: a
     * re-registration or update with the same links costs no change to the postings of common values.
     */
    void replace(long id, Registration previous, Registration next) {
        if (sameIndexedValues(previous, next)) {
            return; // a re-registration or update that changes no value: the usual case
        }
        Set<AttributeValue> before = keys(previous);
        Set<AttributeValue> after = keys(next);
        for (AttributeValue key : before) {
            if (!after.contains(key)) {
                removeKey(id, key);
            }
        }
        for (AttributeValue key : after) {
            if (!before.contains(key)) {
                postings.computeIfAbsent(key, k -> new SortedIds()).add(id);
            }
        }
    }

    void remove(long id, Registration registration) {
        for (AttributeValue key : keys(registration)) {
            removeKey(id, key);
        }
    }

    private void removeKey(long id, AttributeValue key) {
        SortedIds ids = postings.get(key);
        if (ids != null) {
            ids.remove(id);
            if (ids.isEmpty()) {
                postings.remove(key);
            }
        }
    }

    /** Ids, ascending, of the registrations that carry every one of {@code required} (not empty). */
    long[] idsWithAll(List<AttributeValue> required) {
        SortedIds[] sets = new SortedIds[required.size()];
        int smallest = 0;
        for (int i = 0; i < sets.length; i++) {
            SortedIds ids = postings.get(required.get(i));
            if (ids == null) {
                return NONE;
            }
            sets[i] = ids;
            if (ids.size() < sets[smallest].size()) {
                smallest = i;
            }
        }
        SortedIds driver = sets[smallest];
        // one ascending cursor per other set: the candidates come in order, so no set is searched from its start
        int[] cursors = new int[sets.length];
        long[] result = new long[driver.size()];
        int found = 0;
        candidates:
        for (int c = 0; c < driver.size(); c++) {
            long id = driver.get(c);
            for (int i = 0; i < sets.length; i++) {
                if (i == smallest) {
                    continue;
                }
                int at = sets[i].seek(id, cursors[i]);
                cursors[i] = at;
                if (at == sets[i].size()) {
                    break candidates; // that set has nothing at or above id: no later candidate can match either
                }
                if (sets[i].get(at) != id) {
                    continue candidates;
                }
            }
            result[found++] = id;
        }
        return found == result.length ? result : Arrays.copyOf(result, found);
    }

    /** Distinct attribute values held, for tests and diagnostics. */
    int size() {
        return postings.size();
    }

    /** Whether the two carry the same {@link #keys}: shared links make the list comparisons mostly identity checks. */
    private static boolean sameIndexedValues(Registration a, Registration b) {
        return a.endpointName().equals(b.endpointName()) && a.sectorOrEmpty().equals(b.sectorOrEmpty())
                && a.extraAttributes().equals(b.extraAttributes()) && a.links().equals(b.links());
    }

    /** Every exact value a lookup filter can match this registration by (base, href and anchor are not indexed). */
    static Set<AttributeValue> keys(Registration registration) {
        Set<AttributeValue> keys = new HashSet<>();
        keys.add(new AttributeValue("ep", registration.endpointName()));
        registration.sector().ifPresent(d -> keys.add(new AttributeValue("d", d)));
        addAll(keys, registration.extraAttributes());
        for (Link link : registration.links()) {
            addAll(keys, link.attributes());
        }
        return keys;
    }

    private static void addAll(Set<AttributeValue> keys, List<LinkAttribute> attributes) {
        for (LinkAttribute attribute : attributes) {
            if (attribute.isFlag()) {
                continue; // a flag answers only "is it there", which the index does not serve
            }
            for (String value : AttributeValue.answeredValues(attribute.name(), attribute.value().get())) {
                keys.add(new AttributeValue(attribute.name(), value));
            }
        }
    }
}
