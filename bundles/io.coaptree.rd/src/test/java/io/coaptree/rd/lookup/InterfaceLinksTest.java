package io.coaptree.rd.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InterfaceAddress;
import java.net.NetworkInterface;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import io.coaptree.rd.lookup.InterfaceLinks.Attachment;

class InterfaceLinksTest {

    private final AtomicLong nanos = new AtomicLong(1_000_000_000L);
    private final AtomicInteger reads = new AtomicInteger();
    private final List<Attachment> interfaces = new ArrayList<>(List.of(
            attachment("eth0", 2, "192.168.1.10", 24),
            attachment("eth0", 2, "2001:db8:1::10", 64),
            attachment("eth0", 2, "fe80::1", 64),
            attachment("wpan0", 3, "fd00:2::1", 64),
            attachment("wpan0", 3, "fe80::2", 64),
            attachment("wpan0", 3, "169.254.7.7", 16)));
    private final InterfaceLinks links = new InterfaceLinks(Duration.ofSeconds(30), nanos::get, () -> {
        reads.incrementAndGet();
        return List.copyOf(interfaces);
    });

    private static Attachment attachment(String link, int index, String address, int prefixLength) {
        return new Attachment(link, index, literal(address), prefixLength);
    }

    private static InetAddress literal(String address) {
        try {
            return InetAddress.getByName(address);
        } catch (UnknownHostException e) {
            throw new AssertionError(e);
        }
    }

    private static InetAddress scoped(String address, int scope) throws UnknownHostException {
        return Inet6Address.getByAddress(null, literal(address).getAddress(), scope);
    }

    @Test
    void aPeerIsOnTheLinkWhosePrefixHoldsItsAddress() {
        assertEquals(Optional.of("eth0"), links.linkOf(literal("192.168.1.77")));
        assertEquals(Optional.of("eth0"), links.linkOf(literal("2001:db8:1::99")));
        assertEquals(Optional.of("wpan0"), links.linkOf(literal("fd00:2::5")));
        assertEquals(Optional.of("wpan0"), links.linkOf(literal("169.254.200.1")));
    }

    @Test
    void aScopedIpv6PeerIsOnTheInterfaceOfItsScope() throws Exception {
        assertEquals(Optional.of("wpan0"), links.linkOf(scoped("fe80::99", 3)));
        assertEquals(Optional.of("eth0"), links.linkOf(scoped("fe80::99", 2)));
        assertEquals(Optional.empty(), links.linkOf(scoped("fe80::99", 42)), "no such interface");
    }

    @Test
    void routedLoopbackAndUnscopedLinkLocalPeersAreOnNoLink() {
        assertEquals(Optional.empty(), links.linkOf(literal("10.0.0.1")));
        assertEquals(Optional.empty(), links.linkOf(literal("2001:db8:2::1")));
        assertEquals(Optional.empty(), links.linkOf(literal("127.0.0.1")));
        assertEquals(Optional.empty(), links.linkOf(literal("::1")));
        assertEquals(Optional.empty(), links.linkOf(literal("fe80::99")), "on every IPv6 link at once");
        assertEquals(Optional.empty(), links.linkOf(null));
    }

    @Test
    void anAddressTwoLinksShareIsOnNoLink() {
        interfaces.add(attachment("eth1", 4, "169.254.9.9", 16));
        assertEquals(Optional.empty(), links.linkOf(literal("169.254.200.1")));
        assertEquals(Optional.of("eth0"), links.linkOf(literal("192.168.1.77")));
    }

    @Test
    void theTableIsReadOncePerIntervalAndAMissRereadsItAtMostOnceASecond() {
        links.linkOf(literal("192.168.1.77"));
        links.linkOf(literal("192.168.1.78"));
        assertEquals(1, reads.get());

        interfaces.add(attachment("eth1", 4, "10.1.0.1", 16));
        links.linkOf(literal("10.2.0.1")); // routed
        links.linkOf(literal("10.1.0.5")); // on the new interface, within the second
        assertEquals(1, reads.get(), "a miss rereads at most once a second");
        assertEquals(Optional.empty(), links.linkOf(literal("10.1.0.5")));

        nanos.addAndGet(Duration.ofMillis(1500).toNanos());
        assertEquals(Optional.of("eth1"), links.linkOf(literal("10.1.0.5")), "a miss after a second rereads");
        assertEquals(2, reads.get());

        nanos.addAndGet(Duration.ofSeconds(29).toNanos());
        links.linkOf(literal("192.168.1.77"));
        assertEquals(2, reads.get());
        nanos.addAndGet(Duration.ofSeconds(2).toNanos());
        links.linkOf(literal("192.168.1.77"));
        assertEquals(3, reads.get(), "a hit rereads once the interval is over");
    }

    @Test
    void thisHostsInterfacesAreRead() throws Exception {
        InterfaceLinks real = new InterfaceLinks(Duration.ofSeconds(30));
        assertEquals(Optional.empty(), real.linkOf(InetAddress.getLoopbackAddress()));
        boolean checked = false;
        for (NetworkInterface network : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!network.isUp() || network.isLoopback()) {
                continue;
            }
            for (InterfaceAddress address : network.getInterfaceAddresses()) {
                InetAddress own = address.getAddress();
                if (own instanceof Inet4Address && address.getNetworkPrefixLength() > 0
                        && address.getNetworkPrefixLength() <= 32 && real.linkOf(own).isPresent()) {
                    assertEquals(Optional.of(network.getName()), real.linkOf(own), own.toString());
                    checked = true;
                }
                if (own instanceof Inet6Address && own.isLinkLocalAddress()) {
                    assertEquals(Optional.of(network.getName()),
                            real.linkOf(scoped(own.getHostAddress().replaceAll("%.*", ""), network.getIndex())));
                    checked = true;
                }
            }
        }
        assumeTrue(checked, "this host has no up interface with an IPv4 or IPv6 link-local address");
    }
}
