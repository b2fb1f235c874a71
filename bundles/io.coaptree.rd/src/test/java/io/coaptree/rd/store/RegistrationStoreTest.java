package io.coaptree.rd.store;

import io.coaptree.harness.clock.ManualClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkAttribute;
import io.coaptree.rd.options.RegistrationStoreOptions;
import io.coaptree.rd.store.RegistrationEvent.Kind;
import io.coaptree.rd.store.StoreResult.Outcome;

class RegistrationStoreTest {

    private static final String SOURCE = "coap://[2001:db8::1]:5683";

    private final ManualClock clock = new ManualClock();
    private final RegistrationStore store = new RegistrationStore(RegistrationStoreOptions.defaults(), clock);

    private static RegistrationRequest.Builder request(String ep) {
        return RegistrationRequest.builder(ep).sourceAddress(SOURCE).links(List.of(Link.of("/temp")));
    }

    @Test
    void registersAndReturnsTheSameLocationWhenTheEndpointRegistersAgain() {
        StoreResult first = store.register(request("node1").build());
        StoreResult again = store.register(request("node1").links(List.of(Link.of("/humidity"), Link.of("/light")))
                .build());

        assertEquals(Outcome.CREATED, first.outcome());
        assertEquals(Outcome.REPLACED, again.outcome());
        assertEquals(first.registration().get().id(), again.registration().get().id());
        assertEquals(List.of(Link.of("/humidity"), Link.of("/light")),
                store.get(first.registration().get().id()).get().links());
        assertEquals(1, store.size());
    }

    @Test
    void anEndpointNameInAnotherSectorIsAnotherRegistration() {
        String a = store.register(request("node1").sector("floor-1").build()).registration().get().id();
        String b = store.register(request("node1").sector("floor-2").build()).registration().get().id();
        String c = store.register(request("node1").build()).registration().get().id();

        assertEquals(3, List.of(a, b, c).stream().distinct().count());
        assertEquals(Optional.of("floor-2"), store.find("floor-2", "node1").get().sector());
        assertEquals(Optional.empty(), store.find(null, "node1").get().sector());
    }

    @Test
    void usesTheDefaultLifetimeAndTheSourceAddressAsBase() {
        Registration registration = store.register(request("node1").build()).registration().get();

        assertEquals(90_000, registration.lifetimeSeconds());
        assertEquals(SOURCE, registration.base());
        assertFalse(registration.baseExplicit());
        assertEquals(clock.millis() + 90_000_000L, registration.expiresAtMillis());
    }

    @Test
    void updateRefreshesTheLifetimeAndAppliesLifetimeBaseAttributesAndLinks() {
        String id = store.register(request("node1").lifetimeSeconds(300)
                .extraAttribute(LinkAttribute.of("et", "oic.d.sensor"))
                .extraAttribute(LinkAttribute.of("et", "core.rd-group"))
                .extraAttribute(LinkAttribute.of("floor", "3")).build()).registration().get().id();
        clock.advance(Duration.ofSeconds(200));

        StoreResult refreshed = store.update(id, UpdateRequest.builder().build());
        assertEquals(Outcome.UPDATED, refreshed.outcome());
        assertEquals(clock.millis() + 300_000L, refreshed.registration().get().expiresAtMillis());

        Registration updated = store.update(id, UpdateRequest.builder().lifetimeSeconds(600)
                .base("coaps://new.example.com:5684").extraAttribute(LinkAttribute.of("et", "x.y"))
                .links(List.of(Link.of("/new"))).build()).registration().get();

        assertEquals(600, updated.lifetimeSeconds());
        assertEquals("coaps://new.example.com:5684", updated.base());
        assertTrue(updated.baseExplicit());
        assertEquals(List.of("x.y"), updated.extraValues("et"));
        assertEquals(List.of("3"), updated.extraValues("floor"));
        assertEquals(List.of(Link.of("/new")), updated.links());
        assertEquals(List.of(Link.of("/new")), store.update(id, UpdateRequest.builder().build())
                .registration().get().links());
    }

    @Test
    void aBaseTakenFromTheSourceAddressFollowsTheRegistrantButAnExplicitOneDoesNot() {
        String implicit = store.register(request("a").build()).registration().get().id();
        String explicit = store.register(request("b").base("coap://proxy.example").build()).registration().get().id();

        store.update(implicit, UpdateRequest.builder().sourceAddress("coap://[2001:db8::2]:5683").build());
        store.update(explicit, UpdateRequest.builder().sourceAddress("coap://[2001:db8::2]:5683").build());

        assertEquals("coap://[2001:db8::2]:5683", store.get(implicit).get().base());
        assertEquals("coap://proxy.example", store.get(explicit).get().base());
    }

