package io.coaptree.bench.fleet;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.CodecLimits;
import io.coaptree.codec.EnvelopeCodec;
import io.coaptree.codec.EnvelopeKind;
import io.coaptree.linkformat.Link;
import io.coaptree.rd.directory.LocalDirectory;
import io.coaptree.rd.lookup.DirectoryLookup;
import io.coaptree.rd.lookup.LookupOrigin;
import io.coaptree.rd.lookup.LookupQuery;
import io.coaptree.rd.options.DirectoryOptions;
import io.coaptree.rd.options.RegistrationStoreOptions;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.RegistrationStore;
import io.coaptree.rd.store.StoreResult;
import io.coaptree.remotequery.coap.NodeIdentity;
import io.coaptree.remotequery.node.RemoteQueryNode;
import io.coaptree.remotequery.node.ResponseSink;
import io.coaptree.remotequery.options.RemoteQueryOptions;
import io.coaptree.remotequery.routing.RemoteTarget;
import io.coaptree.remotequery.sync.RdSync;
import io.coaptree.remotequery.sync.ServiceDirectory;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.model.TreeView;
import io.coaptree.tree.security.TreeSecurity;
import io.coaptree.tree.service.TreeBus;
import io.coaptree.tree.topics.TreeTopics;

/**
 * What the remote-query bundle runs on one simulated gateway, wired as its component wires it on one tree bus: the
 * {@link RemoteQueryNode} (requests to and through other gateways) and the {@link RdSync} of the gateway's Resource
 * Directory, the RD bundle's plain-Java directory (store and lookups, default settings) holding {@code resources}
 * links of the gateway's own, registered as its own server's would be. The gateway's origin names no socket: no CoAP
 * server runs (but at the root, whose directory is served over CoAP by a {@link RootCoapDirectory}, so that clients
 * can look it up); a request that reaches the gateway is answered by {@link SensorAnswers} as its sensors would.
 */
final class SimulatedRemoteQuery implements AutoCloseable {

    private final RegistrationStore store;
    /** The root's directory served over CoAP; null on other gateways. */
    private final RootCoapDirectory served;
    private final LocalDirectory directory;
    private final ServiceDirectory synced;
    private final RdSync sync;
    private final RemoteQueryNode node;
    private final TreeBus bus;

    /**
     * @param origin this gateway's CoAP origin, {@code coap://host:port}: the base of its own links
     * @param bus a bus opened on the gateway's tree buses for remote queries
     */
    SimulatedRemoteQuery(NodeAddress self, String origin, int resources, Supplier<TreeView> tree, TreeTopics topics,
            TreeBus bus, DroppedMessages dropped, TreeSecurity security) {
        this.bus = bus;
        Clock clock = Clock.systemUTC();
        RemoteQueryOptions options = RemoteQueryOptions.fromProperties(Map.of());
        String sector = self.path().isRoot() ? "root" : self.path().domain();
        if (self.path().isRoot()) {
            served = new RootCoapDirectory(sector);
            store = served.store();
            directory = served.directory();
        } else {
            served = null;
            store = new RegistrationStore(RegistrationStoreOptions.defaults(), clock);
            directory = new LocalDirectory(store, new DirectoryLookup(store, "/rd/"), () -> sector,
                    DirectoryOptions.defaults());
        }
        List<Link> links = new ArrayList<>(resources);
        for (int i = 0; i < resources; i++) {
            links.add(Link.builder("/sensor" + i).attribute("rt", i % 2 == 0 ? "temperature" : "humidity").build());
        }
        StoreResult own = directory.register(RegistrationRequest.builder(self.name() + "-sensors")
                .sourceAddress(origin).identity(NodeIdentity.of(self).toString()).links(links).build());
        if (own.registration().isEmpty()) {
            throw new IllegalStateException(self + ": its own links were refused: " + own);
        }
        synced = new ServiceDirectory(directory, NodeIdentity.of(self).toString(), () -> origin,
                options.syncRegistrationLifetimeSeconds(), options.syncMaxLinks());
        sync = new RdSync(self, tree, topics, options, clock, synced, synced, origin::equals);
        synced.observe(sync::localChanged);
        sync.start(bus.unbatched(), dropped);
        bus.onConnected(sync::reconnected);
        node = RemoteQueryNode.builder(self, tree, topics, new SensorAnswers(), options, clock)
                .codec(new EnvelopeCodec(CodecLimits.defaults())).ownOrigin(origin::equals).synced(sync::holds)
                .security(security).build();
        node.start(bus, dropped);
    }

    /** Reads {@code path} of {@code gateway} through the tree, as a client of this gateway would. */
    void read(NodeAddress gateway, String path, ResponseSink answer) {
        node.submit(new RemoteTarget.Resource(gateway, path, ""), CoapEnvelope.builder(EnvelopeKind.REQUEST,
                SensorAnswers.GET).build(), answer);
    }

    /** The bus's size limit as the remote-query component opens it. */
    static int maxMessageBytes() {
        return CodecLimits.defaults().maxEncodedBytes();
    }

    void tick() {
        node.tick();
        sync.tick();
    }

    /** The resource links this directory answers a lookup with, page by page ({@code count} a page). */
    List<Link> pagedLookup(int count) {
        List<Link> all = new ArrayList<>();
        for (int page = 0;; page++) {
            List<Link> part = page(page, count);
            all.addAll(part);
            if (part.size() < count) {
                return all;
            }
        }
    }

    /** Page {@code page} (from 0) of a lookup of every resource, {@code count} a page, as the directory lists it. */
    List<Link> page(int page, int count) {
        return directory.resources(LookupQuery.all().paged(page, count), LookupOrigin.OFF_LINK);
    }

    /** The CoAP port on 127.0.0.1 where the directory is served: the root's only. */
    Optional<Integer> coapPort() {
        return served == null ? Optional.empty() : Optional.of(served.port());
    }

    /** The store, to weigh what the directory holds. */
    RegistrationStore store() {
        return store;
    }

    @Override
    public void close() {
        node.stop();
        sync.stop();
        synced.close();
        bus.close();
        if (served != null) {
            served.close();
        }
    }
}
