package io.coaptree.rd.lookup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkAttribute;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.linkformat.LinkFormatSerializer;
import io.coaptree.rd.options.RegistrationStoreOptions;
import io.coaptree.rd.store.InvalidRequestException;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.RegistrationStore;
import io.coaptree.rd.store.StoreResult.Outcome;

class DirectoryLookupTest {

    /** The payload RFC 6690 section 5 uses, as two sensors of RFC 9176's lookup example register it. */
    private static final String SENSOR_PAYLOAD = "</sensors>;ct=40;title=\"Sensor Index\","
            + "</sensors/temp>;rt=\"temperature-c\";if=\"sensor\","
            + "</sensors/light>;rt=\"light-lux\";if=\"sensor\","
            + "<http://www.example.com/sensors/t123>;anchor=\"/sensors/temp\";rel=\"describedby\","
            + "</t>;anchor=\"/sensors/temp\";rel=\"alternate\"";

    private final RegistrationStore store = new RegistrationStore(RegistrationStoreOptions.defaults(),
            Clock.systemUTC());
    private final DirectoryLookup lookup = new DirectoryLookup(store, "/rd/");

    private void register(String ep, String base, String payload, String... query) throws Exception {
        List<String> options = new ArrayList<>(List.of("ep=" + ep));
        options.addAll(List.of(query));
        Outcome outcome = store.register(RegistrationRequest.fromUriQuery(options).sourceAddress(base)
                .links(LinkFormatParser.withDefaults().parse(payload)).build()).outcome();
        assertEquals(Outcome.CREATED, outcome);
    }

    private List<Link> resources(String... query) throws InvalidRequestException {
        return lookup.resources(LookupQuery.fromUriQuery(List.of(query)));
    }

    private List<Link> endpoints(String... query) throws InvalidRequestException {
        return lookup.endpoints(LookupQuery.fromUriQuery(List.of(query)));
    }

    @Test
    void resourceLookupResolvesTargetsAndAnchorsAgainstEachRegistrationsBase() throws Exception {
        register("sensor1", "coap://sensor1.example.com", SENSOR_PAYLOAD, "et=tag:example.com,2020:platform");
        register("sensor2", "coap://sensor2.example.com", SENSOR_PAYLOAD, "et=tag:example.com,2020:platform");
        register("other", "coap://other.example.com", "</x>");

        List<Link> links = resources("et=tag:example.com,2020:platform");

        assertEquals(10, links.size());
        assertEquals("<coap://sensor1.example.com/sensors>;ct=40;title=\"Sensor Index\";"
                + "anchor=\"coap://sensor1.example.com\","
                + "<coap://sensor1.example.com/sensors/temp>;rt=\"temperature-c\";if=\"sensor\";"
                + "anchor=\"coap://sensor1.example.com\","
                + "<coap://sensor1.example.com/sensors/light>;rt=\"light-lux\";if=\"sensor\";"
                + "anchor=\"coap://sensor1.example.com\","
                + "<http://www.example.com/sensors/t123>;anchor=\"coap://sensor1.example.com/sensors/temp\";"
                + "rel=\"describedby\","
                + "<coap://sensor1.example.com/t>;anchor=\"coap://sensor1.example.com/sensors/temp\";"
                + "rel=\"alternate\"",
                LinkFormatSerializer.serialize(links.subList(0, 5)));
        assertEquals("coap://sensor2.example.com/t", links.get(9).target());
    }

