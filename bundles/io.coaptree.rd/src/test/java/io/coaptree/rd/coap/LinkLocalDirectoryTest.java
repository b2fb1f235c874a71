package io.coaptree.rd.coap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapObserveRelation;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.Code;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.AddressEndpointContext;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.rd.lookup.PeerLinks;
import io.coaptree.rd.store.Registration;
import io.coaptree.server.options.ServerOptions;

/**
 * RFC 9176 link-local bases through the real CoAP stack: a registration whose base is link-local is found only by
 * lookups from the link it was registered on, never with a zone identifier (sections 6.1, 6.4), and a base with a
 * zone or a link-local base from off-link is refused (section 5). Peers on different links are clients bound to
 * different loopback addresses, which the directory is told are on links "wpan0" and "eth0"; one test uses this
 * host's real IPv6 link-local address where it has one.
 */
class LinkLocalDirectoryTest {

    private static final String LINKS = "</temp>;rt=\"temperature\",</light>;rt=\"light\"";
    private static final PeerLinks TWO_LINKS = peer -> switch (peer.getHostAddress()) {
        case "127.0.0.2" -> Optional.of("wpan0");
        case "127.0.0.3" -> Optional.of("eth0");
        default -> Optional.empty();
    };

    private DirectoryFixture rd;
    private final List<CoapEndpoint> endpoints = new ArrayList<>();

    @AfterEach
    void stop() throws Exception {
        endpoints.forEach(CoapEndpoint::destroy);
        if (rd != null) {
            rd.close();
        }
    }

    private CoapEndpoint peer(String address) {
        CoapEndpoint endpoint = DirectoryFixture.newClientEndpoint(new InetSocketAddress(address, 0));
        endpoints.add(endpoint);
        return endpoint;
    }

