package io.coaptree.rd.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkAttribute;

/**
 * Which registrations carry an attribute value, at registration level (ep, d, extra attributes) or in any of their
 * links, so a lookup for {@code rt=x} at 100,000 links reads the few registrations that have it instead of every
 * attribute of every link. Ids are kept sorted: candidates come out in registration order, the order lookups page
 * in. Not thread-safe: the store calls it under its lock.
 */
final class AttributeIndex {

    private final Map<AttributeValue, NavigableSet<Long>> postings = new HashMap<>();

    void add(long id, Registration registration) {
        for (AttributeValue key : keys(registration)) {
            postings.computeIfAbsent(key, k -> new TreeSet<>()).add(id);
        }
    }

    void remove(long id, Registration registration) {
        for (AttributeValue key : keys(registration)) {
            NavigableSet<Long> ids = postings.get(key);
            if (ids != null) {
                ids.remove(id);
                if (ids.isEmpty()) {
                    postings.remove(key);
                }
            }
        }
    }

    /** Ids, ascending, of the registrations that carry every one of {@code required} (not empty). */
    List<Long> idsWithAll(List<AttributeValue> required) {
        List<NavigableSet<Long>> sets = new ArrayList<>(required.size());
        NavigableSet<Long> smallest = null;
        for (AttributeValue value : required) {
            NavigableSet<Long> ids = postings.get(value);
            if (ids == null) {
                return List.of();
            }
            sets.add(ids);
            if (smallest == null || ids.size() < smallest.size()) {
                smallest = ids;
            }
        }
        List<Long> result = new ArrayList<>(smallest.size());
        for (Long id : smallest) {
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

    private static boolean inAll(Long id, List<NavigableSet<Long>> sets) {
        for (NavigableSet<Long> set : sets) {
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