    @Test
    void endpointLookupDescribesRegistrationResources() throws Exception {
        register("node5", "coap://[2001:db8:3::127]:61616", "</temp>;rt=temperature-c",
                "et=tag:example.com,2020:platform");
        register("node7", "coap://[2001:db8:3::129]:61616", "</light>;rt=light-lux", "d=floor-3");

        assertEquals("</rd/1>;ep=\"node5\";base=\"coap://[2001:db8:3::127]:61616\";"
                + "et=\"tag:example.com,2020:platform\";rt=\"core.rd-ep\","
                + "</rd/2>;ep=\"node7\";d=\"floor-3\";base=\"coap://[2001:db8:3::129]:61616\";rt=\"core.rd-ep\"",
                LinkFormatSerializer.serialize(endpoints()));
        assertEquals(2, endpoints("rt=core.rd-ep").size());
        assertEquals(List.of("/rd/2"), targets(endpoints("d=floor-3")));
        assertEquals(List.of("/rd/1"), targets(endpoints("href=/rd/1")));
        assertEquals(List.of("/rd/2"), targets(endpoints("base=coap://[2001:db8:3::129]*")));
    }

    @Test
    void anEndpointMatchesThroughAnyOfItsLinksAndAResourceThroughItsEndpoint() throws Exception {
        register("kitchen", "coap://k", "</t>;rt=temperature-c,</h>;rt=humidity", "d=home");
        register("garage", "coap://g", "</l>;rt=light-lux", "d=home");

        assertEquals(List.of("/rd/1"), targets(endpoints("rt=temperature-c")));
        assertEquals(List.of("/rd/1"), targets(endpoints("rt=temperature-c", "d=home")));
        assertEquals(List.of(), endpoints("rt=temperature-c", "ep=garage"));
        assertEquals(List.of("coap://g/l"), targets(resources("ep=garage")));
        assertEquals(List.of("coap://k/t", "coap://k/h", "coap://g/l"), targets(resources("d=home")));
        assertEquals(List.of(), resources("rt=core.rd-ep"));
    }

    @Test
    void combinesFiltersWithAndAndMatchesPrefixesAndAnyRelationType() throws Exception {
        register("n1", "coap://n1", "</a>;rt=\"temperature-c sensor.core\";if=\"core.s core.p\","
                + "</b>;rt=temperature-f;if=core.a,</c>;rt=light-lux;title=\"Temperature\";obs");

        assertEquals(List.of("coap://n1/a"), targets(resources("rt=sensor.core")));
        assertEquals(List.of("coap://n1/a"), targets(resources("if=core.p")));
        assertEquals(List.of("coap://n1/a", "coap://n1/b"), targets(resources("rt=temperature*")));
        assertEquals(List.of("coap://n1/a"), targets(resources("rt=temperature*", "if=core.s")));
        assertEquals(List.of("coap://n1/a", "coap://n1/b"), targets(resources("if=core.*")));
        assertEquals(List.of(), targets(resources("title=Temp")));
        assertEquals(List.of("coap://n1/c"), targets(resources("title=Temp*")));
        assertEquals(List.of("coap://n1/c"), targets(resources("obs")));
        assertEquals(List.of("coap://n1/b"), targets(resources("href=coap://n1/b")));
        assertEquals(List.of("coap://n1/a", "coap://n1/b", "coap://n1/c"), targets(resources("href=coap://n1/*")));
        assertEquals(List.of("coap://n1/a", "coap://n1/b", "coap://n1/c"), targets(resources("anchor=coap://n1")));
        assertEquals(List.of(), resources("rt=sensor"));
        assertEquals(List.of(), resources("unknown=1"));
    }

    @Test
    void pagesInAStableOrder() throws Exception {
        StringBuilder payload = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            payload.append(i == 0 ? "" : ",").append("</res/").append(i).append(">;ct=60");
        }
        register("n1", "coap://[2001:db8:3::123]:61616", payload.toString());

        List<Link> first = resources("page=0", "count=5");
        List<Link> second = resources("page=1", "count=5");
        List<Link> third = resources("count=5", "page=2");

