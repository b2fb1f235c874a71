package io.coaptree.rd.store;

import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

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

    /**
     * Keyed by the attribute itself: the links are shared ({@link SharedLinks}), so indexing a registration
     * allocates no key for an attribute whose value is one token, the usual case; only the tokens of a
     * space-separated value, ep and d get keys of their own.
     */
    private final Map<LinkAttribute, SortedIds> postings = new HashMap<>();

    void add(long id, Registration registration) {
        // SortedIds ignores an id it holds already, so a value that repeats needs no de-duplication here
        forEachKey(registration, key -> postings.computeIfAbsent(key, k -> new SortedIds()).add(id));
    }

    /**
     * Moves an id from one version of a registration to the next, touching only the values that differ: a
     * re-registration or update with the same links costs no change to the postings of common values.
     */
    void replace(long id, Registration previous, Registration next) {
        if (sameIndexedValues(previous, next)) {
            return; // a re-registration or update that changes no value: the usual case
        }
        Set<LinkAttribute> before = keys(previous);
        Set<LinkAttribute> after = keys(next);
        for (LinkAttribute key : before) {
            if (!after.contains(key)) {
                removeKey(id, key);
            }
        }
        for (LinkAttribute key : after) {
            if (!before.contains(key)) {
                postings.computeIfAbsent(key, k -> new SortedIds()).add(id);
            }
        }
    }

    void remove(long id, Registration registration) {
        forEachKey(registration, key -> removeKey(id, key));
    }

    private void removeKey(long id, LinkAttribute key) {
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
            SortedIds ids = postings.get(key(required.get(i)));
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
    static Set<LinkAttribute> keys(Registration registration) {
        Set<LinkAttribute> keys = new HashSet<>();
        forEachKey(registration, keys::add);
        return keys;
    }

    /** {@link #keys}, possibly with repeats, without collecting them. */
    private static void forEachKey(Registration registration, Consumer<LinkAttribute> action) {
        action.accept(LinkAttribute.of("ep", registration.endpointName()));
        registration.sector().ifPresent(d -> action.accept(LinkAttribute.of("d", d)));
        forEachKey(registration.extraAttributes(), action);
        List<Link> links = registration.links();
        for (int i = 0; i < links.size(); i++) {
            forEachKey(links.get(i).attributes(), action);
        }
    }

    private static void forEachKey(List<LinkAttribute> attributes, Consumer<LinkAttribute> action) {
        for (int i = 0; i < attributes.size(); i++) {
            LinkAttribute attribute = attributes.get(i);
            if (attribute.isFlag()) {
                continue; // a flag answers only "is it there", which the index does not serve
            }
            String value = attribute.value().get();
            if (AttributeValue.isTokenList(attribute.name(), value)) {
                for (String token : AttributeValue.answeredValues(attribute.name(), value)) {
                    action.accept(LinkAttribute.of(attribute.name(), token));
                }
            } else {
                action.accept(attribute);
            }
        }
    }

    /** The key a lookup's value is posted under; a name no attribute can have finds nothing. */
    private static LinkAttribute key(AttributeValue value) {
        try {
            return LinkAttribute.of(value.name(), value.value());
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
