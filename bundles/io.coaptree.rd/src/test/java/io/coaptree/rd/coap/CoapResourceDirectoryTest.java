package io.coaptree.rd.coap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
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
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.rd.options.DirectoryOptions;
import io.coaptree.rd.options.RegistrationStoreOptions;

/** Every protocol point of RFC 9176 the directory serves, with a real Californium client against the real server. */
class CoapResourceDirectoryTest {

    private static final int LINK_FORMAT = MediaTypeRegistry.APPLICATION_LINK_FORMAT;
    private static final String SENSOR_LINKS = "</sensors/temp>;ct=41;rt=\"temperature-c\";if=\"sensor\","
            + "<http://www.example.com/sensors/temp>;anchor=\"/sensors/temp\";rel=\"describedby\"";

    private DirectoryFixture rd;

    @BeforeEach
    void start() {
        rd = new DirectoryFixture(Map.of());
    }

    @AfterEach
    void stop() throws Exception {
        if (rd != null) {
            rd.close();
        }
    }

    @Test
    void discoveryListsTheDirectoryResourcesAndFiltersByResourceType() throws Exception {
        String all = get("/.well-known/core").getResponseText();
        assertTrue(all.contains("</rd>"), all);
        assertTrue(all.contains("</rd-lookup/ep>"), all);
        assertTrue(all.contains("</rd-lookup/res>"), all);

        List<Link> directory = parse(get("/.well-known/core?rt=core.rd").getResponseText());
        assertEquals(1, directory.size(), directory.toString());
        assertEquals("/rd", directory.get(0).target());
        assertEquals(List.of("core.rd"), directory.get(0).tokens("rt"));

        List<Link> resourceLookup = parse(get("/.well-known/core?rt=core.rd-lookup-res").getResponseText());
        assertEquals(1, resourceLookup.size(), resourceLookup.toString());
        assertEquals("/rd-lookup/res", resourceLookup.get(0).target());
        assertTrue(resourceLookup.get(0).has("obs"));
        assertEquals("/rd-lookup/ep", parse(get("/.well-known/core?rt=core.rd-lookup-ep").getResponseText()).get(0)
                .target());
    }

    @Test
    void registrationCreatesALocationAndReRegistrationKeepsItAndReplacesTheLinks() throws Exception {
        CoapResponse created = register("/rd?ep=node1&lt=300&et=oic.d.sensor", SENSOR_LINKS);
        assertEquals(ResponseCode.CREATED, created.getCode(), created.getResponseText());
        List<String> location = created.getOptions().getLocationPath();
        assertEquals(2, location.size(), location.toString());
        assertEquals("rd", location.get(0));

        List<Link> endpoints = parse(lookup("/rd-lookup/ep?ep=node1"));
        assertEquals(1, endpoints.size());
        Link endpoint = endpoints.get(0);
        assertEquals("/" + String.join("/", location), endpoint.target());
        assertEquals(rd.clientBase(), endpoint.firstValue("base").get());
        assertEquals("oic.d.sensor", endpoint.firstValue("et").get());
        assertEquals(List.of("core.rd-ep"), endpoint.tokens("rt"));
        assertFalse(endpoint.has("lt"), "RFC 9176 section 6.3: the lifetime is not reported");

        CoapResponse again = register("/rd?ep=node1&lt=300", "</light>;rt=light");
        assertEquals(ResponseCode.CREATED, again.getCode());
        assertEquals(location, again.getOptions().getLocationPath());
        List<Link> resources = parse(lookup("/rd-lookup/res?ep=node1"));
        assertEquals(List.of(rd.clientBase() + "/light"), targets(resources));
    }

