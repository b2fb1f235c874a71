package io.coaptree.remotequery.coap;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.MessageObserverAdapter;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.api.PeerIdentity;
import io.coaptree.remotequery.sync.ChildDirectory;
import io.coaptree.remotequery.sync.DirectorySource;
import io.coaptree.remotequery.sync.LinkSet;
import io.coaptree.tree.model.NodeAddress;

/**
 * RD synchronisation on the gateway's own Resource Directory, in memory through {@code CoAPServer.execute} with the
 * {@link NodeIdentity}:
 * <ul>
 * <li>reads {@code GET /rd-lookup/res} page by page ({@link DirectorySource});</li>
 * <li>keeps each child's set as registrations {@code POST /rd?ep=<child name>&d=<child's domain>&base=<this
 * gateway's origin>&lt=...} of at most {@code linksPerRegistration} links each ({@link RegistrationChunks}: a large
 * set is several registrations, {@code ep=<child name>~2}, {@code ~3}...): targets are tree paths, so the directory
 * resolves them to this gateway, which serves them through the tree; only changed or ageing chunks are re-posted; a
 * set that shrinks, and removal, {@code DELETE} the surplus locations ({@link ChildDirectory});</li>
 * <li>observes {@code /rd-lookup/ep?count=1} (the directory notifies every change) to read again soon after a
 * change.</li>
 * </ul>
 * Operations on one child's registration run one after the other.
 */
