package io.coaptree.rd.store;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
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
import io.coaptree.rd.store.RegistrationTable.EndpointKey;
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
    /** Guarded by {@link #lock}. */
    private final RegistrationTable table = new RegistrationTable();
    private final List<RegistrationListener> listeners = new CopyOnWriteArrayList<>();

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
                table.hold(Long.parseLong(existing.id()), replaced);
                events.add(new RegistrationEvent(Kind.REPLACED, replaced));
                return StoreResult.success(Outcome.REPLACED, replaced);
            }
            if (table.size() >= options.maxRegistrations()) {
                table.sweep(now, events);
            }
            if (table.size() >= options.maxRegistrations()) {
                return StoreResult.failure(Outcome.STORE_FULL, "the directory holds maxRegistrations ("
                        + options.maxRegistrations() + ") registrations; retry later");
            }
            long id = table.takeId();
            Registration created = new Registration(Long.toString(id), request.endpointName(), sector,
                    lifetime, base, baseExplicit, extras, links, identity,
                    expiry(now, lifetime));
            table.hold(id, created);
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
            List<LinkAttribute> extras = UpdateRequest.mergeExtras(current.extraAttributes(), updatedExtras);
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
            table.hold(Long.parseLong(current.id()), updated);
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
            table.drop(current);
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
        Long id = RegistrationTable.parseId(registrationId);
        if (id == null) {
            return Optional.empty();
        }
        return underReadLock(() -> live(table.byId(id)));
    }

    /** The live registration of that endpoint name in that sector (empty string or null: no sector). */
    public Optional<Registration> find(String sector, String endpointName) {
        EndpointKey key = new EndpointKey(sector == null ? "" : sector, endpointName);
        return underReadLock(() -> live(table.byEndpoint(key)));
    }

    /** Present unless null or expired (and not swept yet). */
    private Optional<Registration> live(Registration registration) {
        return registration == null || registration.isExpiredAt(clock.millis()) ? Optional.empty()
                : Optional.of(registration);
    }

    /** A snapshot of the live registrations in registration order, which is the stable order lookups page in. */
    public List<Registration> registrations() {
        return underReadLock(() -> table.live(clock.millis()));
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
        return underReadLock(() -> table.liveWithAll(required, clock.millis()));
    }

    /** Distinct attribute values the lookup index holds (for tests). */
    int indexedValues() {
        return underReadLock(table::indexedValues);
    }

    /** Registrations held, including expired ones the sweeper has not removed yet. */
    public int size() {
        return underReadLock(table::size);
    }

    /**
     * Removes every expired registration and tells the listeners. The whole store's expiry: meant to be called
     * periodically from one scheduled task ({@link ExpirySweeper}).
     *
     * @return how many registrations were removed
     */
    public int sweepExpired() {
        return changed(events -> {
            table.sweep(clock.millis(), events);
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
        Long id = RegistrationTable.parseId(saved.id());
        if (id == null) {
            return false;
        }
        lock.writeLock().lock();
        try {
            if (table.holds(id, EndpointKey.of(saved)) || table.size() >= options.maxRegistrations()) {
                return false;
            }
            long now = clock.millis();
            table.hold(id, new Registration(saved.id(), saved.endpointName(), saved.sectorOrEmpty(),
                    saved.lifetimeSeconds(), saved.base(), saved.baseExplicit(), saved.extraAttributes(),
                    saved.links(), saved.identity().orElse(null), now + remainingMillis));
            table.skipIdsBelow(id + 1);
            return true;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** The id the next new registration gets. */
    long nextId() {
        return underReadLock(table::nextId);
    }

    /** Never hand out ids below {@code id} again, so a restored store does not reuse an old location. */
    void skipIdsBelow(long id) {
        lock.writeLock().lock();
        try {
            table.skipIdsBelow(id);
        } finally {
            lock.writeLock().unlock();
        }
    }

    private Registration liveByKey(EndpointKey key, long now, List<RegistrationEvent> events) {
        return live(table.byEndpoint(key), now, events);
    }

    private Registration liveById(String registrationId, long now, List<RegistrationEvent> events) {
        Long id = RegistrationTable.parseId(registrationId);
        return id == null ? null : live(table.byId(id), now, events);
    }

    /** An expired registration found on the way is removed now rather than at the next sweep. */
    private Registration live(Registration registration, long now, List<RegistrationEvent> events) {
        if (registration != null && registration.isExpiredAt(now)) {
            table.drop(registration);
            events.add(new RegistrationEvent(Kind.EXPIRED, registration));
            return null;
        }
        return registration;
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
}