    @Test
    void updateRefreshesAndChangesTheBaseAndRemovalDeletes() throws Exception {
        String location = locationOf(register("/rd?ep=node2&lt=300", SENSOR_LINKS));

        CoapResponse updated = post(location + "?lt=600&base=coap://192.0.2.7:5683", null, -1);
        assertEquals(ResponseCode.CHANGED, updated.getCode(), updated.getResponseText());
        List<Link> resources = parse(lookup("/rd-lookup/res?ep=node2"));
        assertEquals("coap://192.0.2.7:5683/sensors/temp", resources.get(0).target());
        assertEquals("coap://192.0.2.7:5683", resources.get(0).anchor().get());
        assertEquals("coap://192.0.2.7:5683/sensors/temp", resources.get(1).anchor().get(),
                "anchors are resolved against the base too");

        CoapResponse deleted = rd.client(location).delete();
        assertEquals(ResponseCode.DELETED, deleted.getCode());
        CoapResponse gone = rd.client(location).delete();
        assertEquals(ResponseCode.NOT_FOUND, gone.getCode());
        assertTrue(gone.getResponseText().contains("no registration"), gone.getResponseText());
        CoapResponse updateGone = post(location + "?lt=600", null, -1);
        assertEquals(ResponseCode.NOT_FOUND, updateGone.getCode());
        assertEquals(ResponseCode.NOT_FOUND, post("/rd/999999?lt=600", null, -1).getCode());
        assertEquals(ResponseCode.NOT_FOUND, rd.client("/rd/1/extra").delete().getCode());
        assertEquals("", lookup("/rd-lookup/ep?ep=node2"));
    }

    @Test
    void simpleRegistrationFetchesTheEndpointsWellKnownCore() throws Exception {
        try (SimpleEndpoint endpoint = SimpleEndpoint.serving("</sen/temp>;rt=\"temperature\";obs")) {
            CoapResponse response = endpoint.post(rd.uri("/.well-known/rd?ep=simple1&lt=300"));
            assertEquals(ResponseCode.CHANGED, response.getCode(), response.getResponseText());
            assertTrue(response.getOptions().getLocationPath().isEmpty());

            List<Link> resources = parse(lookup("/rd-lookup/res?ep=simple1"));
            assertEquals(List.of(endpoint.base() + "/sen/temp"), targets(resources));
            assertTrue(resources.get(0).has("obs"));

            CoapResponse withBase = endpoint.post(rd.uri("/.well-known/rd?ep=simple2&base=coap://192.0.2.1"));
            assertEquals(ResponseCode.BAD_REQUEST, withBase.getCode());
            assertTrue(withBase.getResponseText().contains("base"), withBase.getResponseText());
        }
    }

    @Test
    void simpleRegistrationOfASilentEndpointTimesOutWith503() throws Exception {
        rd.close();
        rd = new DirectoryFixture(Map.of(DirectoryOptions.SIMPLE_TIMEOUT.id(), 1));
        try (SimpleEndpoint endpoint = SimpleEndpoint.silent()) {
            CoapResponse response = endpoint.post(rd.uri("/.well-known/rd?ep=sleepy"));
            assertEquals(ResponseCode.SERVICE_UNAVAILABLE, response.getCode());
            assertTrue(response.getResponseText().contains("simple.registration.timeout.seconds"),
                    response.getResponseText());
        }
        assertEquals("", lookup("/rd-lookup/ep?ep=sleepy"));
    }

    @Test
    void simpleRegistrationRefusesAnOversizedDocumentWith413() throws Exception {
        rd.close();
        rd = new DirectoryFixture(Map.of(DirectoryOptions.SIMPLE_MAX.id(), 64));
        try (SimpleEndpoint endpoint = SimpleEndpoint.serving(sensorLinks(5))) {
            CoapResponse response = endpoint.post(rd.uri("/.well-known/rd?ep=big"));
            assertEquals(ResponseCode.REQUEST_ENTITY_TOO_LARGE, response.getCode());
            assertTrue(response.getResponseText().contains("simple.registration.max.bytes"),
                    response.getResponseText());
        }
    }

