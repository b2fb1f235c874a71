package io.coaptree.remotequery.sync;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatLimits;
import io.coaptree.linkformat.LinkFormatParseException;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.rd.lookup.LookupOrigin;
import io.coaptree.rd.lookup.LookupQuery;
import io.coaptree.rd.service.ResourceDirectoryService;
import io.coaptree.rd.store.RegistrationListener;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.StoreResult;
import io.coaptree.rd.store.UpdateRequest;
import io.coaptree.tree.model.NodeAddress;

/**
 * RD synchronisation on the gateway's own Resource Directory, through its Java service with this gateway's node
 * identity (so First-Come-First-Remembered binds the children's registrations to it, and every limit of the directory
 * applies as to a CoAP client):
 * <ul>
 * <li>reads every resource link, as a resource lookup from off-link answers it ({@link DirectorySource});</li>
 * <li>keeps each child's set as registrations ({@code ep=<child name>}, {@code d=<child's domain>},
 * {@code base=<this gateway's origin>}) of at most {@code linksPerRegistration} links each ({@link RegistrationChunks}:
 * a large set is several registrations, {@code <child name>~2}, {@code ~3}...): targets are tree paths, so the
 * directory resolves them to this gateway, which serves them through the tree; only changed chunks are registered
 * again, ageing unchanged ones have their lease renewed by an update without links; a set that shrinks, and removal,
 * remove the surplus registrations ({@link ChildDirectory});</li>
 * <li>listens to the directory's changes to read again soon after one.</li>
 * </ul>
 * The directory's operations are in memory and quick, so they run on the caller's thread; operations on one child
 * run one after the other.
 */