    @Test
    void unknownRegistrationsAreNotFound() {
        String id = store.register(request("node1").build()).registration().get().id();

        assertEquals(Outcome.REMOVED, store.remove(id, null).outcome());
        assertEquals(Outcome.NOT_FOUND, store.remove(id, null).outcome());
        assertEquals(Outcome.NOT_FOUND, store.update(id, UpdateRequest.builder().build()).outcome());
        assertEquals(Outcome.NOT_FOUND, store.update("abc", UpdateRequest.builder().build()).outcome());
        assertEquals(Outcome.NOT_FOUND, store.remove("99999999999999999999999", null).outcome());
        assertEquals(Optional.empty(), store.get(id));
    }

    @Test
    void anExpiredRegistrationIsGoneAtOnceAndTheSweepRemovesIt() {
        String shortLived = store.register(request("a").lifetimeSeconds(60).build()).registration().get().id();
        store.register(request("b").lifetimeSeconds(600).build());
        clock.advance(Duration.ofSeconds(60));

        assertEquals(Optional.empty(), store.get(shortLived));
        assertEquals(List.of("b"), store.registrations().stream().map(Registration::endpointName).toList());
        assertEquals(2, store.size());
        assertEquals(1, store.sweepExpired());
        assertEquals(1, store.size());
        assertEquals(0, store.sweepExpired());
    }

    @Test
    void updatingAnExpiredRegistrationIsNotFoundEvenBeforeTheSweep() {
        String id = store.register(request("a").lifetimeSeconds(60).build()).registration().get().id();
        clock.advance(Duration.ofSeconds(61));

        assertEquals(Outcome.NOT_FOUND, store.update(id, UpdateRequest.builder().build()).outcome());
        assertEquals(0, store.size());
        assertEquals(Outcome.CREATED, store.register(request("a").build()).outcome());
    }

    @Test
    void bindsAnEndpointNameToTheIdentityThatFirstRegisteredIt() {
        String id = store.register(request("node1").identity("psk:alice").build()).registration().get().id();

        assertEquals(Outcome.FORBIDDEN, store.register(request("node1").identity("psk:mallory").build()).outcome());
        assertEquals(Outcome.FORBIDDEN, store.register(request("node1").build()).outcome());
        assertEquals(Outcome.FORBIDDEN,
                store.update(id, UpdateRequest.builder().identity("psk:mallory").build()).outcome());
        assertEquals(Outcome.FORBIDDEN, store.remove(id, "psk:mallory").outcome());
        assertEquals(Outcome.FORBIDDEN, store.remove(id, null).outcome());
        assertTrue(store.register(request("node1").identity("psk:mallory").build()).diagnostic().contains("node1"));

        assertEquals(Outcome.REPLACED, store.register(request("node1").identity("psk:alice").build()).outcome());
        assertEquals(Outcome.UPDATED, store.update(id, UpdateRequest.builder().identity("psk:alice").build()).outcome());
        assertEquals(Outcome.REMOVED, store.remove(id, "psk:alice").outcome());

        // The binding lasts as long as the registration (RFC 9176 section 7.5).
        assertEquals(Outcome.CREATED, store.register(request("node1").identity("psk:mallory").build()).outcome());
    }

    @Test
    void theBindingEndsWhenTheRegistrationExpires() {
        store.register(request("node1").identity("psk:alice").lifetimeSeconds(60).build());
        clock.advance(Duration.ofSeconds(60));

        StoreResult result = store.register(request("node1").identity("psk:bob").build());

        assertEquals(Outcome.CREATED, result.outcome());
        assertEquals(Optional.of("psk:bob"), result.registration().get().identity());
    }

    @Test
    void canRequireAnAuthenticatedIdentity() {
        RegistrationStore strict = new RegistrationStore(RegistrationStoreOptions.fromProperties(
                Map.of(RegistrationStoreOptions.REQUIRE_AUTHENTICATION.id(), true)), clock);

        assertEquals(Outcome.UNAUTHENTICATED, strict.register(request("node1").build()).outcome());
        String id = strict.register(request("node1").identity("x509:CN=node1").build()).registration().get().id();
        assertEquals(Outcome.UNAUTHENTICATED, strict.update(id, UpdateRequest.builder().build()).outcome());
        assertEquals(Outcome.UNAUTHENTICATED, strict.remove(id, null).outcome());
    }

    @Test
    void refusesRegistrationsBeyondMaxRegistrationsUntilOneExpires() {
        RegistrationStore small = new RegistrationStore(RegistrationStoreOptions.fromProperties(
                Map.of(RegistrationStoreOptions.REGISTRATIONS_MAX.id(), 2)), clock);
        small.register(request("a").lifetimeSeconds(60).build());
        small.register(request("b").lifetimeSeconds(600).build());

        StoreResult full = small.register(request("c").build());
        assertEquals(Outcome.STORE_FULL, full.outcome());
        assertTrue(full.diagnostic().contains("maxRegistrations"), full.diagnostic());
        assertEquals(Outcome.REPLACED, small.register(request("b").build()).outcome());

        clock.advance(Duration.ofSeconds(60));
        assertEquals(Outcome.CREATED, small.register(request("c").build()).outcome());
    }