public final class ServerDirectory implements DirectorySource, ChildDirectory, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(ServerDirectory.class);

    private final LocalCoapExecutor server;
    private final PeerIdentity identity;
    private final Supplier<String> base;
    private final long lifetimeSeconds;
    private final int pageSize;
    private final int linksPerRegistration;
    private final long refreshNanos;
    private final LongSupplier nanoTime;
    private final Map<String, CompletableFuture<Held>> chains = new ConcurrentHashMap<>();
    private final Map<String, Wanted> wanted = new ConcurrentHashMap<>();
    private final Set<String> registered = ConcurrentHashMap.newKeySet();
    private volatile Request observation;
    private volatile boolean closed;

    /**
     * @param base this gateway's origin ({@code coap://address:port}), the base of the children's registrations
     * @param pageSize links per lookup page when reading the directory
     * @param linksPerRegistration links per registration of a child's set (at most the directory's
     *        {@code registration.links.max}); a larger set is several registrations
     */
    public ServerDirectory(LocalCoapExecutor server, NodeAddress self, Supplier<String> base, long lifetimeSeconds,
            int pageSize, int linksPerRegistration) {
        this(server, self, base, lifetimeSeconds, pageSize, linksPerRegistration, System::nanoTime);
    }

    /** @param nanoTime a monotonic clock, to tell which unchanged registrations need refreshing */
    ServerDirectory(LocalCoapExecutor server, NodeAddress self, Supplier<String> base, long lifetimeSeconds,
            int pageSize, int linksPerRegistration, LongSupplier nanoTime) {
        if (linksPerRegistration < 1) {
            throw new IllegalArgumentException("linksPerRegistration must be positive: " + linksPerRegistration);
        }
        this.server = server;
        this.identity = NodeIdentity.of(self);
        this.base = base;
        this.lifetimeSeconds = lifetimeSeconds;
        this.pageSize = pageSize;
        this.linksPerRegistration = linksPerRegistration;
        // ChildSets puts at least every third of the lifetime: an unchanged chunk older than a quarter of it is
        // re-posted then, so none lives longer than 1/3 + 1/4 of its lifetime without a refresh
        this.refreshNanos = TimeUnit.SECONDS.toNanos(lifetimeSeconds) / 4;
        this.nanoTime = nanoTime;
    }

    /** Observes the directory; {@code changed} runs on every change. Renewed by {@link #read} when it lapsed. */
    public void observe(Runnable changed) {
        this.onChange = changed;
        startObservation();
    }

    private volatile Runnable onChange;

    private void startObservation() {
        Runnable changed = onChange;
        if (changed == null || closed || observation != null) {
            return;
        }
        Request request = Request.newGet();
        request.getOptions().setUriPath("rd-lookup/ep").setUriQuery("count=1").setObserve(0);
        observation = request;
        request.addMessageObserver(new MessageObserverAdapter() {
            @Override
            public void onResponse(Response response) {
                if (!response.getOptions().hasObserve()) {
                    lapsed(request);
                }
                changed.run();
            }
        });
        server.execute(request, identity).whenComplete((response, error) -> {
            if (error != null || !response.getOptions().hasObserve()) {
                lapsed(request);
            }
        });
    }

    private void lapsed(Request request) {
        if (observation == request) {
            observation = null;
        }
    }

    @Override
    public void read(Consumer<String> result) {
        startObservation();
        readPage(0, new StringBuilder(), result);
    }

    private void readPage(int page, StringBuilder collected, Consumer<String> result) {
        Request request = Request.newGet();
        request.getOptions().setUriPath("rd-lookup/res").setUriQuery("page=" + page)
                .addUriQuery("count=" + pageSize).setAccept(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
        server.execute(request, identity).whenComplete((response, error) -> {
            if (error != null || response.getCode() != ResponseCode.CONTENT) {
                LOG.debug("reading the local directory failed: {}",
                        error != null ? error.toString() : response.getCode() + " " + response.getPayloadString());
                result.accept(null);
                return;
            }
            String text = response.getPayloadString();
            int links = text.isBlank() ? 0 : count(text);
            if (!text.isBlank()) {
                if (collected.length() > 0) {
                    collected.append(',');
                }
                collected.append(text);
            }
            if (links < pageSize) {
                result.accept(collected.toString());
            } else {
                readPage(page + 1, collected, result);
            }
        });
    }

    /** Links in a lookup page: the directory writes one {@code <} per link target outside quoted values. */
    private static int count(String linkFormat) {
        int n = 0;
        boolean quoted = false;
        for (int i = 0; i < linkFormat.length(); i++) {
            char c = linkFormat.charAt(i);
            if (c == '"') {
                quoted = !quoted;
            } else if (c == '\\' && quoted) {
                i++;
            } else if (c == '<' && !quoted) {
                n++;
            }
        }
        return n;
    }

    @Override
    public void put(NodeAddress child, Collection<String> links) {
        if (links.isEmpty()) {
            remove(child);
            return;
        }
        List<String> payloads = RegistrationChunks.split(links, linksPerRegistration).stream().map(LinkSet::join)
                .toList();
        Wanted wanted = new Wanted(payloads);
        Wanted before = this.wanted.put(child.text(), wanted);
        if (before == null || !before.payloads.equals(payloads)) {
            // a pure refresh leaves lookups on the directory; a change waits until every chunk is in
            registered.remove(child.text());
        }
        chain(child, held -> post(child, held, wanted, 0).thenCompose(v -> deleteFrom(held, payloads.size()))
                .thenApply(v -> {
                    settle(child, held, wanted);
                    return held;
                }));
    }

    /** POSTs chunk {@code index} and the following ones, skipping chunks that are in the directory and fresh. */
    private CompletionStage<Void> post(NodeAddress child, Held held, Wanted wanted, int index) {
        if (index == wanted.payloads.size()) {
            return CompletableFuture.completedFuture(null);
        }
        String payload = wanted.payloads.get(index);
        Chunk chunk = index < held.chunks.size() ? held.chunks.get(index) : null;
        if (chunk != null && payload.equals(chunk.posted) && nanoTime.getAsLong() - chunk.postedAt < refreshNanos) {
            return post(child, held, wanted, index + 1);
        }
        if (chunk == null) {
            chunk = new Chunk();
            held.chunks.add(chunk);
        }
        Chunk target = chunk;
        Request request = Request.newPost();
        request.getOptions().setUriPath("rd")
                .setUriQuery("ep=" + RegistrationChunks.endpointName(child.name(), index))
                .addUriQuery("d=" + domainOf(child)).addUriQuery("base=" + base.get())
                .addUriQuery("lt=" + lifetimeSeconds).setContentFormat(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
        request.setPayload(payload.getBytes(StandardCharsets.UTF_8));
        long sent = nanoTime.getAsLong();
        return server.execute(request, identity).handle((response, error) -> {
            if (error == null && response.getCode().isSuccess()) {
                String location = response.getOptions().getLocationPathString();
                if (!location.isEmpty()) {
                    target.location = location;
                }
                target.posted = payload;
                target.postedAt = sent;
            } else {
                // an older registration at the location (if any) stays until it expires or the set shrinks
                target.posted = null;
                LOG.warn("cannot keep the resources of {} in the local directory (registration {} of {}, {} links): "
                        + "{}", child, index + 1, wanted.payloads.size(), count(payload),
                        error != null ? error.toString() : response.getCode() + " " + response.getPayloadString());
            }
            return null;
        }).thenCompose(v -> post(child, held, wanted, index + 1));
    }

    /** DELETEs the registrations of the chunks from {@code keep} on (the set shrank, or was removed). */
    private CompletionStage<Void> deleteFrom(Held held, int keep) {
        if (held.chunks.size() <= keep) {
            return CompletableFuture.completedFuture(null);
        }
        Chunk last = held.chunks.remove(held.chunks.size() - 1);
        if (last.location == null) {
            return deleteFrom(held, keep);
        }
        Request request = Request.newDelete();
        request.getOptions().setUriPath(last.location);
        return server.execute(request, identity).handle((response, error) -> null)
                .thenCompose(v -> deleteFrom(held, keep));
    }

    /** Lookups may use the directory for the child once every chunk of its latest set is in. */
    private void settle(NodeAddress child, Held held, Wanted wanted) {
        boolean complete = held.chunks.size() == wanted.payloads.size();
        for (int i = 0; complete && i < wanted.payloads.size(); i++) {
            complete = wanted.payloads.get(i).equals(held.chunks.get(i).posted);
        }
        if (complete && this.wanted.get(child.text()) == wanted) {
            registered.add(child.text());
        } else if (!complete) {
            registered.remove(child.text());
        }
    }

    @Override
    public void remove(NodeAddress child) {
        registered.remove(child.text());
        wanted.remove(child.text());
        chain(child, held -> deleteFrom(held, 0).thenApply(v -> held));
    }

    @Override
    public boolean registered(NodeAddress child) {
        return registered.contains(child.text());
    }

    /** Completes when the child's operations issued so far have finished (for tests). */
    CompletionStage<Void> idle(NodeAddress child) {
        CompletableFuture<Held> chain = chains.get(child.text());
        return chain == null ? CompletableFuture.completedFuture(null) : chain.thenApply(held -> null);
    }

    /** Runs {@code step} after the child's previous operation, on the child's registrations. */
    private void chain(NodeAddress child, Function<Held, CompletionStage<Held>> step) {
        chains.compute(child.text(), (key, previous) -> {
            CompletableFuture<Held> before = previous == null ? CompletableFuture.completedFuture(new Held())
                    : previous;
            return before.thenCompose(held -> step.apply(held).exceptionally(e -> {
                LOG.warn("synchronising the registrations of {} failed", child, e);
                return held;
            })).toCompletableFuture();
        });
    }

    /** The chunks of a child's set as last put (read and written only by the child's chained operations). */
    private static final class Held {
        final List<Chunk> chunks = new ArrayList<>();
    }

    private static final class Chunk {
        /** The registration's location ({@code rd/<id>}), once the directory made one. */
        String location;
        /** The payload the directory accepted last, null if the last POST was refused. */
        String posted;
        long postedAt;
    }

    /** The chunks a put asked for; compared by identity to tell the latest put. */
    private static final class Wanted {
        final List<String> payloads;

        Wanted(List<String> payloads) {
            this.payloads = payloads;
        }
    }

    /** RD sectors are the domains; the root's children are domains, so a child always has one. */
    private static String domainOf(NodeAddress child) {
        return child.path().domain();
    }

    @Override
    public void close() {
        closed = true;
        Request r = observation;
        observation = null;
        if (r != null) {
            r.cancel();
        }
    }
}
