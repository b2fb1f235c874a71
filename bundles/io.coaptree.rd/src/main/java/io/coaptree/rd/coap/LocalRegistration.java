package io.coaptree.rd.coap;

import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Enumeration;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.eclipse.californium.core.server.resources.Resource;
import org.eclipse.californium.core.server.resources.ResourceAttributes;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.ExtendedResource;
import io.coaptree.linkformat.Link;
import io.coaptree.rd.directory.LocalDirectory;
import io.coaptree.rd.store.Registration;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.StoreResult;

/**
 * Request aggregation: the node's own published {@link ExtendedResource}s are held in the local directory as ONE
 * registration (endpoint {@code local.endpoint.name}), written in one operation of the directory (the same one
 * the Java service and {@code /rd} use, so the same rules apply), not one message per resource. A periodic check on the directory's scheduler re-registers when resources come or go or their
 * attributes change (the same location is kept), and refreshes the lifetime before it lapses.
 */
final class LocalRegistration implements Runnable {

    /** The identity bound to the local registration: no DTLS peer identity ({@code psk:}, {@code x509:}, {@code rpk:}) can equal it. */
    static final String IDENTITY = "local";

    private static final Logger LOG = LoggerFactory.getLogger(LocalRegistration.class);

    private final DirectoryContext context;
    private final CoAPServer server;
    private final Set<Resource> excluded = Collections.newSetFromMap(new IdentityHashMap<>());
    private List<Link> registeredLinks;
    private String registeredBase;
    private String registeredSector;
    private String lastProblem;

    LocalRegistration(DirectoryContext context, CoAPServer server, List<? extends Resource> ownResources) {
        this.context = context;
        this.server = server;
        this.excluded.addAll(ownResources);
    }

    /** Registers or refreshes if needed. Runs on the directory's single scheduler thread only. */
    @Override
    public void run() {
        try {
            check();
        } catch (RuntimeException e) {
            // a periodic task that throws is never run again
            LOG.warn("Local registration check failed; retrying at the next check", e);
        }
    }

    private void check() {
        String base = base();
        if (base == null) {
            return;
        }
        List<Link> links = links();
        LocalDirectory directory = context.directory();
        String sector = directory.defaultSector();
        String ep = context.options().localEndpointName();
        Registration current = directory.store().find(sector, ep).orElse(null);
        long lifetimeMillis = context.options().localLifetimeSeconds() * 1000L;
        boolean fresh = current != null && directory.store().remainingMillis(current) > lifetimeMillis / 2;
        if (fresh && links.equals(registeredLinks) && base.equals(registeredBase) && sector.equals(registeredSector)) {
            return;
        }
        if (registeredSector != null && !sector.equals(registeredSector)) {
            // the node moved to another domain: its registration in the old sector goes
            directory.store().find(registeredSector, ep)
                    .ifPresent(old -> directory.remove(old.id(), IDENTITY));
        }
        StoreResult result = directory.register(RegistrationRequest.builder(ep)
                .sector(sector.isEmpty() ? null : sector).base(base)
                .lifetimeSeconds(context.options().localLifetimeSeconds()).identity(IDENTITY).links(links).build());
        if (result.isSuccess()) {
            registeredLinks = links;
            registeredBase = base;
            registeredSector = sector;
            lastProblem = null;
            LOG.debug("Local resources registered as {}: {} links", ep, links.size());
        } else if (!result.diagnostic().equals(lastProblem)) {
            lastProblem = result.diagnostic();
            LOG.warn("The node's own resources could not be registered as '{}': {}", ep, result.diagnostic());
        }
    }

    /** The published resources as links: path-absolute targets with every link attribute of the resource. */
    private List<Link> links() {
        List<Link> links = new ArrayList<>();
        for (ExtendedResource resource : server.getResources()) {
            if (!resource.isVisible() || excluded.contains(resource)) {
                continue;
            }
            String target = resource.getURI();
            if (!Link.isValidTarget(target)) {
                continue;
            }
            links.add(link(target, resource.getAttributes()));
        }
        return links;
    }

    private static Link link(String target, ResourceAttributes attributes) {
        Link.Builder link = Link.builder(target);
        // sorted: Californium keeps attributes in a hash map, and a stable order keeps unchanged links equal
        for (String name : new TreeSet<>(attributes.getAttributeKeySet())) {
            for (String value : attributes.getAttributeValues(name)) {
                try {
                    if (value == null || value.isEmpty()) {
                        link.flag(name);
                    } else {
                        link.attribute(name, value);
                    }
                } catch (IllegalArgumentException unrepresentable) {
                    // a name Californium accepts but link-format cannot carry: leave it out of the directory
                }
            }
        }
        return link.build();
    }

    private String base() {
        String configured = context.options().localBase();
        if (!configured.isEmpty()) {
            return configured;
        }
        int port = server.getPort();
        return port < 0 ? null : "coap://" + Registrant.hostLiteral(hostAddress()) + ":" + port;
    }

    /** A site-local IPv4 address of this host if it has one (what other nodes reach it by), else the loopback. */
    private static InetAddress hostAddress() {
        try {
            Enumeration<NetworkInterface> interfaces = NetworkInterface.getNetworkInterfaces();
            while (interfaces != null && interfaces.hasMoreElements()) {
                NetworkInterface candidate = interfaces.nextElement();
                if (!candidate.isUp() || candidate.isLoopback()) {
                    continue;
                }
                for (InetAddress address : Collections.list(candidate.getInetAddresses())) {
                    if (address instanceof Inet4Address && address.isSiteLocalAddress()) {
                        return address;
                    }
                }
            }
        } catch (SocketException e) {
            LOG.debug("Cannot list network interfaces", e);
        }
        return InetAddress.getLoopbackAddress();
    }
}
