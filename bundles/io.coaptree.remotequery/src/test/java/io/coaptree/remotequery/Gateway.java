package io.coaptree.remotequery;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.remotequery.node.CancellableExchange;
import io.coaptree.remotequery.node.LocalExecutor;
import io.coaptree.remotequery.node.RemoteQueryNode;
import io.coaptree.remotequery.options.RemoteQueryOptions;
import io.coaptree.remotequery.routing.TreeUri;
import io.coaptree.codec.CoapCodes;
import io.coaptree.remotequery.node.ResponseSink;
import io.coaptree.tree.bus.InMemoryMessageBus;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeMember;
import io.coaptree.tree.options.TreeOptions;
import io.coaptree.tree.protocol.MembershipProtocol;

/**
 * One in-process gateway: tree handler and remote-query engine on one bus connection, a small local server
 * with {@code /temperature} (rt=temp), {@code /slow} (never answers) and {@code /counter} (observable), and a
 * Resource Directory that lists the two in resource lookups.
 */
final class Gateway implements LocalExecutor {

    final MembershipProtocol tree;
    final RemoteQueryNode rq;
    final InMemoryMessageBus.Connection connection;
    final List<ResponseSink> counterObservers = new ArrayList<>();
    final List<CoapEnvelope> executed = new ArrayList<>();
    /** The lookups this gateway's directory answered, in order. */
    final List<LocalLookup> lookedUp = new ArrayList<>();
    boolean ticking = true;
    /** Children whose sets this gateway's directory holds (RD synchronisation); none unless a test says so. */
    Predicate<TreeMember> synced = child -> false;

    /** A lookup of the local directory: {@code res} or {@code ep}, and its criteria. */
    record LocalLookup(String kind, String query) {
    }

    Gateway(String address, InMemoryMessageBus bus, Clock clock) {
        this(address, bus, clock, RemoteQueryOptions.defaults());
    }

    Gateway(String address, InMemoryMessageBus bus, Clock clock, RemoteQueryOptions options) {
        this(address, bus, clock, options, "");
    }

    /** @param broker the broker name the gateway announces (empty: none, so no direct routes to it) */
    Gateway(String address, InMemoryMessageBus bus, Clock clock, RemoteQueryOptions options, String broker) {
        Map<String, Object> treeSettings = new HashMap<>(TreeOptions.addressProperties(NodeAddress.parse(address)));
        treeSettings.put(TreeOptions.BROKER_NAME.id(), broker);
        tree = new MembershipProtocol(TreeOptions.fromProperties(treeSettings), clock);
        rq = RemoteQueryNode.builder(tree.self(), tree::view, tree.topics(), this, options, clock)
                .synced(child -> synced.test(child)).localLookups(this::lookUp).build();
        connection = bus.connect(address, tree.lastWill());
        tree.start(connection);
        rq.start(connection, tree.droppedMessages());
    }

    String name() {
        return tree.self().name();
    }

    /** Submits a GET of {@code uri} ({@code /tree/...} or {@code /tree-lookup/...}, query included) as a client would. */
    List<CoapEnvelope> get(String uri) throws Exception {
        String[] pathAndQuery = uri.split("\\?", 2);
        List<String> query = pathAndQuery.length > 1 ? List.of(pathAndQuery[1].split("&")) : List.of();
        List<CoapEnvelope> responses = new ArrayList<>();
        rq.submit(TreeUri.parse(List.of(pathAndQuery[0].substring(1).split("/")), query),
                CoapEnvelope.builder(EnvelopeKind.REQUEST, CoapCodes.GET).build(), responses::add);
        return responses;
    }

    void tick() {
        if (ticking) {
            tree.tick();
            rq.tick();
        }
    }

    @Override
    public CancellableExchange execute(CoapEnvelope request, ResponseSink sink) {
        executed.add(request);
        switch (request.path()) {
            case "temperature":
                sink.accept(content("21.5 at " + name() + " for " + request.identity(), CoapCodes.TEXT_PLAIN));
                return CancellableExchange.NONE;
            case "slow":
                return CancellableExchange.NONE;
            case "counter":
                sink.accept(content("0", CoapCodes.TEXT_PLAIN).toBuilder().observe(0).build());
                counterObservers.add(sink);
                return () -> counterObservers.remove(sink);
            default:
                sink.accept(CoapEnvelope.builder(EnvelopeKind.RESPONSE, CoapCodes.NOT_FOUND).build());
                return CancellableExchange.NONE;
        }
    }

    private Optional<String> lookUp(String kind, CoapEnvelope request) {
        lookedUp.add(new LocalLookup(kind, request.query()));
        return "res".equals(kind) ? Optional.of("</temperature>;rt=\"temp\",</counter>;obs") : Optional.empty();
    }

    void notifyCounter(int value) {
        for (ResponseSink sink : List.copyOf(counterObservers)) {
            sink.accept(CoapEnvelope.builder(EnvelopeKind.NOTIFICATION, CoapCodes.CONTENT).observe(value)
                    .payload(Integer.toString(value).getBytes(StandardCharsets.UTF_8)).build());
        }
    }

    private static CoapEnvelope content(String text, int contentFormat) {
        return CoapEnvelope.builder(EnvelopeKind.RESPONSE, CoapCodes.CONTENT).contentFormat(contentFormat)
                .payload(text.getBytes(StandardCharsets.UTF_8)).build();
    }
}
