package io.coaptree.rd.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.linkformat.LinkFormatSerializer;
import io.coaptree.rd.options.RegistrationStoreOptions;
import io.coaptree.rd.store.LinkLocalBase;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.RegistrationStore;
import io.coaptree.rd.store.StoreResult.Outcome;

/**
 * RFC 9176 sections 6.1 and 6.4: a registration whose base is link-local is shown only to lookups from the link it
 * was registered on (the zone the adapter recorded in the stored base), without zone identifier.
 */
class LinkLocalLookupTest {

    private static final String LINKS = "</temp>;rt=\"temperature\",</light>;rt=\"light\";anchor=\"/temp\"";

    private final RegistrationStore store = new RegistrationStore(RegistrationStoreOptions.defaults(),
            Clock.systemUTC());
    private final DirectoryLookup lookup = new DirectoryLookup(store, "/rd/");

    @BeforeEach
    void register() throws Exception {
        register("global", "coap://[2001:db8::1]:5683");
        register("wpan", "coap://[fe80::1%25wpan0]:5683");
        register("eth", "coap://169.254.4.4%25eth0");
        register("unplaced", "coap://[fe80::9]");
        register("global2", "coap://gw.example.com");
    }

    private void register(String ep, String base) throws Exception {
        Outcome outcome = store.register(RegistrationRequest.fromUriQuery(List.of("ep=" + ep)).sourceAddress(base)
                .links(LinkFormatParser.withDefaults().parse(LINKS)).build()).outcome();
        assertEquals(Outcome.CREATED, outcome);
    }

    private List<String> endpointNames(LookupOrigin origin, String... query) throws Exception {
        List<String> names = new ArrayList<>();
        for (Link link : lookup.endpoints(LookupQuery.fromUriQuery(List.of(query)), origin)) {
            names.add(link.firstValue("ep").get());
        }
        return names;
    }

    private List<Link> resources(LookupOrigin origin, String... query) throws Exception {
        return lookup.resources(LookupQuery.fromUriQuery(List.of(query)), origin);
    }

    @Test
    void aRequesterOnNoLinkSeesNoLinkLocalRegistration() throws Exception {
        assertEquals(List.of("global", "global2"), endpointNames(LookupOrigin.OFF_LINK));
        assertEquals(4, resources(LookupOrigin.OFF_LINK).size());
        assertEquals(List.of("global", "global2"), endpointNames(LookupOrigin.OFF_LINK, "rt=temperature"));
        // the lookups without origin are those of a requester on no link
        assertEquals(4, lookup.resources(LookupQuery.all()).size());
        assertEquals(2, lookup.endpoints(LookupQuery.all()).size());
    }

    @Test
    void aRequesterOnTheRegistrationsLinkSeesItWithoutZone() throws Exception {
        assertTrue(store.find("", "wpan").get().baseIsLinkLocal());
        assertFalse(store.find("", "global").get().baseIsLinkLocal());
        assertEquals(List.of("global", "wpan", "global2"), endpointNames(LookupOrigin.onLink("wpan0")));
        assertEquals(List.of("global", "eth", "global2"), endpointNames(LookupOrigin.onLink("eth0")));

        List<Link> wpan = lookup.endpoints(LookupQuery.fromUriQuery(List.of("ep=wpan")), LookupOrigin.onLink("wpan0"));
        assertEquals(Optional.of("coap://[fe80::1]:5683"), wpan.get(0).firstValue("base"));

        List<Link> links = resources(LookupOrigin.onLink("wpan0"), "ep=wpan");
        assertEquals(2, links.size());
        assertEquals("coap://[fe80::1]:5683/temp", links.get(0).target());
        assertEquals("coap://[fe80::1]:5683/light", links.get(1).target());
        assertEquals(Optional.of("coap://[fe80::1]:5683/temp"), links.get(1).anchor());
        String payload = LinkFormatSerializer.serialize(resources(LookupOrigin.onLink("eth0")));
        assertTrue(payload.contains("<coap://169.254.4.4/temp>"), payload);
        assertFalse(payload.contains("%"), "no zone identifier anywhere: " + payload);
    }

    @Test
    void aLinkLocalBaseWithoutRecordedLinkIsSeenByNobody() throws Exception {
        for (String link : List.of("wpan0", "eth0", "lo", "")) {
            assertFalse(endpointNames(LookupOrigin.onLink(link)).contains("unplaced"), link);
        }
        assertEquals(List.of(), endpointNames(LookupOrigin.onLink("wpan0"), "ep=unplaced"));
    }

    @Test
    void hiddenRegistrationsTakeNoPlaceInPages() throws Exception {
        LookupOrigin eth = LookupOrigin.onLink("eth0");
        List<String> paged = new ArrayList<>();
        for (int page = 0; page < 5; page++) {
            paged.addAll(endpointNames(eth, "page=" + page, "count=1"));
        }
        assertEquals(List.of("global", "eth", "global2"), paged);

        List<Link> second = resources(eth, "page=1", "count=2");
        assertEquals(List.of("coap://169.254.4.4/temp", "coap://169.254.4.4/light"),
                second.stream().map(Link::target).toList());
    }

    @Test
    void baseHrefAndAnchorFiltersCompareWhatTheRequesterIsShown() throws Exception {
        LookupOrigin wpan = LookupOrigin.onLink("wpan0");
        assertEquals(List.of("wpan"), endpointNames(wpan, "base=coap://[fe80::1]:5683"));
        assertEquals(List.of("wpan"), endpointNames(wpan, "base=coap://[fe80*"));
        assertEquals(List.of(), endpointNames(wpan, "base=coap://[fe80::1%25wpan0]:5683"));
        assertEquals(List.of(), endpointNames(LookupOrigin.onLink("eth0"), "base=coap://[fe80::1]:5683"));
        assertEquals(1, resources(wpan, "href=coap://[fe80::1]:5683/temp").size());
        assertEquals(1, resources(wpan, "anchor=coap://[fe80::1]:5683/temp", "rt=light").size());
        assertEquals(0, resources(LookupOrigin.OFF_LINK, "href=coap://[fe80::1]:5683/temp").size());
    }

    @Test
    void theRequestersLinkIsAskedForOnlyWhenALinkLocalRegistrationIsMet() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        LookupOrigin origin = LookupOrigin.resolvedBy(() -> {
            asked.incrementAndGet();
            return Optional.of("wpan0");
        });
        assertEquals(List.of("global"), endpointNames(origin, "ep=global"));
        assertEquals(0, asked.get(), "no link-local registration met, no question asked");

        assertEquals(List.of("global", "wpan", "global2"), endpointNames(origin));
        assertEquals(1, asked.get(), "asked once, for every link-local registration met");
        resources(origin);
        assertEquals(1, asked.get());
    }
}