    @Test
    void lookupsAndFiltersPrefixesPagesAndResolvesTargets() throws Exception {
        register("/rd?ep=kitchen&d=home&lt=300", "</t>;rt=\"temperature-c sensor\";if=core.s,</l>;rt=light");
        register("/rd?ep=garage&d=home&lt=300", "</t>;rt=temperature-f,</door>;rt=switch");
        register("/rd?ep=office&d=work&lt=300", "</t>;rt=temperature-c");

        assertEquals(List.of("/rd/1", "/rd/2"), targets(parse(lookup("/rd-lookup/ep?d=home"))));
        assertEquals(3, parse(lookup("/rd-lookup/ep?rt=core.rd-ep")).size());
        // an endpoint matches through any of its links
        assertEquals(List.of("/rd/2"), targets(parse(lookup("/rd-lookup/ep?rt=switch"))));
        // criteria are ANDed; a trailing * matches by prefix
        List<Link> homeTemperatures = parse(lookup("/rd-lookup/res?rt=temperature*&d=home"));
        assertEquals(2, homeTemperatures.size(), homeTemperatures.toString());
        // rt matches any one of its space-separated values
        assertEquals(1, parse(lookup("/rd-lookup/res?rt=sensor")).size());
        assertEquals(1, parse(lookup("/rd-lookup/res?if=core.s")).size());
        assertEquals(2, parse(lookup("/rd-lookup/res?ep=kitchen")).size());

        List<Link> all = parse(lookup("/rd-lookup/res"));
        assertEquals(5, all.size());
        List<Link> paged = new ArrayList<>();
        for (int page = 0; page < 3; page++) {
            paged.addAll(parse(lookup("/rd-lookup/res?page=" + page + "&count=2")));
        }
        assertEquals(all, paged, "pages in a stable order cover every result once");
        assertEquals(List.of(all.get(0)), parse(lookup("/rd-lookup/res?count=1")));

        String base = rd.clientBase();
        Link first = all.get(0);
        assertEquals(base + "/t", first.target());
        assertEquals(base, first.anchor().get());

        CoapResponse empty = get("/rd-lookup/res?rt=nothing-like-this");
        assertEquals(ResponseCode.CONTENT, empty.getCode());
        assertEquals(LINK_FORMAT, empty.getOptions().getContentFormat());
        assertEquals(0, empty.getPayload().length);
    }

    @Test
    void lookupsAreObservable() throws Exception {
        BlockingQueue<String> notifications = new LinkedBlockingQueue<>();
        CoapClient observer = rd.client("/rd-lookup/res?rt=light");
        CoapObserveRelation relation = DirectoryFixture.observe(observer, notifications);
        try {
            assertEquals("", notifications.poll(15, TimeUnit.SECONDS), "the first answer: nothing registered");
            register("/rd?ep=lamp&lt=300", "</west>;rt=light,</temp>;rt=temperature");
            String notified = notifications.poll(15, TimeUnit.SECONDS);
            assertNotNull(notified, "no notification after a matching registration");
            assertEquals(List.of(rd.clientBase() + "/west"), targets(parse(notified)));

            CoapResponse deleted = rd.client(locationOf(register("/rd?ep=lamp&lt=300", "</west>;rt=light"))).delete();
            assertNotNull(deleted, "no answer to the DELETE");
            assertEquals(ResponseCode.DELETED, deleted.getCode(), deleted.getResponseText());
            assertEquals("", lookup("/rd-lookup/res?rt=light"), "a plain lookup after the removal");
            // the re-registration's notification may come first, or be merged into the removal's
            List<String> afterRemoval = new ArrayList<>();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
            while (!afterRemoval.contains("") && System.nanoTime() < deadline) {
                String next = notifications.poll(100, TimeUnit.MILLISECONDS);
                if (next != null) {
                    afterRemoval.add(next);
                }
            }
            assertTrue(afterRemoval.contains(""),
                    "removal is notified as an empty result; notified after the removal: " + afterRemoval);
        } finally {
            relation.proactiveCancel();
        }
    }

    @Test
    void textBeyondAsciiIsReadAsUtf8() throws Exception {
        String links = "</k\u00fcche/licht>;rt=\"light\";title=\"K\u00fcche \u2013 Licht\"";
        assertEquals(ResponseCode.CREATED, post("/rd?ep=kitchen&lt=300", links.getBytes(StandardCharsets.UTF_8),
                LINK_FORMAT).getCode());

        Link found = parse(get("/rd-lookup/res?ep=kitchen").getResponseText()).get(0);
        assertEquals("K\u00fcche \u2013 Licht", found.firstValue("title").get());
        assertEquals(rd.clientBase() + "/k\u00fcche/licht", found.target());
    }