    private CoapResponse send(CoapEndpoint from, Code code, String pathAndQuery, String links) throws Exception {
        Request request = rd.request(code, pathAndQuery);
        if (links != null) {
            request.setPayload(links.getBytes(StandardCharsets.UTF_8));
            request.getOptions().setContentFormat(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
        }
        CoapClient client = new CoapClient(rd.uri("/"));
        client.setEndpoint(from);
        client.setTimeout(5_000L);
        CoapResponse response = client.advanced(request);
        assertNotNull(response, "no response to " + code + " " + pathAndQuery);
        return response;
    }

    private String lookup(CoapEndpoint from, String pathAndQuery) throws Exception {
        CoapResponse response = send(from, Code.GET, pathAndQuery, null);
        assertEquals(ResponseCode.CONTENT, response.getCode(), response.getResponseText());
        return response.getResponseText();
    }

    private static List<String> targets(String linkFormat) throws Exception {
        List<String> targets = new ArrayList<>();
        for (Link link : LinkFormatParser.withDefaults().parse(linkFormat)) {
            targets.add(link.target());
        }
        return targets;
    }

    @Test
    void aLinkLocalBaseIsFoundOnlyFromItsLinkAndWithoutZone() throws Exception {
        rd = new DirectoryFixture(Map.of(), null, Map.of(), TWO_LINKS);
        CoapEndpoint wpan = peer("127.0.0.2");
        CoapEndpoint eth = peer("127.0.0.3");
        CoapEndpoint offLink = peer("127.0.0.1");

        CoapResponse created = send(wpan, Code.POST, "/rd?ep=sensor&lt=300&base=coap://[fe80::1]:5683", LINKS);
        assertEquals(ResponseCode.CREATED, created.getCode(), created.getResponseText());
        send(eth, Code.POST, "/rd?ep=router&lt=300&base=coap://[2001:db8::1]", LINKS);

        assertEquals(List.of("coap://[fe80::1]:5683/temp", "coap://[fe80::1]:5683/light",
                "coap://[2001:db8::1]/temp", "coap://[2001:db8::1]/light"), targets(lookup(wpan, "/rd-lookup/res")));
        String endpoint = lookup(wpan, "/rd-lookup/ep?ep=sensor");
        assertTrue(endpoint.contains("base=\"coap://[fe80::1]:5683\""), endpoint);
        assertFalse(lookup(wpan, "/rd-lookup/res").contains("%"), "no zone identifier");

        assertEquals(List.of("coap://[2001:db8::1]/temp", "coap://[2001:db8::1]/light"),
                targets(lookup(eth, "/rd-lookup/res")));
        assertEquals("", lookup(eth, "/rd-lookup/ep?ep=sensor"));
        assertEquals("", lookup(offLink, "/rd-lookup/res?rt=temperature&base=coap://[fe80*"));
        assertEquals(2, targets(lookup(offLink, "/rd-lookup/res")).size());

        // the directory keeps the link as the zone of the stored base
        Registration stored = rd.directory.store().find("", "sensor").orElseThrow();
        assertEquals("coap://[fe80::1%25wpan0]:5683", stored.base());
    }

    @Test
    void aZoneInTheBaseAndALinkLocalBaseFromOffLinkAreRefused() throws Exception {
        rd = new DirectoryFixture(Map.of(), null, Map.of(), TWO_LINKS);
        CoapEndpoint wpan = peer("127.0.0.2");
        CoapEndpoint offLink = peer("127.0.0.1");

        CoapResponse zoned = send(wpan, Code.POST, "/rd?ep=sensor&base=coap://[fe80::1%25eth0]:5683", LINKS);
        assertEquals(ResponseCode.BAD_REQUEST, zoned.getCode());
        assertTrue(zoned.getResponseText().contains("zone identifier"), zoned.getResponseText());

        CoapResponse routed = send(offLink, Code.POST, "/rd?ep=sensor&base=coap://169.254.1.1", LINKS);
        assertEquals(ResponseCode.BAD_REQUEST, routed.getCode());
        assertTrue(routed.getResponseText().contains("link-local"), routed.getResponseText());
        assertEquals(0, rd.directory.store().size(), "a refused registration changes nothing");

        // an update is held to the same rules (RFC 9176 section 5.3.1) and a refused one changes nothing
        String location = "/" + send(offLink, Code.POST, "/rd?ep=sensor&lt=300&base=coap://gw.example.com", LINKS)
                .getOptions().getLocationPathString();
        assertEquals(ResponseCode.BAD_REQUEST,
                send(wpan, Code.POST, location + "?base=coap://[fe80::1%25wpan0]", null).getCode());
        assertEquals(ResponseCode.BAD_REQUEST, send(offLink, Code.POST, location + "?base=coap://[fe80::1]", null)
                .getCode());
        assertEquals("coap://gw.example.com", rd.directory.store().find("", "sensor").orElseThrow().base());
    }

    @Test
    void anUpdateFromAnotherLinkMovesTheRegistrationThere() throws Exception {
        rd = new DirectoryFixture(Map.of(), null, Map.of(), TWO_LINKS);
        CoapEndpoint wpan = peer("127.0.0.2");
        CoapEndpoint eth = peer("127.0.0.3");
        String location = "/" + send(wpan, Code.POST, "/rd?ep=sensor&lt=300&base=coap://[fe80::1]", LINKS)
                .getOptions().getLocationPathString();

        CoapResponse updated = send(eth, Code.POST, location + "?base=coap://169.254.1.1:5683", null);
        assertEquals(ResponseCode.CHANGED, updated.getCode(), updated.getResponseText());

        assertEquals(List.of("coap://169.254.1.1:5683/temp"), targets(lookup(eth, "/rd-lookup/res?rt=temperature")));
        assertEquals("", lookup(wpan, "/rd-lookup/res"));
    }

    @Test
    void theRecordedLinkSurvivesARestart(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("registrations.txt");
        rd = new DirectoryFixture(Map.of(), file, Map.of(), TWO_LINKS);
        CoapResponse created = send(peer("127.0.0.2"), Code.POST, "/rd?ep=sensor&lt=3600&base=coap://[fe80::1]", LINKS);
        assertEquals(ResponseCode.CREATED, created.getCode(), created.getResponseText());
        rd.close();
        endpoints.forEach(CoapEndpoint::destroy);
        endpoints.clear();

        rd = new DirectoryFixture(Map.of(), file, Map.of(), TWO_LINKS);
        assertEquals(List.of("coap://[fe80::1]/temp"),
                targets(lookup(peer("127.0.0.2"), "/rd-lookup/res?rt=temperature")));
        assertEquals("", lookup(peer("127.0.0.3"), "/rd-lookup/res?rt=temperature"));
    }

    @Test
    void eachObserverIsNotifiedWithWhatItsOwnLinkMaySee() throws Exception {
        rd = new DirectoryFixture(Map.of(), null, Map.of(), TWO_LINKS);
        CoapEndpoint wpan = peer("127.0.0.2");
        CoapEndpoint eth = peer("127.0.0.3");
        BlockingQueue<String> onWpan = new LinkedBlockingQueue<>();
        BlockingQueue<String> onEth = new LinkedBlockingQueue<>();
        CoapObserveRelation wpanRelation = observe(wpan, onWpan);
        CoapObserveRelation ethRelation = observe(eth, onEth);
        try {
            assertEquals("", onWpan.poll(5, TimeUnit.SECONDS));
            assertEquals("", onEth.poll(5, TimeUnit.SECONDS));

            send(wpan, Code.POST, "/rd?ep=sensor&lt=300&base=coap://[fe80::1]", LINKS);
            assertEquals(List.of("coap://[fe80::1]/temp"), targets(next(onWpan, "fe80")));

            // a later registration everybody sees: once the eth0 observer has it, it has had every notification
            send(eth, Code.POST, "/rd?ep=thermostat&lt=300&base=coap://[2001:db8::7]", LINKS);
            List<String> seenOnEth = new ArrayList<>();
            String last;
            do {
                last = onEth.poll(5, TimeUnit.SECONDS);
                assertNotNull(last, "no notification on eth0 after " + seenOnEth);
                seenOnEth.add(last);
            } while (!last.contains("2001:db8::7"));
            assertTrue(seenOnEth.stream().noneMatch(text -> text.contains("fe80")), seenOnEth.toString());
            assertEquals(List.of("coap://[2001:db8::7]/temp"), targets(last));
        } finally {
            wpanRelation.proactiveCancel();
            ethRelation.proactiveCancel();
        }
    }

    private CoapObserveRelation observe(CoapEndpoint from, BlockingQueue<String> notifications) {
        CoapClient client = new CoapClient(rd.uri("/rd-lookup/res?rt=temperature"));
        client.setEndpoint(from);
        return DirectoryFixture.observe(client, notifications);
    }

    private static String next(BlockingQueue<String> notifications, String containing) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (System.nanoTime() < deadline) {
            String notified = notifications.poll(1, TimeUnit.SECONDS);
            if (notified != null && notified.contains(containing)) {
                return notified;
            }
        }
        throw new AssertionError("no notification containing " + containing);
    }

