package io.coaptree.rd.store;

import io.coaptree.harness.clock.ManualClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkAttribute;
import io.coaptree.rd.options.RegistrationStoreOptions;
import io.coaptree.rd.store.RegistrationFile.LoadReport;
import io.coaptree.rd.store.RegistrationFile.StoreFileException;
import io.coaptree.rd.store.StoreResult.Outcome;

class RegistrationFileTest {

    @TempDir
    Path directory;

    private final ManualClock clock = new ManualClock();

    @Test
    void registrationsSurviveARestartWithTheirRemainingLifetime() throws Exception {
        RegistrationStore before = new RegistrationStore(RegistrationStoreOptions.defaults(), clock);
        List<Link> links = List.of(
                Link.builder("/sensors/temp").attribute("rt", "temperature-c").attribute("if", "sensor").flag("obs")
                        .build(),
                Link.builder("http://www.example.com/sensors/t123").attribute("anchor", "/sensors/temp")
                        .attribute("title", "quote \" comma, semicolon; newline\n backslash \\").build());
        Registration saved = before.register(RegistrationRequest.builder("node\u00e91").sector("floor-3")
                .lifetimeSeconds(600).base("coap://[2001:db8::1]:5683").identity("psk:alice")
                .extraAttribute(LinkAttribute.of("et", "oic.d.sensor")).extraAttribute(LinkAttribute.flag("ext"))
                .links(links).build()).registration().get();
        Registration implicit = before.register(RegistrationRequest.builder("node2").lifetimeSeconds(60)
                .sourceAddress("coap://10.0.0.2:5683").build()).registration().get();
        clock.advance(Duration.ofSeconds(100));
        Path file = directory.resolve("rd").resolve("registrations.txt");

        RegistrationFile.save(before, file);
        RegistrationStore after = new RegistrationStore(RegistrationStoreOptions.defaults(), clock);
        LoadReport report = RegistrationFile.load(after, file);

        assertEquals(new LoadReport(1, 0, 0), report);
        Registration restored = after.get(saved.id()).get();
        assertEquals("node\u00e91", restored.endpointName());
        assertEquals(Optional.of("floor-3"), restored.sector());
        assertEquals(600, restored.lifetimeSeconds());
        assertEquals("coap://[2001:db8::1]:5683", restored.base());
        assertTrue(restored.baseExplicit());
        assertEquals(Optional.of("psk:alice"), restored.identity());
        assertEquals(saved.extraAttributes(), restored.extraAttributes());
        assertEquals(links, restored.links());
        assertEquals(500_000L, after.remainingMillis(restored));
        assertEquals(Optional.empty(), after.get(implicit.id()));

        // Identity binding, location and id sequence carry over.
        assertEquals(Outcome.FORBIDDEN, after.register(RegistrationRequest.builder("node\u00e91").sector("floor-3")
                .sourceAddress("coap://h").identity("psk:mallory").build()).outcome());
        String next = after.register(RegistrationRequest.builder("node3").sourceAddress("coap://h").build())
                .registration().get().id();
        assertTrue(Long.parseLong(next) > Long.parseLong(implicit.id()), next);
    }

    @Test
    void theTreesCopiesOfChildDirectoriesAreNotSavedSinceSynchronisationMakesThemAgain() throws Exception {
        RegistrationStore before = new RegistrationStore(RegistrationStoreOptions.defaults(), clock);
        before.register(RegistrationRequest.builder("gA1").lifetimeSeconds(600).base("coap://127.0.0.1:40001")
                .identity("node:A/-/dA").links(List.of(Link.builder("/tree/A/1/gA1/temperature").build())).build());
        Registration device = before.register(RegistrationRequest.builder("sensor").lifetimeSeconds(600)
                .base("coap://10.0.0.9:5683").identity("psk:sensor").build()).registration().get();
        Path file = directory.resolve("registrations.txt");

        RegistrationFile.save(before, file);
        RegistrationStore after = new RegistrationStore(RegistrationStoreOptions.defaults(), clock);

        assertEquals(new LoadReport(1, 0, 0), RegistrationFile.load(after, file));
        assertEquals("sensor", after.get(device.id()).get().endpointName());
    }

    @Test
    void countsRegistrationsThatExpiredOrNoLongerFit() throws Exception {
        RegistrationStore before = new RegistrationStore(RegistrationStoreOptions.defaults(), clock);
        before.register(RegistrationRequest.builder("many").sourceAddress("coap://h")
                .links(List.of(Link.of("/1"), Link.of("/2"), Link.of("/3"))).build());
        before.register(RegistrationRequest.builder("few").sourceAddress("coap://h").build());
        Path file = directory.resolve("registrations.txt");
        RegistrationFile.save(before, file);

        RegistrationStore stricter = new RegistrationStore(
                RegistrationStoreOptions.fromProperties(Map.of(RegistrationStoreOptions.LINKS_MAX.id(), 2)), clock);
        assertEquals(new LoadReport(1, 0, 1), RegistrationFile.load(stricter, file));
        assertEquals(new LoadReport(0, 0, 2), RegistrationFile.load(stricter, file));
    }

    @Test
    void aMissingFileRestoresNothingAndAForeignFileIsRefused() throws Exception {
        RegistrationStore store = new RegistrationStore(RegistrationStoreOptions.defaults(), clock);
        assertEquals(new LoadReport(0, 0, 0), RegistrationFile.load(store, directory.resolve("absent")));

        Path foreign = directory.resolve("foreign.txt");
        Files.writeString(foreign, "hello", StandardCharsets.UTF_8);
        assertThrows(StoreFileException.class, () -> RegistrationFile.load(store, foreign));

        Path truncated = directory.resolve("truncated.txt");
        Files.writeString(truncated, "coaptree-rd-registrations 1\nnext-id 2\n500\n<>;id=1", StandardCharsets.UTF_8);
        StoreFileException e = assertThrows(StoreFileException.class, () -> RegistrationFile.load(store, truncated));
        assertEquals(38, e.offset());
        assertEquals(0, store.size());
    }
}