    @Test
    void badInputIsA4xxWithADiagnosticAndLosesNothing() throws Exception {
        String kept = locationOf(register("/rd?ep=keeper&lt=300", SENSOR_LINKS));

        assertRefused(ResponseCode.BAD_REQUEST, "ep", register("/rd?lt=300", SENSOR_LINKS));
        assertRefused(ResponseCode.BAD_REQUEST, "ep", register("/rd?ep=" + "x".repeat(64), SENSOR_LINKS));
        assertRefused(ResponseCode.BAD_REQUEST, "d", register("/rd?ep=a&d=" + "y".repeat(64), SENSOR_LINKS));
        assertRefused(ResponseCode.BAD_REQUEST, "malformed link-format at offset", register("/rd?ep=a", "</a>;rt=\"open"));
        assertRefused(ResponseCode.BAD_REQUEST, "malformed link-format", register("/rd?ep=a", "no link"));
        assertRefused(ResponseCode.BAD_REQUEST, "UTF-8", post("/rd?ep=a", new byte[] { '<', (byte) 0xC3, '>' },
                LINK_FORMAT));
        assertRefused(ResponseCode.BAD_REQUEST, "lt", register("/rd?ep=a&lt=abc", SENSOR_LINKS));
        assertRefused(ResponseCode.BAD_REQUEST, "lt", register("/rd?ep=a&lt=10", SENSOR_LINKS));
        assertRefused(ResponseCode.BAD_REQUEST, "base", register("/rd?ep=a&base=relative/path", SENSOR_LINKS));
        assertRefused(ResponseCode.BAD_REQUEST, "page", get("/rd-lookup/res?page=1"));
        assertRefused(ResponseCode.BAD_REQUEST, "count", get("/rd-lookup/ep?count=-1"));
        assertRefused(ResponseCode.UNSUPPORTED_CONTENT_FORMAT, "40",
                post("/rd?ep=a", SENSOR_LINKS.getBytes(StandardCharsets.UTF_8), MediaTypeRegistry.TEXT_PLAIN));
        assertRefused(ResponseCode.UNSUPPORTED_CONTENT_FORMAT, "Content-Format",
                post("/rd?ep=a", SENSOR_LINKS.getBytes(StandardCharsets.UTF_8), -1));
        assertRefused(ResponseCode.UNSUPPORTED_CONTENT_FORMAT, "40",
                post(kept + "?lt=300", "{}".getBytes(StandardCharsets.UTF_8), MediaTypeRegistry.APPLICATION_JSON));
        Request json = rd.request(Code.GET, "/rd-lookup/res");
        json.getOptions().setAccept(MediaTypeRegistry.APPLICATION_JSON);
        assertRefused(ResponseCode.NOT_ACCEPTABLE, "application/link-format", rd.client("/").advanced(json));
        assertRefused(ResponseCode.BAD_REQUEST, "'ep' cannot be changed", post(kept + "?ep=other", null, -1));

        List<Link> resources = parse(lookup("/rd-lookup/res?ep=keeper"));
        assertEquals(2, resources.size(), "the registration made before the bad requests is intact");
        CoapResponse stillServing = register("/rd?ep=after&lt=300", "</x>");
        assertEquals(ResponseCode.CREATED, stillServing.getCode());
    }

    @Test
    void limitsAre413And503WithADiagnostic() throws Exception {
        rd.close();
        rd = new DirectoryFixture(Map.of(RegistrationStoreOptions.LINKS_MAX.id(), 3,
                RegistrationStoreOptions.REGISTRATIONS_MAX.id(), 2, DirectoryOptions.PAYLOAD_MAX.id(), 1000,
                DirectoryOptions.LOOKUP_PAYLOAD_MAX.id(), 1024));
        assertRefused(ResponseCode.REQUEST_ENTITY_TOO_LARGE, "limit", register("/rd?ep=a", sensorLinks(4)));
        assertRefused(ResponseCode.REQUEST_ENTITY_TOO_LARGE, "limit",
                register("/rd?ep=a", "</" + "p".repeat(1100) + ">"));

        assertEquals(ResponseCode.CREATED, register("/rd?ep=a&lt=300", sensorLinks(3)).getCode());
        assertEquals(ResponseCode.CREATED, register("/rd?ep=b&lt=300", sensorLinks(3)).getCode());
        CoapResponse full = register("/rd?ep=c&lt=300", sensorLinks(1));
        assertRefused(ResponseCode.SERVICE_UNAVAILABLE, "maxRegistrations", full);
        assertEquals(10L, full.getOptions().getMaxAge(), "Max-Age tells when to retry: the sweep interval");
        // re-registering an existing endpoint is no new registration
        assertEquals(ResponseCode.CREATED, register("/rd?ep=a&lt=300", sensorLinks(2)).getCode());

        register("/rd?ep=b&lt=300", "</" + "q".repeat(400) + ">,</" + "r".repeat(400) + ">");
        assertRefused(ResponseCode.SERVICE_UNAVAILABLE, "page and count", get("/rd-lookup/res"));
        assertEquals(1, parse(lookup("/rd-lookup/res?ep=b&count=1")).size());
    }

