package io.coaptree.rd.coap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.coaptree.api.ExtendedResource;
import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.rd.options.DirectoryOptions;
import io.coaptree.rd.store.Registration;
import io.coaptree.server.options.ServerOptions;

/** The node's own resources in one registration, the node's domain as sector, and registrations across restarts. */
class AggregationAndPersistenceTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    @Test
    void localResourcesAreOneRegistrationThatFollowsThemInTheNodesDomain() throws Exception {
        Map<String, Object> settings = Map.of(DirectoryOptions.LOCAL_ENABLED.id(), true,
                DirectoryOptions.LOCAL_CHECK_INTERVAL.id(), 1,
                DirectoryOptions.LOCAL_BASE.id(), "coap://192.0.2.10:5683");
        try (DirectoryFixture rd = new DirectoryFixture(settings, null, Map.of(ServerOptions.DOMAIN.id(), "plant1"))) {
            ExtendedResource temperature = new ExtendedResource("temperature").addAttribute("rt", "temp");
            ExtendedResource humidity = new ExtendedResource("humidity").addAttribute("rt", "humidity");
            rd.server.addResource(temperature, ExtendedResource.class, "sensors");
            rd.server.addResource(humidity, ExtendedResource.class, "sensors");

            DirectoryFixture.await(() -> localTargets(rd).size() == 2, WAIT, "both local resources registered");
            Registration local = rd.directory.store().find("plant1", "gateway").get();
            assertEquals(List.of("/sensors/temperature", "/sensors/humidity"), localTargets(rd));
            assertEquals("plant1", local.sector().get(), "the node's domain is the default sector");
            String lookup = rd.client("/rd-lookup/res?rt=temp&d=plant1").get().getResponseText();
            assertEquals("coap://192.0.2.10:5683/sensors/temperature",
                    LinkFormatParser.withDefaults().parse(lookup).get(0).target());

            rd.server.removeResource(humidity, ExtendedResource.class);
            DirectoryFixture.await(() -> localTargets(rd).size() == 1, WAIT, "the withdrawn resource leaves");
            assertEquals(local.id(), rd.directory.store().find("plant1", "gateway").get().id(),
                    "the node keeps one registration at one location");
            assertEquals(1, rd.directory.store().size());
        }
    }

    @Test
    void registrationsSurviveARestartWithTheirLocationAndRemainingLifetime(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("rd").resolve("registrations.txt");
        String location;
        try (DirectoryFixture rd = new DirectoryFixture(Map.of(), file, Map.of())) {
            CoapResponse created = rd.client("/rd?ep=persistent&lt=3600&et=sensor")
                    .post("</t>;rt=\"temperature-c\"".getBytes(StandardCharsets.UTF_8),
                            MediaTypeRegistry.APPLICATION_LINK_FORMAT);
            assertEquals(ResponseCode.CREATED, created.getCode(), created.getResponseText());
            location = "/" + created.getOptions().getLocationPathString();
        }
        assertTrue(Files.exists(file), "saved when the directory stops");

        try (DirectoryFixture rd = new DirectoryFixture(Map.of(), file, Map.of())) {
            Registration restored = rd.directory.store().find("", "persistent").get();
            assertEquals(location, "/rd/" + restored.id());
            long remaining = rd.directory.store().remainingMillis(restored);
            assertTrue(remaining > 3_500_000 && remaining <= 3_600_000, "remaining " + remaining);
            List<Link> endpoints = LinkFormatParser.withDefaults()
                    .parse(rd.client("/rd-lookup/ep?et=sensor").get().getResponseText());
            assertEquals(location, endpoints.get(0).target());
            assertEquals(ResponseCode.CHANGED, rd.client(location + "?lt=600").post(new byte[0],
                    MediaTypeRegistry.UNDEFINED).getCode(), "the old location still works");
        }
    }

    @Test
    void anUnreadableFileIsSetAsideAndTheDirectoryStartsEmpty(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("registrations.txt");
        Files.writeString(file, "not a registrations file");
        try (DirectoryFixture rd = new DirectoryFixture(Map.of(), file, Map.of())) {
            assertEquals(0, rd.directory.store().size());
            assertTrue(Files.exists(dir.resolve("registrations.txt.unreadable")));
        }
    }

    private static List<String> localTargets(DirectoryFixture rd) {
        return rd.directory.store().find("plant1", "gateway").map(r -> r.links().stream().map(Link::target).toList())
                .orElse(List.of());
    }
}