public final class ServiceDirectory implements DirectorySource, ChildDirectory, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ServiceDirectory.class);

    private final ResourceDirectoryService directory;
    private final String identity;
    private final Supplier<String> base;
    private final long lifetimeSeconds;
    private final int linksPerRegistration;
    private final long refreshNanos;
    private final LongSupplier nanoTime;
    /** The chunks of each child's set as last put, by child address; each guarded by itself. */
    private final Map<String, Held> held = new ConcurrentHashMap<>();
    private final Set<String> registered = ConcurrentHashMap.newKeySet();
    /** Reads a chunk back into links: at most a chunk's links, whatever their length in all. */
    private final LinkFormatParser chunkParser;
    private volatile RegistrationListener listener;
    /**
     * True while this thread renews one of the children's leases: the store announces that update like any other,
     * but it changes nothing a lookup returns, and a domain renews a child's lease every third of its lifetime, so
     * announcing it would make the gateway read its whole directory again about once a second.
     */
    private final ThreadLocal<Boolean> renewing = ThreadLocal.withInitial(() -> Boolean.FALSE);

    /**
     * @param identity this gateway's node identity ({@code node:<address>}), which no DTLS peer can present
     * @param base this gateway's origin ({@code coap://address:port}), the base of the children's registrations
     * @param linksPerRegistration links per registration of a child's set (at most the directory's
     *        {@code registration.links.max}); a larger set is several registrations
     */
    public ServiceDirectory(ResourceDirectoryService directory, String identity, Supplier<String> base,
            long lifetimeSeconds, int linksPerRegistration) {
        this(directory, identity, base, lifetimeSeconds, linksPerRegistration, System::nanoTime);
    }

    /** @param nanoTime a monotonic clock, to tell which unchanged registrations need refreshing */
    ServiceDirectory(ResourceDirectoryService directory, String identity, Supplier<String> base,
            long lifetimeSeconds, int linksPerRegistration, LongSupplier nanoTime) {
        if (linksPerRegistration < 1) {
            throw new IllegalArgumentException("linksPerRegistration must be positive: " + linksPerRegistration);
        }
        this.directory = directory;
        this.identity = identity;
        this.base = base;
        this.lifetimeSeconds = lifetimeSeconds;
        this.linksPerRegistration = linksPerRegistration;
        // ChildSets puts at least every third of the lifetime: an unchanged chunk older than a quarter of it is
        // registered again then, so none lives longer than 1/3 + 1/4 of its lifetime without a refresh
        this.refreshNanos = TimeUnit.SECONDS.toNanos(lifetimeSeconds) / 4;
        this.nanoTime = nanoTime;
        this.chunkParser = new LinkFormatParser(LinkFormatLimits.builder().maxLinks(linksPerRegistration)
                .maxPayloadChars(Integer.MAX_VALUE).build());
    }

    /**
     * {@code changed} runs after every change of the directory, on the thread that made it, except the renewal of a
     * lease this directory holds for a child (nothing a lookup returns changes).
     */
    public void observe(Runnable changed) {
        RegistrationListener next = event -> {
            if (!renewing.get()) {
                changed.run();
            }
        };
        RegistrationListener previous = listener;
        listener = next;
        if (previous != null) {
            directory.removeListener(previous);
        }
        directory.addListener(next);
    }

    @Override
    public void read(Consumer<List<Link>> result) {
        result.accept(directory.resources(LookupQuery.all(), LookupOrigin.OFF_LINK));
    }

    @Override
    public void put(NodeAddress child, Collection<String> links) {
        if (links.isEmpty()) {
            remove(child);
            return;
        }
        List<List<String>> chunks = RegistrationChunks.split(links, linksPerRegistration);
        Held state = held.computeIfAbsent(child.text(), key -> new Held());
        synchronized (state) {
            boolean complete = true;
            for (int index = 0; index < chunks.size(); index++) {
                complete &= post(child, state, chunks, index);
            }
            removeFrom(state, chunks.size());
            if (complete) {
                registered.add(child.text());
            } else {
                // lookups keep asking the child until every chunk of its latest set is in
                registered.remove(child.text());
            }
        }
    }

    /** Registers chunk {@code index} unless it is in the directory and fresh; whether it is in now. */
    private boolean post(NodeAddress child, Held state, List<List<String>> chunks, int index) {
        List<String> payload = chunks.get(index);
        Chunk chunk = index < state.chunks.size() ? state.chunks.get(index) : null;
        if (chunk != null && payload.equals(chunk.posted)
                && (nanoTime.getAsLong() - chunk.postedAt < refreshNanos || renewed(chunk))) {
            return true;
        }
        if (chunk == null) {
            chunk = new Chunk();
            state.chunks.add(chunk);
        }
        long sent = nanoTime.getAsLong();
        StoreResult result;
        try {
            result = directory.register(RegistrationRequest.builder(RegistrationChunks.endpointName(child.name(), index))
                    .sector(child.path().domain()).base(base.get()).lifetimeSeconds(lifetimeSeconds)
                    .identity(identity).links(parse(payload)).build());
        } catch (LinkFormatParseException e) {
            result = null;
            LOG.warn("cannot keep the resources of {} in the local directory: a link is not link-format: {}", child,
                    e.getMessage());
        }
        if (result != null && result.isSuccess()) {
            chunk.registrationId = result.registration().get().id();
            chunk.posted = payload;
            chunk.postedAt = sent;
            return true;
        }
        // an older registration of this chunk (if any) stays until it expires or the set shrinks
        chunk.posted = null;
        if (result != null) {
            LOG.warn("cannot keep the resources of {} in the local directory (registration {} of {}, {} links): {}",
                    child, index + 1, chunks.size(), payload.size(), result);
        }
        return false;
    }

    /**
     * Renews an unchanged chunk's lease with an update that carries no links (RFC 9176, 5.3.1: it restarts the
     * registration's lifetime and keeps everything else), so a refresh neither parses the links again nor replaces
     * them in the store. False if the registration is gone (expired, removed): it is registered again then.
     */
    private boolean renewed(Chunk chunk) {
        if (chunk.registrationId == null) {
            return false;
        }
        long sent = nanoTime.getAsLong();
        StoreResult result;
        renewing.set(Boolean.TRUE);
        try {
            result = directory.update(chunk.registrationId, UpdateRequest.builder().identity(identity).build());
        } finally {
            renewing.set(Boolean.FALSE);
        }
        if (result.isSuccess()) {
            chunk.postedAt = sent;
            return true;
        }
        return false;
    }

    /** The links of a chunk (canonical link-format texts, as {@link LinkSet} keeps them). */
    private List<Link> parse(List<String> payload) throws LinkFormatParseException {
        return chunkParser.parse(LinkSet.join(payload));
    }

    /** Removes the registrations of the chunks from {@code keep} on (the set shrank, or was removed). */
    private void removeFrom(Held state, int keep) {
        while (state.chunks.size() > keep) {
            Chunk last = state.chunks.remove(state.chunks.size() - 1);
            if (last.registrationId != null) {
                directory.remove(last.registrationId, identity);
            }
        }
    }

    @Override
    public void remove(NodeAddress child) {
        registered.remove(child.text());
        Held state = held.get(child.text());
        if (state == null) {
            return;
        }
        synchronized (state) {
            removeFrom(state, 0);
        }
    }

    @Override
    public boolean registered(NodeAddress child) {
        return registered.contains(child.text());
    }

    /** The chunks of a child's set as last put. */
    private static final class Held {
        final List<Chunk> chunks = new ArrayList<>();
    }

    private static final class Chunk {
        /** The registration's id (the last segment of its location), once the directory made one. */
        String registrationId;
        /** The links the directory accepted last, null if the last registration was refused. */
        List<String> posted;
        long postedAt;
    }

    /** Stops listening to the directory. */
    @Override
    public void close() {
        RegistrationListener previous = listener;
        listener = null;
        if (previous != null) {
            directory.removeListener(previous);
        }
    }
}