    @Test
    void authenticationSettingsRefusePlainRequestsWith401() throws Exception {
        rd.close();
        rd = new DirectoryFixture(Map.of(RegistrationStoreOptions.REQUIRE_AUTHENTICATION.id(), true,
                DirectoryOptions.LOOKUP_ACCESS.id(), "authenticated"));
        assertRefused(ResponseCode.UNAUTHORIZED, "authenticated", register("/rd?ep=a", SENSOR_LINKS));
        assertRefused(ResponseCode.UNAUTHORIZED, "authenticated", get("/rd-lookup/ep"));
        try (SimpleEndpoint endpoint = SimpleEndpoint.serving("</a>")) {
            assertRefused(ResponseCode.UNAUTHORIZED, "authenticated",
                    endpoint.post(rd.uri("/.well-known/rd?ep=simple")));
        }
    }

    @Test
    void aBlockwiseRegistrationOf400LinksWorks() throws Exception {
        // a realistic node (docs/design.md, "How it is measured"): 20 service bundles x 2 devices x 10 sensors
        StringBuilder payload = new StringBuilder();
        for (int bundle = 0; bundle < 20; bundle++) {
            for (int device = 0; device < 2; device++) {
                for (int sensor = 0; sensor < 10; sensor++) {
                    if (payload.length() > 0) {
                        payload.append(',');
                    }
                    payload.append("</bundle").append(bundle).append("/device").append(device).append("/sensor")
                            .append(sensor).append(">;rt=\"temperature-c\";if=\"core.s\";ct=0;obs");
                }
            }
        }
        assertTrue(payload.length() > 16 * 1024, "needs many blocks: " + payload.length());
        CoapResponse created = register("/rd?ep=big-node&lt=300", payload.toString());
        assertEquals(ResponseCode.CREATED, created.getCode(), created.getResponseText());
        List<Link> resources = parse(lookup("/rd-lookup/res?ep=big-node"));
        assertEquals(400, resources.size());
        assertEquals(rd.clientBase() + "/bundle19/device1/sensor9", resources.get(399).target());
    }

    // ---- helpers

    private CoapResponse get(String pathAndQuery) throws Exception {
        CoapResponse response = rd.client(pathAndQuery).get();
        assertNotNull(response, "no response to GET " + pathAndQuery);
        return response;
    }

    private String lookup(String pathAndQuery) throws Exception {
        CoapResponse response = get(pathAndQuery);
        assertEquals(ResponseCode.CONTENT, response.getCode(), response.getResponseText());
        return response.getResponseText();
    }

    private CoapResponse register(String pathAndQuery, String links) throws Exception {
        return post(pathAndQuery, links.getBytes(StandardCharsets.UTF_8), LINK_FORMAT);
    }

    /** @param contentFormat -1 for none */
    private CoapResponse post(String pathAndQuery, byte[] payload, int contentFormat) throws Exception {
        Request request = rd.request(Code.POST, pathAndQuery);
        if (payload != null) {
            request.setPayload(payload);
        }
        if (contentFormat >= 0) {
            request.getOptions().setContentFormat(contentFormat);
        }
        CoapResponse response = rd.client("/").advanced(request);
        assertNotNull(response, "no response to POST " + pathAndQuery);
        return response;
    }

    private static String locationOf(CoapResponse created) {
        assertEquals(ResponseCode.CREATED, created.getCode(), created.getResponseText());
        return "/" + created.getOptions().getLocationPathString();
    }

    private static void assertRefused(ResponseCode code, String diagnosticPart, CoapResponse response) {
        assertNotNull(response, "no response");
        assertEquals(code, response.getCode(), response.getResponseText());
        assertTrue(response.getResponseText().contains(diagnosticPart),
                "diagnostic '" + response.getResponseText() + "' should mention " + diagnosticPart);
    }

    private static List<Link> parse(String linkFormat) throws Exception {
        return LinkFormatParser.withDefaults().parse(linkFormat);
    }

    private static List<String> targets(List<Link> links) {
        List<String> targets = new ArrayList<>();
        links.forEach(link -> targets.add(link.target()));
        return targets;
    }

    static String sensorLinks(int count) {
        StringBuilder links = new StringBuilder();
        for (int i = 0; i < count; i++) {
            links.append(i == 0 ? "" : ",").append("</s").append(i).append(">;rt=\"temperature-c\"");
        }
        return links.toString();
    }

    static final Duration SHORT = Duration.ofSeconds(5);
}
