package io.coaptree.rd.lookup;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@link PeerLinks} from this host's network interfaces ({@link NetworkInterface}): a peer is on the link of the
 * interface whose on-link prefix holds its address, or, for an IPv6 address with a scope (every link-local source
 * address a socket receives carries one), on the interface of that scope.
 * <ul>
 * <li>Loopback peers are on no link: the directory's own host reaches a link-local address only with a zone, which
 * lookups never give, and requests executed in-process for other gateways come from synthetic loopback peers.</li>
 * <li>An address that several interfaces' prefixes hold (two interfaces in 169.254.0.0/16, say) is on no link:
 * better no answer than the wrong link. So is an IPv6 link-local address without scope.</li>
 * </ul>
 * The interfaces are read at most every {@code refreshInterval} (a few hundred microseconds on a gateway), on the
 * thread that finds the table stale; a peer matching no interface rereads it at most once a second, so a new
 * interface is seen soon while routed peers cost no rereads.
 */
public final class InterfaceLinks implements PeerLinks {

    private static final Logger LOG = LoggerFactory.getLogger(InterfaceLinks.class);
    private static final long MISS_REREAD_NANOS = Duration.ofSeconds(1).toNanos();
    private static final AtomicBoolean UNREADABLE_LOGGED = new AtomicBoolean();

    /** One address of an interface with its prefix: what the table is made of. */
    record Attachment(String link, int index, InetAddress address, int prefixLength) {
    }

    private record Table(long readAtNanos, List<Attachment> prefixes, Map<Integer, String> namesByIndex) {
    }

    private final long refreshNanos;
    private final LongSupplier nanoClock;
    private final Supplier<List<Attachment>> reader;
    private volatile Table table;

    /** @param refreshInterval how old the interface table may get before a request rereads it */
    public InterfaceLinks(Duration refreshInterval) {
        this(refreshInterval, System::nanoTime, InterfaceLinks::readInterfaces);
    }

    InterfaceLinks(Duration refreshInterval, LongSupplier nanoClock, Supplier<List<Attachment>> reader) {
        if (refreshInterval.isNegative() || refreshInterval.isZero()) {
            throw new IllegalArgumentException("refreshInterval must be positive, was " + refreshInterval);
        }
        this.refreshNanos = refreshInterval.toNanos();
        this.nanoClock = nanoClock;
        this.reader = reader;
    }

    @Override
    public Optional<String> linkOf(InetAddress peer) {
        if (peer == null || peer.isLoopbackAddress() || peer.isAnyLocalAddress() || peer.isMulticastAddress()) {
            return Optional.empty();
        }
        Table current = tableNotOlderThan(refreshNanos);
        Optional<String> link = find(current, peer);
        if (link.isEmpty()) {
            Table reread = tableNotOlderThan(MISS_REREAD_NANOS);
            if (reread != current) {
                link = find(reread, peer);
            }
        }
        return link;
    }

    private static Optional<String> find(Table table, InetAddress peer) {
        if (peer instanceof Inet6Address v6) {
            if (v6.getScopedInterface() != null) {
                return Optional.of(v6.getScopedInterface().getName());
            }
            if (v6.getScopeId() != 0) {
                return Optional.ofNullable(table.namesByIndex().get(v6.getScopeId()));
            }
            if (v6.isLinkLocalAddress()) {
                return Optional.empty(); // on every IPv6 interface's fe80::/64: which one cannot be told
            }
        }
        byte[] address = peer.getAddress();
        String found = null;
        for (Attachment prefix : table.prefixes()) {
            if (within(address, prefix.address().getAddress(), prefix.prefixLength())) {
                if (found != null && !found.equals(prefix.link())) {
                    return Optional.empty();
                }
                found = prefix.link();
            }
        }
        return Optional.ofNullable(found);
    }

    private static boolean within(byte[] address, byte[] network, int prefixLength) {
        if (address.length != network.length) {
            return false;
        }
        int fullBytes = prefixLength / 8;
        for (int i = 0; i < fullBytes; i++) {
            if (address[i] != network[i]) {
                return false;
            }
        }
        int restBits = prefixLength % 8;
        if (restBits == 0) {
            return true;
        }
        int mask = 0xFF << (8 - restBits) & 0xFF;
        return (address[fullBytes] & mask) == (network[fullBytes] & mask);
    }

    private Table tableNotOlderThan(long maxAgeNanos) {
        Table current = table;
        if (current != null && nanoClock.getAsLong() - current.readAtNanos() < maxAgeNanos) {
            return current;
        }
        synchronized (this) {
            current = table;
            long now = nanoClock.getAsLong();
            if (current == null || now - current.readAtNanos() >= maxAgeNanos) {
                current = read(now);
                table = current;
            }
            return current;
        }
    }

    private Table read(long now) {
        List<Attachment> prefixes = new ArrayList<>();
        Map<Integer, String> names = new HashMap<>();
        for (Attachment attachment : reader.get()) {
            names.putIfAbsent(attachment.index(), attachment.link());
            InetAddress address = attachment.address();
            int bits = address.getAddress().length * 8;
            // fe80::/64 is on every IPv6 interface: scoped addresses are matched by index instead
            boolean usable = attachment.prefixLength() > 0 && attachment.prefixLength() <= bits
                    && !address.isLoopbackAddress() && !(address instanceof Inet6Address && address.isLinkLocalAddress());
            if (usable) {
                prefixes.add(attachment);
            }
        }
        return new Table(now, List.copyOf(prefixes), Map.copyOf(names));
    }

    /** The up, non-loopback interfaces' addresses. */
    static List<Attachment> readInterfaces() {
        List<Attachment> attachments = new ArrayList<>();
        try {
            for (NetworkInterface network : Collections.list(NetworkInterface.getNetworkInterfaces())) {
                if (!network.isUp() || network.isLoopback()) {
                    continue;
                }
                for (InterfaceAddress address : network.getInterfaceAddresses()) {
                    if (address.getAddress() != null) {
                        attachments.add(new Attachment(network.getName(), network.getIndex(), address.getAddress(),
                                address.getNetworkPrefixLength()));
                    }
                }
            }
        } catch (SocketException | RuntimeException e) {
            if (UNREADABLE_LOGGED.compareAndSet(false, true)) {
                LOG.warn("Cannot read the network interfaces: link-local registrations are refused or hidden while "
                        + "they cannot be read", e);
            } else {
                LOG.debug("Cannot read the network interfaces", e);
            }
        }
        return attachments;
    }
}