        assertEquals("coap://[2001:db8:3::123]:61616/res/0", first.get(0).target());
        assertEquals(5, first.size());
        assertEquals("coap://[2001:db8:3::123]:61616/res/5", second.get(0).target());
        assertEquals(2, third.size());
        assertEquals(List.of(), resources("page=3", "count=5"));
        assertEquals(5, resources("count=5").size());
        assertEquals(List.of(), resources("count=0"));
        List<Link> all = new ArrayList<>(first);
        all.addAll(second);
        all.addAll(third);
        assertEquals(resources(), all);
    }

    @Test
    void pagesEndpoints() throws Exception {
        for (int i = 0; i < 7; i++) {
            register("ep" + i, "coap://h" + i, "</x>");
        }

        assertEquals(List.of("/rd/4", "/rd/5", "/rd/6"), targets(endpoints("page=1", "count=3")));
        assertEquals(List.of("/rd/7"), targets(endpoints("page=2", "count=3")));
    }

    @Test
    void anEmptyDirectoryAnswersWithNoLinks() throws Exception {
        assertEquals(List.of(), resources());
        assertEquals(List.of(), endpoints("ep=nobody"));
        assertEquals("", LinkFormatSerializer.serialize(endpoints()));
    }

    @Test
    void refusesBadPagingNamingTheParameter() {
        InvalidRequestException pageAlone = assertThrows(InvalidRequestException.class,
                () -> LookupQuery.fromUriQuery(List.of("page=1")));
        assertEquals("page", pageAlone.parameter());
        assertTrue(pageAlone.getMessage().contains("count"), pageAlone.getMessage());
        assertEquals("count", assertThrows(InvalidRequestException.class,
                () -> LookupQuery.fromUriQuery(List.of("count=-1"))).parameter());
        assertEquals("count", assertThrows(InvalidRequestException.class,
                () -> LookupQuery.fromUriQuery(List.of("count=ten"))).parameter());
        assertEquals("page", assertThrows(InvalidRequestException.class,
                () -> LookupQuery.fromUriQuery(List.of("page", "count=1"))).parameter());
    }

    @Test
    void registersAndFindsTheDesignsRealisticNodeOf400LinksInOneRequest() throws Exception {
        StringBuilder payload = new StringBuilder();
        String[] kinds = {"temperature-c", "humidity", "light-lux", "pressure", "co2"};
        for (int bundle = 0; bundle < 20; bundle++) {
            for (int device = 0; device < 2; device++) {
                for (int sensor = 0; sensor < 10; sensor++) {
                    if (payload.length() > 0) {
                        payload.append(",\n");
                    }
                    payload.append("</b").append(bundle).append("/d").append(device).append("/s").append(sensor)
                            .append(">;rt=\"sensor.").append(kinds[sensor % kinds.length])
                            .append("\";if=core.s;obs;ct=0;title=\"bundle ").append(bundle).append(", device ")
                            .append(device).append("; sensor ").append(sensor).append('"');
                }
            }
        }
        List<Link> links = LinkFormatParser.withDefaults().parse(payload);
        assertEquals(400, links.size());

        StoreResultAssert.created(store.register(RegistrationRequest.builder("gateway-node")
                .sourceAddress("coap://[2001:db8::7]:5683").extraAttribute(LinkAttribute.of("et", "coaptree.node"))
                .links(links).build()).outcome());

        assertEquals(400, resources().size());
        assertEquals(80, resources("rt=sensor.humidity").size());
        assertEquals(20, resources("href=coap://[2001:db8::7]:5683/b7/*").size());
        assertEquals(List.of("coap://[2001:db8::7]:5683/b19/d1/s9"),
                targets(resources("rt=sensor.*", "page=399", "count=1")));
        assertEquals(List.of("/rd/1"), targets(endpoints("rt=sensor.co2", "et=coaptree.node")));
        assertEquals(links.size(), LinkFormatParser.withDefaults()
                .parse(LinkFormatSerializer.serialize(resources())).size());
    }

    private static List<String> targets(List<Link> links) {
        return links.stream().map(Link::target).toList();
    }

    private static final class StoreResultAssert {
        static void created(Outcome outcome) {
            assertEquals(Outcome.CREATED, outcome);
        }
    }
}