    @Test
    void refusesTooManyLinksOrAttributesAsTooLarge() {
        RegistrationStore small = new RegistrationStore(RegistrationStoreOptions.fromProperties(
                Map.of(RegistrationStoreOptions.LINKS_MAX.id(), 2, RegistrationStoreOptions.ATTRIBUTES_MAX.id(), 1)),
                clock);

        StoreResult links = small.register(request("a").links(List.of(Link.of("/1"), Link.of("/2"), Link.of("/3")))
                .build());
        assertEquals(Outcome.TOO_LARGE, links.outcome());
        assertTrue(links.diagnostic().contains("maxLinksPerRegistration"), links.diagnostic());

        StoreResult extras = small.register(request("a").extraAttribute(LinkAttribute.of("et", "x"))
                .extraAttribute(LinkAttribute.of("floor", "3")).build());
        assertEquals(Outcome.TOO_LARGE, extras.outcome());
        assertTrue(extras.diagnostic().contains("maxExtraAttributes"), extras.diagnostic());

        String id = small.register(request("a").build()).registration().get().id();
        assertEquals(Outcome.TOO_LARGE, small.update(id, UpdateRequest.builder()
                .links(List.of(Link.of("/1"), Link.of("/2"), Link.of("/3"))).build()).outcome());
    }

    @Test
    void refusesLifetimesOutsideTheBounds() {
        RegistrationStore bounded = new RegistrationStore(RegistrationStoreOptions.fromProperties(
                Map.of(RegistrationStoreOptions.LIFETIME_MIN.id(), 60L, RegistrationStoreOptions.LIFETIME_MAX.id(),
                        3600L, RegistrationStoreOptions.LIFETIME_DEFAULT.id(), 600L)), clock);

        StoreResult tooShort = bounded.register(request("a").lifetimeSeconds(59).build());
        assertEquals(Outcome.BAD_REQUEST, tooShort.outcome());
        assertTrue(tooShort.diagnostic().startsWith("lt 59"), tooShort.diagnostic());
        assertEquals(Outcome.BAD_REQUEST, bounded.register(request("a").lifetimeSeconds(3601).build()).outcome());
        String id = bounded.register(request("a").lifetimeSeconds(3600).build()).registration().get().id();
        assertEquals(Outcome.BAD_REQUEST, bounded.update(id, UpdateRequest.builder().lifetimeSeconds(1).build())
                .outcome());
    }

    @Test
    void limitsEndpointNamesAndSectorsTo63BytesOfUtf8() {
        assertEquals(Outcome.CREATED, store.register(request("n".repeat(63)).sector("d".repeat(63)).build())
                .outcome());
        StoreResult longName = store.register(request("\u00e9".repeat(32)).build());
        assertEquals(Outcome.BAD_REQUEST, longName.outcome());
        assertTrue(longName.diagnostic().startsWith("ep is 64 bytes"), longName.diagnostic());
        StoreResult longSector = store.register(request("a").sector("d".repeat(64)).build());
        assertEquals(Outcome.BAD_REQUEST, longSector.outcome());
        assertTrue(longSector.diagnostic().startsWith("d is 64 bytes"), longSector.diagnostic());
        assertEquals(Outcome.BAD_REQUEST, store.register(request("").build()).outcome());
        assertEquals(Outcome.BAD_REQUEST, store.register(request("a").sector("").build()).outcome());
        assertEquals(Outcome.BAD_REQUEST, store.register(request("a\nb").build()).outcome());
    }

    @Test
    void needsAnAbsoluteBase() {
        assertEquals(Outcome.BAD_REQUEST, store.register(RegistrationRequest.builder("a").build()).outcome());
        assertEquals(Outcome.BAD_REQUEST, store.register(request("a").base("/relative").build()).outcome());
        assertEquals(Outcome.BAD_REQUEST, store.register(request("a").base("coap://a b").build()).outcome());
    }

    @Test
    void tellsListenersAboutEveryChange() {
        List<Kind> events = new ArrayList<>();
        store.addListener(event -> events.add(event.kind()));
        store.addListener(event -> {
            throw new IllegalStateException("a broken listener must not break the store");
        });

        String id = store.register(request("a").lifetimeSeconds(60).build()).registration().get().id();
        store.register(request("a").lifetimeSeconds(60).build());
        store.update(id, UpdateRequest.builder().build());
        store.register(request("b").lifetimeSeconds(60).build());
        store.remove(id, null);
        clock.advance(Duration.ofSeconds(60));
        store.sweepExpired();

        assertEquals(List.of(Kind.CREATED, Kind.REPLACED, Kind.UPDATED, Kind.CREATED, Kind.REMOVED, Kind.EXPIRED),
                events);
    }
}
