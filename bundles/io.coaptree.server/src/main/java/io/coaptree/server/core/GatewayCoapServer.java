package io.coaptree.server.core;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

import org.eclipse.californium.core.CoapServer;
import org.eclipse.californium.core.coap.CoAP.Code;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.scandium.DTLSConnector;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.ExtendedResource;
import io.coaptree.api.PeerIdentity;
import io.coaptree.api.RequestOrigin;
import io.coaptree.server.capacity.ServerCapacity;
import io.coaptree.server.access.AccessDecision;
import io.coaptree.server.messageid.MessageIdAllocator;
import io.coaptree.server.options.AccessPolicy;
import io.coaptree.server.options.CapacityOptions;
import io.coaptree.server.dtls.DtlsConnectorFactory;
import io.coaptree.server.dtls.DtlsCredentials;
import io.coaptree.server.options.DtlsOptions;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.server.options.ServerOptions;

/**
 * The gateway's CoAP server without any OSGi: one Californium {@link CoapServer} whose resource tree lives as long
 * as this object, at most one plain UDP endpoint that {@link #apply(ServerOptions)} binds, re-binds or unbinds, and at
 * most one DTLS endpoint that {@link #applyDtls(DtlsOptions, DtlsCredentials)} binds, re-keys or unbinds. Both serve
 * the same resources under the same {@link AccessPolicy} ({@link #applyAccessPolicy(AccessPolicy)}; the default lets
 * anyone read and only authenticated peers write), and share capacity by class ({@link ServerCapacity}). Usable from
 * plain Java (tests, benchmarks); the OSGi component is a thin shell around it.
 * <p>
 * A refused configuration leaves everything as it was: the previous endpoint keeps serving.
 */
