package io.coaptree.rd.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.Random;

import org.junit.jupiter.api.Test;

class LinkLocalBaseTest {

    @Test
    void ipv6LinkLocalIsFe80Slash10InAnySpelling() {
        assertTrue(LinkLocalBase.isLinkLocal("coap://[fe80::1]:5683"));
        assertTrue(LinkLocalBase.isLinkLocal("coap://[FE80::1]"));
        assertTrue(LinkLocalBase.isLinkLocal("coaps://[fe80:0:0:0:fc:ff:fe00:1]:5684/path"));
        assertTrue(LinkLocalBase.isLinkLocal("coap://[febf::1]"), "fe80::/10 ends at febf");
        assertTrue(LinkLocalBase.isLinkLocal("http://user@[fe80::1]/x"));
        assertTrue(LinkLocalBase.isLinkLocal("coap://[::ffff:169.254.1.2]"), "IPv4-mapped");
        assertFalse(LinkLocalBase.isLinkLocal("coap://[fec0::1]"));
        assertFalse(LinkLocalBase.isLinkLocal("coap://[fe8::1]"), "0fe8 is not fe80");
        assertFalse(LinkLocalBase.isLinkLocal("coap://[2001:db8::1]:5683"));
        assertFalse(LinkLocalBase.isLinkLocal("coap://[::1]"));
        assertFalse(LinkLocalBase.isLinkLocal("coap://[v1.fe80]"));
        assertFalse(LinkLocalBase.isLinkLocal("coap://[::ffff:192.168.1.2]"));
    }

    @Test
    void ipv4LinkLocalIs169Dot254Slash16DottedQuadsOnly() {
        assertTrue(LinkLocalBase.isLinkLocal("coap://169.254.3.4:5683"));
        assertTrue(LinkLocalBase.isLinkLocal("coap://169.254.3.4"));
        assertTrue(LinkLocalBase.isLinkLocal("coap://169.254.3.4/sensors?x=1"));
        assertFalse(LinkLocalBase.isLinkLocal("coap://169.254.1.256"));
        assertFalse(LinkLocalBase.isLinkLocal("coap://169.254.example.com"));
        assertFalse(LinkLocalBase.isLinkLocal("coap://169.2540.1.1"));
        assertFalse(LinkLocalBase.isLinkLocal("coap://169.253.1.1"));
        assertFalse(LinkLocalBase.isLinkLocal("coap://192.168.1.1:5683"));
        assertFalse(LinkLocalBase.isLinkLocal("coap://sensor.local"), "a name is not an address");
        assertFalse(LinkLocalBase.isLinkLocal("coap://host/169.254.1.1"), "the path is not the host");
    }

    @Test
    void whatIsNotAnAbsoluteUriWithAnAuthorityIsNotLinkLocal() {
        assertFalse(LinkLocalBase.isLinkLocal(null));
        assertFalse(LinkLocalBase.isLinkLocal("fe80::1"));
        assertFalse(LinkLocalBase.isLinkLocal("coap:[fe80::1]"));
        assertFalse(LinkLocalBase.isLinkLocal("coap://"));
        assertFalse(LinkLocalBase.isLinkLocal("coap://[fe80::1"));
        assertNull(LinkLocalBase.parse("coap://example.com"));
    }

    @Test
    void zoneIdentifiersAreFoundInAnyIpLiteral() {
        assertTrue(LinkLocalBase.hasZone("coap://[fe80::1%25eth0]:5683"));
        assertTrue(LinkLocalBase.hasZone("coap://[fe80::1%eth0]"), "the bare % of RFC 4007 text form");
        assertTrue(LinkLocalBase.hasZone("coap://[2001:db8::1%25eth0]"), "meaningless on a global address too");
        assertTrue(LinkLocalBase.hasZone("coap://169.254.1.2%25eth0:5683"));
        assertFalse(LinkLocalBase.hasZone("coap://[fe80::1]:5683/a%20b"));
        assertFalse(LinkLocalBase.hasZone("coap://ex%41mple.com"));
        assertFalse(LinkLocalBase.hasZone("coap://192.168.1.1"));
    }

    @Test
    void theRecordedLinkIsAnRfc6874ZoneThatLookupsRemove() {
        String ipv6 = LinkLocalBase.withZone("coap://[fe80::1]:5683/path", "eth0");
        assertEquals("coap://[fe80::1%25eth0]:5683/path", ipv6);
        LinkLocalBase parsed = LinkLocalBase.parse(ipv6);
        assertNotNull(parsed);
        assertEquals(Optional.of("eth0"), parsed.zone());
        assertEquals("coap://[fe80::1]:5683/path", parsed.withoutZone());

        String ipv4 = LinkLocalBase.withZone("coap://169.254.1.2:5683", "wlan0");
        assertEquals("coap://169.254.1.2%25wlan0:5683", ipv4);
        assertTrue(LinkLocalBase.isLinkLocal(ipv4));
        assertEquals(Optional.of("wlan0"), LinkLocalBase.parse(ipv4).zone());
        assertEquals("coap://169.254.1.2:5683", LinkLocalBase.parse(ipv4).withoutZone());

        LinkLocalBase unscoped = LinkLocalBase.parse("coap://[fe80::1]");
        assertEquals(Optional.empty(), unscoped.zone());
        assertEquals("coap://[fe80::1]", unscoped.withoutZone());
    }

    @Test
    void linkNamesOutsideTheZoneAlphabetArePercentEncodedAndDecodedBack() {
        String odd = "wpan 0/é%";
        String base = LinkLocalBase.withZone("coap://[fe80::2]", odd);
        assertEquals("coap://[fe80::2%25wpan%200%2F%C3%A9%25]", base);
        assertEquals(Optional.of(odd), LinkLocalBase.parse(base).zone());
        assertEquals("coap://[fe80::2]", LinkLocalBase.parse(base).withoutZone());
    }

    @Test
    void aZoneIsOnlyAddedToALinkLocalBaseWithoutOne() {
        assertThrows(IllegalArgumentException.class, () -> LinkLocalBase.withZone("coap://[2001:db8::1]", "eth0"));
        assertThrows(IllegalArgumentException.class, () -> LinkLocalBase.withZone("coap://[fe80::1%25a]", "eth0"));
        assertThrows(IllegalArgumentException.class, () -> LinkLocalBase.withZone("coap://[fe80::1]", ""));
    }

    @Test
    void anyStringIsReadWithoutThrowing() {
        Random random = new Random(9176);
        String alphabet = "[]:%25/.?#@fe80::1169.254abcz ";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder text = new StringBuilder(random.nextBoolean() ? "coap://" : "");
            int length = random.nextInt(24);
            for (int j = 0; j < length; j++) {
                text.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String base = text.toString();
            LinkLocalBase parsed = LinkLocalBase.parse(base);
            LinkLocalBase.hasZone(base);
            if (parsed != null) {
                parsed.zone();
                assertFalse(LinkLocalBase.hasZone(parsed.withoutZone()), base);
            }
        }
    }
}
