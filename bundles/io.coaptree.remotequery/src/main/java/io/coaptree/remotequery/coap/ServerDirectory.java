package io.coaptree.remotequery.coap;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.eclipse.californium.core.coap.CoAP.Code;
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
 * <li>keeps each child's set as one registration {@code POST /rd?ep=<child name>&d=<child's domain>&base=<this
 * gateway's origin>&lt=...}: targets are tree paths, so the directory resolves them to this gateway, which serves
 * them through the tree; removal is {@code DELETE} of the location ({@link ChildDirectory});</li>
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
    private final Map<String, CompletableFuture<String>> locations = new ConcurrentHashMap<>();
    private final Set<String> registered = ConcurrentHashMap.newKeySet();
    private volatile Request observation;
    private volatile boolean closed;

    /**
     * @param base this gateway's origin ({@code coap://address:port}), the base of the children's registrations
     * @param pageSize links per lookup page when reading the directory
     */
    public ServerDirectory(LocalCoapExecutor server, NodeAddress self, Supplier<String> base, long lifetimeSeconds,
            int pageSize) {
        this.server = server;
        this.identity = NodeIdentity.of(self);
        this.base = base;
        this.lifetimeSeconds = lifetimeSeconds;
        this.pageSize = pageSize;
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
        String payload = LinkSet.join(links);
        registered.remove(child.text());
        chain(child, previous -> {
            Request request = Request.newPost();
            request.getOptions().setUriPath("rd").setUriQuery("ep=" + child.name())
                    .addUriQuery("d=" + domainOf(child)).addUriQuery("base=" + base.get())
                    .addUriQuery("lt=" + lifetimeSeconds).setContentFormat(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
            request.setPayload(payload.getBytes(StandardCharsets.UTF_8));
            return server.execute(request, identity).handle((response, error) -> {
                if (error == null && response.getCode().isSuccess()) {
                    registered.add(child.text());
                    String location = response.getOptions().getLocationPathString();
                    return location.isEmpty() ? previous : location;
                }
                LOG.warn("cannot keep the resources of {} in the local directory ({} links): {}", child, links.size(),
                        error != null ? error.toString() : response.getCode() + " " + response.getPayloadString());
                return previous;
            });
        });
    }

    @Override
    public void remove(NodeAddress child) {
        registered.remove(child.text());
        chain(child, previous -> {
            if (previous == null) {
                return CompletableFuture.completedFuture(null);
            }
            Request request = Request.newDelete();
            request.getOptions().setUriPath(previous);
            return server.execute(request, identity).handle((response, error) -> null);
        });
    }

    @Override
    public boolean registered(NodeAddress child) {
        return registered.contains(child.text());
    }

    /** Runs {@code step} after the child's previous operation; the stage's value is the registration's location. */
    private void chain(NodeAddress child, java.util.function.Function<String, CompletionStage<String>> step) {
        locations.compute(child.text(), (key, previous) -> {
            CompletableFuture<String> before = previous == null ? CompletableFuture.completedFuture(null) : previous;
            return before.thenCompose(step).exceptionally(e -> null).toCompletableFuture();
        });
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