public final class GatewayCoapServer implements CoAPServer, AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(GatewayCoapServer.class);
    /** Who runs a request through the two-argument {@code execute}: an anonymous client nobody named. */
    private static final RequestOrigin UNKNOWN_CLIENT = RequestOrigin.client("unknown");

    private final CoapServer server;
    private final PublishedResources published;
    private final ObserveRelations observeRelations;
    /** Requests in progress and Observe relations shared by class, network and in-memory requests alike. */
    private final ServerCapacity capacity;
    private final NetworkCapacity networkCapacity;
    private final AtomicReference<AccessPolicy> accessPolicy = new AtomicReference<>(AccessPolicy.defaults());
    /** The message IDs of every endpoint's own messages: one memory for all, kept across re-binding. */
    private final LeasedMessageIds messageIds;

    private ServerOptions options;
    private CapacityOptions capacityOptions = CapacityOptions.defaults();
    private EndpointBinding binding;
    /** The DTLS endpoint and what it was built from. */
    private EndpointBinding secureBinding;
    private SecureEndpointSettings secureSettings;
    /** Created on the first {@link #execute}; guarded by this. */
    private LocalRequests localRequests;
    private volatile String domain = "";
    private volatile String group = "";
    private boolean closed;

    public GatewayCoapServer() {
        this(System::nanoTime);
    }

    /** @param nanoClock the monotonic clock message IDs are leased by (tests move it by hand) */
    GatewayCoapServer(LongSupplier nanoClock) {
        // no ports: the server gets its endpoints from apply(), and creates no thread until then
        ServerOptions defaults = ServerOptions.defaults();
        server = new CoapServer(CaliforniumSettings.configurationFor(defaults));
        messageIds = new LeasedMessageIds(new MessageIdAllocator(defaults.maxPeers(), nanoClock));
        capacity = new ServerCapacity(defaults.maxPeers(), defaults.maxObserveRelations(), capacityOptions, nanoClock);
        networkCapacity = new NetworkCapacity(capacity, nanoClock, defaults.exchangeLifetimeSeconds());
        observeRelations = new ObserveRelations(networkCapacity::relationEnded);
        published = new PublishedResources(server.getRoot());
        server.add(new ServerStatsResource(capacity, this::messageIdRefusals));
        observeRelations.follow(server.getRoot());
    }

    /**
     * Applies a configuration: binds, re-binds (keeping every published resource) or unbinds the endpoint, and
     * takes the node's domain and group. Changing only domain or group does not touch the endpoint.
     *
     * @throws InvalidPropertyException if the configuration cannot be applied (unknown or foreign bind address, port
     *             in use); nothing changed then
     */
    public synchronized void apply(ServerOptions next) {
        if (closed) {
            throw new IllegalStateException("server is closed");
        }
        boolean endpointAsWanted = options != null && !options.endpointDiffers(next)
                && (binding != null) == next.enabled();
        if (!endpointAsWanted) {
            if (next.enabled()) {
                bind(next);
            } else {
                unbind();
                LOG.info("CoAP server disabled ({} is false)", ServerOptions.ENABLED);
            }
        }
        options = next;
        messageIds.allocator().setMaxPeers(next.maxPeers());
        capacity.resize(next.maxPeers(), next.maxObserveRelations(), capacityOptions);
        networkCapacity.setLifetime(next.exchangeLifetimeSeconds());
        adoptNode(next.domain(), next.group());
    }

    /** Replaces the access policy; it applies to the next request on either endpoint, without re-binding. */
    public void applyAccessPolicy(AccessPolicy policy) {
        accessPolicy.set(Objects.requireNonNull(policy, "policy"));
    }

    /** Replaces how capacity is shared by class; it applies to the next admission. What is held stays held. */
    public synchronized void applyCapacity(CapacityOptions next) {
        capacityOptions = Objects.requireNonNull(next, "capacity");
        ServerOptions current = options == null ? ServerOptions.defaults() : options;
        capacity.resize(current.maxPeers(), current.maxObserveRelations(), next);
    }

    /** @return the capacity pools, their refusals and what they hold (as {@code GET /server-stats} shows) */
    public ServerCapacity capacity() {
        return capacity;
    }

    /** @return the access policy in force */
    public AccessPolicy accessPolicy() {
        return accessPolicy.get();
    }

    /**
     * Binds, re-keys or unbinds the DTLS endpoint. It shares the bind address and the CoAP limits of the last
     * {@link #apply(ServerOptions) applied} plain configuration (the defaults before the first). Nothing happens if
     * options, credentials and those shared settings are as already bound; otherwise a new connector is bound (on the
     * same port the old one is released first, and taken back if the new one fails) and the old one's sessions end.
     *
     * @throws InvalidPropertyException if the endpoint cannot be built or bound; the previous DTLS endpoint (if any) keeps
     *             serving, and the plain endpoint is never touched
     */
    public synchronized void applyDtls(DtlsOptions dtls, DtlsCredentials credentials) {
        if (closed) {
            throw new IllegalStateException("server is closed");
        }
        ServerOptions shared = options == null ? ServerOptions.defaults() : options;
        SecureEndpointSettings next = new SecureEndpointSettings(shared, dtls, credentials);
        if (secureSettings != null && secureSettings.sameAs(next) && (secureBinding != null) == dtls.enabled()) {
            return;
        }
        if (!dtls.enabled()) {
            unbindSecure();
            secureSettings = next;
            return;
        }
        InetSocketAddress address = new InetSocketAddress(BindAddresses.local(shared.bindAddress()), dtls.port());
        EndpointBinding previous = secureBinding;
        boolean samePort = previous != null && dtls.port() != 0 && dtls.port() == previous.address().getPort();
        Configuration config = DtlsConnectorFactory.configure(CaliforniumSettings.configurationFor(shared), dtls,
                credentials);
        DTLSConnector connector = DtlsConnectorFactory.create(config, dtls, credentials, address);
        if (samePort) {
            previous.stop();
        }
        EndpointBinding fresh = new EndpointBinding(server, shared, config, accessPolicy::get, messageIds,
                networkCapacity, connector);
        try {
            fresh.start();
        } catch (IOException e) {
            fresh.destroy();
            if (samePort) {
                secureBinding = takeBack(previous, "DTLS") ? previous : null;
            }
            throw new InvalidPropertyException(DtlsOptions.PORT.id(), dtls.port() + " on "
                    + address.getAddress().getHostAddress() + " cannot be bound (" + e.getMessage() + ")", e);
        }
        secureBinding = fresh;
        secureSettings = next;
        if (previous != null) {
            retire(previous);
        }
        LOG.info("CoAP server listening for DTLS on {} ({}, {})", fresh.address(), dtls.psk(), credentials);
    }

    @Override
    public synchronized int getSecurePort() {
        return secureBinding == null ? -1 : secureBinding.address().getPort();
    }

    /** @return the last configuration applied, or {@code null} before the first */
    public synchronized ServerOptions options() {
        return options;
    }

    /** @return the bound address with its actual port, or {@code null} if no endpoint is bound */
    public synchronized InetSocketAddress boundAddress() {
        return binding == null ? null : binding.address();
    }

    /**
     * @return the messages the endpoints did not send because no message ID was free towards their peer (RFC 7252
     *         forbids reusing one within 247 s), counted since the server was made
     */
    public MessageIdAllocator.Refusals messageIdRefusals() {
        return messageIds.allocator().refusals();
    }

    /** The allocator the endpoints number their messages from (tests in this package move its sequence). */
    MessageIdAllocator messageIdAllocator() {
        return messageIds.allocator();
    }

    /** @return the Californium server, for adding resources that are not {@link ExtendedResource}s */
    public CoapServer californium() {
        return server;
    }

    @Override
    public boolean addResource(ExtendedResource resource, Class<?> type) {
        return addResource(resource, type, null);
    }

    @Override
    public boolean addResource(ExtendedResource resource, Class<?> type, String parentPath) {
        boolean added = published.publish(resource, type, parentPath);
        if (added) {
            LOG.debug("published {}", resource.getURI());
        } else {
            LOG.warn("not publishing {} at '{}': another resource has that path or it is published elsewhere",
                    resource.getName(), parentPath == null ? "" : parentPath);
        }
        return added;
    }

    @Override
    public boolean removeResource(ExtendedResource resource, Class<?> type) {
        return published.withdraw(resource);
    }

    @Override
    public List<ExtendedResource> getResources() {
        return published.resources();
    }

    @Override
    public String getDomain() {
        return domain;
    }

    @Override
    public String getGroup() {
        return group;
    }

    /**
     * Runs the request through this server's access-checking deliverer as if {@code caller} had sent it (see
     * {@link CoAPServer#execute}); works whether or not a network endpoint is bound.
     */
    @Override
    public CompletionStage<Response> execute(Request request, PeerIdentity caller) {
        return execute(request, caller, UNKNOWN_CLIENT);
    }

    /** As above, admitted by class ({@link ServerCapacity}): refused, it is answered 5.03 with a Max-Age at once. */
    @Override
    public CompletionStage<Response> execute(Request request, PeerIdentity caller, RequestOrigin origin) {
        LocalRequests local;
        synchronized (this) {
            if (closed) {
                return CompletableFuture.failedFuture(new IllegalStateException("server is closed"));
            }
            if (localRequests == null) {
                try {
                    localRequests = new LocalRequests(server, options != null ? options : ServerOptions.defaults(),
                            accessPolicy::get, capacity);
                } catch (java.io.IOException e) {
                    return CompletableFuture.failedFuture(e);
                }
            }
            local = localRequests;
        }
        return local.execute(request, caller, origin);
    }

    /** The same check as {@code access.AccessCheckingDeliverer} makes, under the access policy in force. */
    @Override
    public boolean permits(Code method, String path, PeerIdentity caller) {
        return AccessDecision.of(accessPolicy.get(), method, Optional.ofNullable(caller),
                published.find(path)) == AccessDecision.ALLOWED;
    }

    @Override
    public synchronized int getPort() {
        return binding == null ? -1 : binding.address().getPort();
    }

    /** Unbinds and withdraws every resource. */
    @Override
    public synchronized void close() {
        if (localRequests != null) {
            localRequests.close();
            localRequests = null;
        }
        if (closed) {
            return;
        }
        closed = true;
        published.withdrawAll();
        unbind();
        unbindSecure();
        server.destroy();
    }

    private void bind(ServerOptions next) {
        InetSocketAddress address = new InetSocketAddress(BindAddresses.local(next.bindAddress()), next.port());
        EndpointBinding previous = binding;
        // the same fixed port cannot be bound twice: free it first, and take it back if the new binding fails
        boolean samePort = previous != null && next.port() != 0 && next.port() == previous.address().getPort();
        if (samePort) {
            previous.stop();
        }
        EndpointBinding fresh = new EndpointBinding(server, next, accessPolicy::get, messageIds, networkCapacity,
                address);
        try {
            fresh.start();
        } catch (IOException e) {
            fresh.destroy();
            if (samePort) {
                binding = takeBack(previous, "CoAP") ? previous : null;
            }
            throw BindAddresses.failure(address, e);
        }
        binding = fresh;
        if (previous != null) {
            retire(previous);
        }
        LOG.info("CoAP server listening on {}", fresh.address());
        fresh.reportReceiveBuffer(next.udpReceiveBufferBytes());
    }

    /** @return whether {@code previous} serves again; if not, it is retired and the caller drops it */
    private boolean takeBack(EndpointBinding previous, String what) {
        try {
            previous.start();
            return true;
        } catch (IOException e) {
            LOG.error("CoAP server could not take back {} on {}: no such endpoint is bound", what, previous.address(), e);
            retire(previous);
            return false;
        }
    }

    private void unbind() {
        if (binding != null) {
            retire(binding);
            binding = null;
        }
    }

    private void unbindSecure() {
        if (secureBinding != null) {
            retire(secureBinding);
            secureBinding = null;
            LOG.info("CoAP server DTLS endpoint closed");
        }
    }

    private void adoptNode(String newDomain, String newGroup) {
        if (newDomain.equals(domain) && newGroup.equals(group)) {
            return;
        }
        domain = newDomain;
        group = newGroup;
        for (ExtendedResource resource : published.resources()) {
            if (resource.followsNodeDomainAndGroup()) {
                resource.updateDomainAndGroup(this);
            }
        }
    }

    /**
     * Cancels the observe relations made through the binding, then closes it: their notifications could only go out
     * through that endpoint (a re-keyed DTLS endpoint no longer holds the peers' sessions), and the observers
     * register again once their notifications stop (max-age). Relations over the other endpoint stay.
     */
    private void retire(EndpointBinding old) {
        try {
            observeRelations.cancel(old::carries);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // closing anyway: the relations end with the endpoint's executor
        }
        old.destroy();
    }
}
