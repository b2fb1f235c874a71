package io.coaptree.rd.store;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import io.coaptree.rd.store.RegistrationEvent.Kind;

/**
 * What {@link RegistrationStore} holds: its registrations by id, by (sector, endpoint name) and in the attribute
 * index, always in step, and the id the next registration gets. Apart from the store so the store reads as the RFC
 * 9176 operations and this as the bookkeeping under them. Not thread-safe: the store calls it under its lock.
 */
final class RegistrationTable {

    /** Numeric ids give a stable, creation-ordered iteration for paged lookups. */
    private final TreeMap<Long, Registration> byId = new TreeMap<>();
    /**
     * The same registrations as byId, for reading by id: a lookup resolves hundreds of candidate ids, and a tree
     * walk of boxed keys per id costs far more than the matching itself.
     */
    private final Map<Long, Registration> byIdDirect = new HashMap<>();
    private final Map<EndpointKey, Long> byEndpoint = new HashMap<>();
    /** Kept in step with byId: every put and remove there goes through hold() and drop(). */
    private final AttributeIndex index = new AttributeIndex();
    private long nextId = 1;

    /** (d, ep); an absent sector is the empty string. */
    record EndpointKey(String sector, String endpointName) {

        static EndpointKey of(Registration registration) {
            return new EndpointKey(registration.sectorOrEmpty(), registration.endpointName());
        }
    }

    /** @return a registration id as the store hands them out (decimal digits), or null for any other text */
    static Long parseId(String registrationId) {
        if (registrationId == null || registrationId.isEmpty() || registrationId.length() > 18) {
            return null;
        }
        for (int i = 0; i < registrationId.length(); i++) {
            char c = registrationId.charAt(i);
            if (c < '0' || c > '9') {
                return null;
            }
        }
        return Long.parseLong(registrationId);
    }

    /** Takes the next id for a new registration. */
    long takeId() {
        return nextId++;
    }

    long nextId() {
        return nextId;
    }

    /** Never hand out ids below {@code id}, so a restored store does not reuse an old location. */
    void skipIdsBelow(long id) {
        nextId = Math.max(nextId, id);
    }

    /** Holds a new registration, or replaces the one with the same id (the endpoint key stays). */
    void hold(long id, Registration registration) {
        Registration previous = byId.put(id, registration);
        byIdDirect.put(id, registration);
        byEndpoint.put(EndpointKey.of(registration), id);
        if (previous != null) {
            index.replace(id, previous, registration);
        } else {
            index.add(id, registration);
        }
    }

    void drop(Registration registration) {
        long id = Long.parseLong(registration.id());
        byId.remove(id);
        byIdDirect.remove(id);
        index.remove(id, registration);
        byEndpoint.remove(EndpointKey.of(registration));
    }

    /** @return the registration held under that id, expired or not; null if none */
    Registration byId(long id) {
        return byIdDirect.get(id);
    }

    /** @return the registration held for that endpoint, expired or not; null if none */
    Registration byEndpoint(EndpointKey key) {
        Long id = byEndpoint.get(key);
        return id == null ? null : byIdDirect.get(id);
    }

    boolean holds(long id, EndpointKey key) {
        return byId.containsKey(id) || byEndpoint.containsKey(key);
    }

    /** Registrations held, including expired ones the sweeper has not removed yet. */
    int size() {
        return byId.size();
    }

    /** Distinct attribute values the lookup index holds. */
    int indexedValues() {
        return index.size();
    }

    /** The live registrations in registration order. */
    List<Registration> live(long now) {
        List<Registration> live = new ArrayList<>(byId.size());
        for (Registration registration : byId.values()) {
            if (!registration.isExpiredAt(now)) {
                live.add(registration);
            }
        }
        return live;
    }

    /** The live registrations that carry every one of {@code required}, in registration order. */
    List<Registration> liveWithAll(List<AttributeValue> required, long now) {
        long[] ids = index.idsWithAll(required);
        List<Registration> live = new ArrayList<>(ids.length);
        for (long id : ids) {
            Registration registration = byIdDirect.get(id);
            if (registration != null && !registration.isExpiredAt(now)) {
                live.add(registration);
            }
        }
        return live;
    }

    /** Removes every registration expired at {@code now}, adding an EXPIRED event for each. */
    void sweep(long now, List<RegistrationEvent> events) {
        Iterator<Registration> all = byId.values().iterator();
        while (all.hasNext()) {
            Registration registration = all.next();
            if (registration.isExpiredAt(now)) {
                all.remove();
                byIdDirect.remove(Long.valueOf(registration.id()));
                index.remove(Long.parseLong(registration.id()), registration);
                byEndpoint.remove(EndpointKey.of(registration));
                events.add(new RegistrationEvent(Kind.EXPIRED, registration));
            }
        }
    }
}
