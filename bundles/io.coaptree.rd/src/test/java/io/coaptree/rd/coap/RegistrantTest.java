package io.coaptree.rd.coap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.util.Optional;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.junit.jupiter.api.Test;

import io.coaptree.rd.lookup.PeerLinks;

/** The default base and the explicit-base rules of RFC 9176 section 5 for link-local addresses. */
class RegistrantTest {

    private static final PeerLinks WPAN = peer -> peer.getHostAddress().startsWith("fe80")
            || peer.getHostAddress().startsWith("169.254") || peer.getHostAddress().equals("192.168.7.2")
                    ? Optional.of("wpan0")
                    : Optional.empty();

    private static Registrant from(InetAddress address, PeerLinks links) {
        return Registrant.of("coap", address, 5683, null, links);
    }

    @Test
    void aLinkLocalSourceBecomesABaseWithTheLinkItCameFrom() throws Exception {
        InetAddress scoped = Inet6Address.getByAddress(null, InetAddress.getByName("fe80::1").getAddress(), 3);
        assertEquals("coap://[fe80:0:0:0:0:0:0:1%25wpan0]:5683", from(scoped, WPAN).sourceUri());
        assertEquals("coap://169.254.1.2%25wpan0:5683", from(InetAddress.getByName("169.254.1.2"), WPAN).sourceUri());
        assertEquals("coap://[fe80:0:0:0:0:0:0:1]:5683", from(scoped, PeerLinks.NONE).sourceUri(),
                "no link known: no zone, so no lookup shows it");
        assertEquals("coap://192.168.7.2:5683", from(InetAddress.getByName("192.168.7.2"), WPAN).sourceUri());
        assertEquals("coap://[2001:db8:0:0:0:0:0:1]:5683", from(InetAddress.getByName("2001:db8::1"), WPAN).sourceUri());
    }

    @Test
    void anExplicitLinkLocalBaseGetsTheRequestsLinkOrIsRefused() throws Exception {
        Registrant onLink = from(InetAddress.getByName("192.168.7.2"), WPAN);
        assertEquals("coap://[fe80::5%25wpan0]:5683", onLink.scopedBase("coap://[fe80::5]:5683"));
        assertEquals("coap://gw.example.com", onLink.scopedBase("coap://gw.example.com"));

        Registrant routed = from(InetAddress.getByName("10.9.9.9"), WPAN);
        assertEquals("coap://[2001:db8::5]", routed.scopedBase("coap://[2001:db8::5]"));
        RefusedRequestException offLink = assertThrows(RefusedRequestException.class,
                () -> routed.scopedBase("coap://169.254.3.3"));
        assertRefused(offLink, "link-local");
    }

    @Test
    void aBaseWithAZoneIdentifierIsRefused() throws Exception {
        Registrant onLink = from(InetAddress.getByName("192.168.7.2"), WPAN);
        assertRefused(assertThrows(RefusedRequestException.class,
                () -> onLink.scopedBase("coap://[fe80::5%25wpan0]:5683")), "zone identifier");
        assertRefused(assertThrows(RefusedRequestException.class,
                () -> onLink.scopedBase("coap://[2001:db8::5%eth0]")), "zone identifier");
    }

    private static void assertRefused(RefusedRequestException e, String diagnosticPart) {
        assertEquals(ResponseCode.BAD_REQUEST, e.code());
        assertTrue(e.getMessage().contains(diagnosticPart), e.getMessage());
    }
}
