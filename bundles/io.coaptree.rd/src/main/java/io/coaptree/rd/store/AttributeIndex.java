package io.coaptree.rd.store;

import java.util.ArrayList;
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
    List<Long> idsWithAll(List<AttributeValue> required) {
        List<SortedIds> sets = new ArrayList<>(required.size());
        SortedIds smallest = null;
        for (AttributeValue value : required) {
            SortedIds ids = postings.get(value);
            if (ids == null) {
                return List.of();
            }
            sets.add(ids);
            if (smallest == null || ids.size() < smallest.size()) {
                smallest = ids;
            }
        }
        List<Long> result = new ArrayList<>(smallest.size());
        for (int i = 0; i < smallest.size(); i++) {
            long id = smallest.get(i);
            if (inAll(id, sets)) {
                result.add(id);
            }
        }
        return result;
    }

    /** Distinct attribute values held, for tests and diagnostics. */
    int size() {
        return postings.size();
    }

    private static boolean inAll(long id, List<SortedIds> sets) {
        for (SortedIds set : sets) {
            if (!set.contains(id)) {
                return false;
            }
        }
        return true;
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
