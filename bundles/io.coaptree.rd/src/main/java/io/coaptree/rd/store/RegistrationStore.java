package io.coaptree.rd.store;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import com.google.common.collect.ImmutableList;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkAttribute;
import io.coaptree.rd.options.RegistrationStoreOptions;
import io.coaptree.rd.store.RegistrationEvent.Kind;
import io.coaptree.rd.store.StoreResult.Outcome;

/**
 * The registrations of one Resource Directory, keyed by (sector, endpoint name), in registration order.
 * <p>
 * Expiry costs no thread and no timer per registration: an expired registration is invisible at once (every
 * read checks the clock) and is removed by {@link #sweepExpired()}, which one scheduled task calls for the whole
 * store (see {@link ExpirySweeper}). Every request first passes the {@link RequestRules} (limits, authentication,
 * and RFC 9176's First-Come-First-Remembered binding of an endpoint to the identity that first registered it).
 * <p>
 * Thread-safe. Listeners are told about changes after the lock is released.
 */
public final class RegistrationStore {

    private static final Logger LOG = LoggerFactory.getLogger(RegistrationStore.class);

    private final RegistrationStoreOptions options;
    private final RequestRules rules;
    private final Clock clock;
    private final ReadWriteLock lock = new ReentrantReadWriteLock();
    /** Numeric ids give a stable, creation-ordered iteration for paged lookups. */
    private final TreeMap<Long, Registration> byId = new TreeMap<>();
    /**
     * The same registrations as byId, for reading by id: a lookup resolves hundreds of candidate ids, and a tree
     * walk of boxed keys per id costs far more than the matching itself.
     */
    private final Map<Long, Registration> byIdDirect = new HashMap<>();
    private final Map<EndpointKey, Long> byEndpoint = new HashMap<>();
    /** Kept in step with byId: every put and remove there goes through hold() and release(). */
    private final AttributeIndex index = new AttributeIndex();
    private final List<RegistrationListener> listeners = new CopyOnWriteArrayList<>();
    private long nextId = 1;