    /** This host's own IPv6 link-local address and its interface, with a real registration from it. */
    @Test
    void aRegistrantOnARealLinkLocalAddressIsRecordedWithItsInterface() throws Exception {
        Inet6Address own = ownLinkLocalAddress();
        assumeTrue(own != null, "this host has no IPv6 link-local address");
        rd = new DirectoryFixture(Map.of(), null, Map.of(ServerOptions.BIND_ADDRESS.id(), "::"), null);
        CoapEndpoint onLink = peer(own.getHostAddress());
        onLink.start();
        String plain = own.getHostAddress().replaceAll("%.*", "");
        String expectedBase = "coap://[" + plain + "]:" + onLink.getAddress().getPort();

        Response created = sendTo(onLink, own, Code.POST, "rd", "ep=onlink&lt=300", "</temp>;rt=temperature");
        assertNotNull(created, "no answer over the link-local address");
        assertEquals(ResponseCode.CREATED, created.getCode(), created.getPayloadString());

        Response sameLink = sendTo(onLink, own, Code.GET, "rd-lookup/res", "ep=onlink", null);
        assertEquals(List.of(expectedBase + "/temp"), targets(sameLink.getPayloadString()));
        Response endpoint = sendTo(onLink, own, Code.GET, "rd-lookup/ep", "ep=onlink", null);
        assertTrue(endpoint.getPayloadString().contains("base=\"" + expectedBase + "\""), endpoint.getPayloadString());
        assertEquals("", lookup(peer("127.0.0.1"), "/rd-lookup/res?ep=onlink"), "loopback is on no link");

        String stored = rd.directory.store().find("", "onlink").orElseThrow().base();
        assertEquals("coap://[" + plain + "%25" + own.getScopedInterface().getName() + "]:"
                + onLink.getAddress().getPort(), stored);
    }

    private Response sendTo(CoapEndpoint from, Inet6Address server, Code code, String path, String query,
            String links) throws Exception {
        Request request = new Request(code);
        request.setDestinationContext(new AddressEndpointContext(new InetSocketAddress(server, rd.port())));
        request.getOptions().setUriPath(path).setUriQuery(query);
        if (links != null) {
            request.setPayload(links);
            request.getOptions().setContentFormat(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
        }
        request.send(from);
        return request.waitForResponse(5_000);
    }

    private static Inet6Address ownLinkLocalAddress() throws Exception {
        for (NetworkInterface network : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!network.isUp() || network.isLoopback()) {
                continue;
            }
            for (InetAddress address : Collections.list(network.getInetAddresses())) {
                if (address instanceof Inet6Address v6 && v6.isLinkLocalAddress() && v6.getScopedInterface() != null) {
                    return v6;
                }
            }
        }
        return null;
    }
}