    public RegistrationStore(RegistrationStoreOptions options, Clock clock) {
        this.options = Objects.requireNonNull(options, "options");
        this.rules = new RequestRules(options);
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    public RegistrationStoreOptions options() {
        return options;
    }

    /** The rules every request passes before the store acts on it. */
    public RequestRules rules() {
        return rules;
    }

    public void addListener(RegistrationListener listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    public void removeListener(RegistrationListener listener) {
        listeners.remove(listener);
    }

    /**
     * Registers an endpoint, or replaces the links and attributes of the live registration with the same ep and d
     * (keeping its id, so the registrant sees the same location).
     */
    public StoreResult register(RegistrationRequest request) {
        String sector = request.sector().orElse("");
        String identity = request.identity().orElse(null);
        StoreResult refusal = rules.checkRegistration(request, sector);
        if (refusal != null) {
            return refusal;
        }
        long lifetime = request.lifetimeSeconds().orElse(options.defaultLifetimeSeconds());
        boolean baseExplicit = request.base().isPresent();
        String base = request.base().orElseGet(() -> request.sourceAddress().get());
        EndpointKey key = new EndpointKey(sector, request.endpointName());
        // the costly part of a new Registration, done before taking the lock other registrants wait on
        ImmutableList<LinkAttribute> extras = SharedLinks.shareAttributes(request.extraAttributes());
        ImmutableList<Link> links = SharedLinks.share(request.links());
        return changed(events -> {
            long now = clock.millis();
            Registration existing = liveByKey(key, now, events);
            if (existing != null) {
                StoreResult notOwner = rules.checkOwner(existing, identity);
                if (notOwner != null) {
                    return notOwner;
                }
                Registration replaced = new Registration(existing.id(), request.endpointName(), sector, lifetime,
                        base, baseExplicit, extras, links,
                        existing.identity().orElse(identity), expiry(now, lifetime));
                hold(Long.parseLong(existing.id()), replaced);
                events.add(new RegistrationEvent(Kind.REPLACED, replaced));
                return StoreResult.success(Outcome.REPLACED, replaced);
            }
            if (byId.size() >= options.maxRegistrations()) {
                sweepLocked(now, events);
            }
            if (byId.size() >= options.maxRegistrations()) {
                return StoreResult.failure(Outcome.STORE_FULL, "the directory holds maxRegistrations ("
                        + options.maxRegistrations() + ") registrations; retry later");
            }
            long id = nextId++;
            Registration created = new Registration(Long.toString(id), request.endpointName(), sector,
                    lifetime, base, baseExplicit, extras, links, identity,
                    expiry(now, lifetime));
            hold(id, created);
            byEndpoint.put(key, id);
            events.add(new RegistrationEvent(Kind.CREATED, created));
            return StoreResult.success(Outcome.CREATED, created);
        });
    }

    /**
     * Refreshes a registration's lifetime and applies the update's lt, base, extra attributes and links.
     * An expired registration is NOT_FOUND even before the sweeper has removed it.
     */
    public StoreResult update(String registrationId, UpdateRequest request) {
        String identity = request.identity().orElse(null);
        StoreResult refusal = rules.checkUpdate(request);
        if (refusal != null) {
            return refusal;
        }
        // shared before the lock, as for a registration: the update's links replace the stored ones
        List<Link> links = request.links().map(SharedLinks::share).orElse(null);
        List<LinkAttribute> updatedExtras = SharedLinks.shareAttributes(request.extraAttributes());
        return changeOwned(registrationId, identity, (current, now, events) -> {
            List<LinkAttribute> extras = mergeExtras(current.extraAttributes(), updatedExtras);
            StoreResult tooMany = rules.checkExtras(extras);
            if (tooMany != null) {
                return tooMany;
            }
            long lifetime = request.lifetimeSeconds().orElse(current.lifetimeSeconds());
            String base = current.base();
            boolean baseExplicit = current.baseExplicit();
            if (request.base().isPresent()) {
                base = request.base().get();
                baseExplicit = true;
            } else if (!baseExplicit && request.sourceAddress().isPresent()) {
                // RFC 9176: without an explicit base, the base follows the registrant's address.
                base = request.sourceAddress().get();
            }
            Registration updated = new Registration(current.id(), current.endpointName(), current.sectorOrEmpty(),
                    lifetime, base, baseExplicit, extras, links == null ? current.links() : links,
                    current.identity().orElse(identity), expiry(now, lifetime));
            hold(Long.parseLong(current.id()), updated);
            events.add(new RegistrationEvent(Kind.UPDATED, updated));
            return StoreResult.success(Outcome.UPDATED, updated);
        });
    }

    /**
     * Removes a registration.
     *
     * @param identity the authenticated identity of the requester, or null
     */
    public StoreResult remove(String registrationId, String identity) {
        StoreResult refusal = rules.checkIdentity(identity);
        if (refusal != null) {
            return refusal;
        }
        return changeOwned(registrationId, identity, (current, now, events) -> {
            drop(current);
            events.add(new RegistrationEvent(Kind.REMOVED, current));
            return StoreResult.success(Outcome.REMOVED, current);
        });
    }

    /** A change of one live registration by a requester allowed to make it, under the store's lock. */
    @FunctionalInterface
    private interface OwnedChange {
        StoreResult apply(Registration current, long now, List<RegistrationEvent> events);
    }

    /** Runs {@code change} on the live registration {@code registrationId}: 4.04 if there is none, 4.03 if not ours. */
    private StoreResult changeOwned(String registrationId, String identity, OwnedChange change) {
        return changed(events -> {
            long now = clock.millis();
            Registration current = liveById(registrationId, now, events);
            if (current == null) {
                return notFound(registrationId);
            }
            StoreResult notOwner = rules.checkOwner(current, identity);
            if (notOwner != null) {
                return notOwner;
            }
            return change.apply(current, now, events);
        });
    }

    /** The live registration with that id. */
    public Optional<Registration> get(String registrationId) {
        Long id = parseId(registrationId);
        if (id == null) {
            return Optional.empty();
        }
        return underReadLock(() -> live(byIdDirect.get(id)));
    }

    /** The live registration of that endpoint name in that sector (empty string or null: no sector). */
    public Optional<Registration> find(String sector, String endpointName) {
        EndpointKey key = new EndpointKey(sector == null ? "" : sector, endpointName);
        return underReadLock(() -> {
            Long id = byEndpoint.get(key);
            return live(id == null ? null : byIdDirect.get(id));
        });
    }

    /** Present unless null or expired (and not swept yet). */
    private Optional<Registration> live(Registration registration) {
        return registration == null || registration.isExpiredAt(clock.millis()) ? Optional.empty()
                : Optional.of(registration);
    }

    /** A snapshot of the live registrations in registration order, which is the stable order lookups page in. */
    public List<Registration> registrations() {
        lock.readLock().lock();
        try {
            long now = clock.millis();
            List<Registration> live = new ArrayList<>(byId.size());
            for (Registration registration : byId.values()) {
                if (!registration.isExpiredAt(now)) {
                    live.add(registration);
                }
            }
            return live;
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * The live registrations that carry every one of {@code required}, in registration order: as ep, as d, as an
     * extra registration attribute, or as an attribute of any of their links (relation-type values token by token,
     * see {@link AttributeValue}). A lookup narrows its scan with this instead of reading every link; an empty
     * {@code required} gives {@link #registrations()}.
     */
    public List<Registration> registrationsWithAll(List<AttributeValue> required) {
        if (required.isEmpty()) {
            return registrations();
        }
        lock.readLock().lock();
        try {
            long now = clock.millis();
            long[] ids = index.idsWithAll(required);
            List<Registration> live = new ArrayList<>(ids.length);
            for (long id : ids) {
                Registration registration = byIdDirect.get(id);
                if (registration != null && !registration.isExpiredAt(now)) {
                    live.add(registration);
                }
            }
            return live;
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Distinct attribute values the lookup index holds (for tests). */
    int indexedValues() {
        return underReadLock(() -> index.size());
    }

    /** Registrations held, including expired ones the sweeper has not removed yet. */
    public int size() {
        return underReadLock(() -> byId.size());
    }

    /**
     * Removes every expired registration and tells the listeners. The whole store's expiry: meant to be called
     * periodically from one scheduled task ({@link ExpirySweeper}).
     *
     * @return how many registrations were removed
     */
    public int sweepExpired() {
        return changed(events -> {
            sweepLocked(clock.millis(), events);
            return events.size();
        });
    }

    private <T> T underReadLock(Supplier<T> read) {
        lock.readLock().lock();
        try {
            return read.get();
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Milliseconds of lifetime left, as the store's clock sees it; 0 when expired. */
    public long remainingMillis(Registration registration) {
        return Math.max(0, registration.expiresAtMillis() - clock.millis());
    }

    /**
     * Puts back a persisted registration under its old id with the given remaining lifetime. Refused (false) if
     * the id or the endpoint is taken, the store is full, or the registration breaks the current options.
     */
    boolean restore(Registration saved, long remainingMillis) {
        if (remainingMillis <= 0 || rules.checkStored(saved) != null) {
            return false;
        }
        Long id = parseId(saved.id());
        if (id == null) {
            return false;
        }
        EndpointKey key = new EndpointKey(saved.sectorOrEmpty(), saved.endpointName());
        lock.writeLock().lock();
        try {
            if (byId.containsKey(id) || byEndpoint.containsKey(key) || byId.size() >= options.maxRegistrations()) {
                return false;
            }
            long now = clock.millis();
            hold(id, new Registration(saved.id(), saved.endpointName(), saved.sectorOrEmpty(),
                    saved.lifetimeSeconds(), saved.base(), saved.baseExplicit(), saved.extraAttributes(),
                    saved.links(), saved.identity().orElse(null), now + remainingMillis));
            byEndpoint.put(key, id);
            nextId = Math.max(nextId, id + 1);
            return true;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** The id the next new registration gets. */
    long nextId() {
        return underReadLock(() -> nextId);
    }

    /** Never hand out ids below {@code id} again, so a restored store does not reuse an old location. */
    void skipIdsBelow(long id) {
        lock.writeLock().lock();
        try {
            nextId = Math.max(nextId, id);
        } finally {
            lock.writeLock().unlock();
        }
    }

    private void sweepLocked(long now, List<RegistrationEvent> events) {
        Iterator<Registration> all = byId.values().iterator();
        while (all.hasNext()) {
            Registration registration = all.next();
            if (registration.isExpiredAt(now)) {
                all.remove();
                byIdDirect.remove(Long.valueOf(registration.id()));
                index.remove(Long.parseLong(registration.id()), registration);
                byEndpoint.remove(new EndpointKey(registration.sectorOrEmpty(), registration.endpointName()));
                events.add(new RegistrationEvent(Kind.EXPIRED, registration));
            }
        }
    }

    private void hold(long id, Registration registration) {
        Registration previous = byId.put(id, registration);
        byIdDirect.put(id, registration);
        if (previous != null) {
            index.replace(id, previous, registration);
        } else {
            index.add(id, registration);
        }
    }

    private Registration liveByKey(EndpointKey key, long now, List<RegistrationEvent> events) {
        Long id = byEndpoint.get(key);
        return id == null ? null : live(byIdDirect.get(id), now, events);
    }

    private Registration liveById(String registrationId, long now, List<RegistrationEvent> events) {
        Long id = parseId(registrationId);
        return id == null ? null : live(byIdDirect.get(id), now, events);
    }

    /** An expired registration found on the way is removed now rather than at the next sweep. */
    private Registration live(Registration registration, long now, List<RegistrationEvent> events) {
        if (registration != null && registration.isExpiredAt(now)) {
            drop(registration);
            events.add(new RegistrationEvent(Kind.EXPIRED, registration));
            return null;
        }
        return registration;
    }

    private void drop(Registration registration) {
        long id = Long.parseLong(registration.id());
        byId.remove(id);
        byIdDirect.remove(id);
        index.remove(id, registration);
        byEndpoint.remove(new EndpointKey(registration.sectorOrEmpty(), registration.endpointName()));
    }

    /**
     * Runs one change under the write lock and then tells the listeners what it did, outside the lock so that a
     * listener may read the store (or be slow) without holding up registrants.
     */
    private <T> T changed(Function<List<RegistrationEvent>, T> change) {
        List<RegistrationEvent> events = new ArrayList<>(2);
        T result;
        lock.writeLock().lock();
        try {
            result = change.apply(events);
        } finally {
            lock.writeLock().unlock();
        }
        publish(events);
        return result;
    }

    private void publish(List<RegistrationEvent> events) {
        for (RegistrationEvent event : events) {
            for (RegistrationListener listener : listeners) {
                try {
                    listener.changed(event);
                } catch (RuntimeException e) {
                    // A faulty listener must not undo or block the change it is told about.
                    LOG.warn("Registration listener {} failed on {}", listener, event, e);
                }
            }
        }
    }

    private static StoreResult notFound(String registrationId) {
        return StoreResult.failure(Outcome.NOT_FOUND, "no registration '" + registrationId + "'");
    }

    private static long expiry(long now, long lifetimeSeconds) {
        return now + lifetimeSeconds * 1000L;
    }

    private static Long parseId(String registrationId) {
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

    private static List<LinkAttribute> mergeExtras(List<LinkAttribute> stored, List<LinkAttribute> updates) {
        if (updates.isEmpty()) {
            return stored;
        }
        // RFC 9176 5.3.1: an attribute in an update overrides every stored value of the same name.
        Map<String, List<LinkAttribute>> byName = new LinkedHashMap<>();
        for (LinkAttribute attribute : stored) {
            byName.computeIfAbsent(attribute.name(), n -> new ArrayList<>()).add(attribute);
        }
        Map<String, List<LinkAttribute>> replacements = new LinkedHashMap<>();
        for (LinkAttribute attribute : updates) {
            replacements.computeIfAbsent(attribute.name(), n -> new ArrayList<>()).add(attribute);
        }
        byName.putAll(replacements);
        List<LinkAttribute> merged = new ArrayList<>();
        byName.values().forEach(merged::addAll);
        return merged;
    }

    /** (d, ep); an absent sector is the empty string. */
    private record EndpointKey(String sector, String endpointName) {
    }
}
