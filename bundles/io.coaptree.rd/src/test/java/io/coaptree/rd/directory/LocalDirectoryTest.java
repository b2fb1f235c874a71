package io.coaptree.rd.directory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.clock.ManualClock;
import io.coaptree.linkformat.Link;
import io.coaptree.rd.lookup.DirectoryLookup;
import io.coaptree.rd.lookup.LookupKind;
import io.coaptree.rd.lookup.LookupOrigin;
import io.coaptree.rd.lookup.LookupQuery;
import io.coaptree.rd.lookup.LookupRequest;
import io.coaptree.rd.lookup.LookupResult;
import io.coaptree.rd.options.DirectoryOptions;
import io.coaptree.rd.options.RegistrationStoreOptions;
import io.coaptree.rd.store.Registration;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.RegistrationStore;
import io.coaptree.rd.store.StoreResult.Outcome;

/** The running directory: the default sector, the store's rules and the lookup settings for every caller. */
class LocalDirectoryTest {

    private static final String SOURCE = "coap://[2001:db8::1]:5683";

    private final ManualClock clock = new ManualClock();
    private final RegistrationStore store = new RegistrationStore(RegistrationStoreOptions.defaults(), clock);
    private final AtomicReference<String> sector = new AtomicReference<>("gateway-7");
    private final LocalDirectory directory = new LocalDirectory(store, new DirectoryLookup(store, "/rd/"),
            sector::get, DirectoryOptions.defaults());

    private static RegistrationRequest.Builder request(String ep) {
        return RegistrationRequest.builder(ep).sourceAddress(SOURCE).links(List.of(Link.of("/temp")));
    }

    @Test
    void givesRegistrationsWithoutSectorTheDefaultSector() {
        Registration registration = directory.register(request("node1").build()).registration().get();

        assertEquals(Optional.of("gateway-7"), registration.sector());
    }

    @Test
    void keepsAnExplicitSectorAndFollowsTheDefaultWhenItChanges() {
        assertEquals(Optional.of("floor-1"),
                directory.register(request("node1").sector("floor-1").build()).registration().get().sector());
        sector.set("");
        assertEquals(Optional.empty(), directory.register(request("node2").build()).registration().get().sector());
        sector.set("B");
        assertEquals(Optional.of("B"), directory.register(request("node3").build()).registration().get().sector());
        assertEquals(3, store.size());
    }

    @Test
    void aDefaultSectorBreakingTheRulesIsRefusedAsAnExplicitOneWouldBe() {
        sector.set("s".repeat(64));

        var result = directory.register(request("node1").build());

        assertEquals(Outcome.BAD_REQUEST, result.outcome());
        assertTrue(result.diagnostic().startsWith("d is 64 bytes"), result.diagnostic());
        assertEquals(0, store.size());
    }

    @Test
    void firstComeFirstRememberedHoldsForJavaCallersAsForCoapOnes() {
        String id = directory.register(request("node1").identity("node:A/1/g1").build()).registration().get().id();

        assertEquals(Outcome.FORBIDDEN,
                directory.register(request("node1").identity("psk:intruder").build()).outcome());
        assertEquals(Outcome.FORBIDDEN, directory.remove(id, "psk:intruder").outcome());
        assertEquals(Outcome.FORBIDDEN, directory.remove(id, null).outcome());
        assertEquals(1, directory.resources(LookupQuery.all(), LookupOrigin.OFF_LINK).size());
        assertEquals(Outcome.REMOVED, directory.remove(id, "node:A/1/g1").outcome());
        assertEquals(List.of(), directory.endpoints(LookupQuery.all(), LookupOrigin.OFF_LINK));
    }

    @Test
    void aLookupForACallerMeetsTheLookupSettingsInTheOrderACoapClientDoes() {
        directory.register(request("node1").build());
        directory.register(request("node2").build());
        LocalDirectory strict = new LocalDirectory(store, new DirectoryLookup(store, "/rd/"), sector::get,
                DirectoryOptions.fromProperties(Map.of(DirectoryOptions.LOOKUP_ACCESS.id(), "authenticated",
                        DirectoryOptions.LOOKUP_PAYLOAD_MAX.id(), 1024)));

        assertEquals(LookupResult.Outcome.UNAUTHENTICATED, strict.lookup(lookup(List.of(), 0, null)).outcome());
        assertEquals(LookupResult.Outcome.NOT_ACCEPTABLE, strict.lookup(lookup(List.of(), 0, "psk:a")).outcome());
        assertEquals(LookupResult.Outcome.BAD_REQUEST,
                strict.lookup(lookup(List.of("page=1"), LookupRequest.ANY, "psk:a")).outcome());
        LookupResult both = strict.lookup(lookup(List.of(), LookupResult.LINK_FORMAT, "psk:a"));
        assertEquals(LookupResult.Outcome.CONTENT, both.outcome());
        assertEquals(directory.lookup(lookup(List.of(), LookupRequest.ANY, null)).linkFormat(), both.linkFormat(),
                "the defaults let an anonymous caller read the same");
        assertEquals(2, both.linkFormat().split(",").length);

        for (int i = 3; i <= 40; i++) {
            directory.register(request("node" + i).build());
        }
        LookupResult tooLarge = strict.lookup(lookup(List.of(), LookupRequest.ANY, "psk:a"));
        assertEquals(LookupResult.Outcome.TOO_LARGE, tooLarge.outcome());
        assertTrue(tooLarge.diagnostic().contains(DirectoryOptions.LOOKUP_PAYLOAD_MAX.id()), tooLarge.diagnostic());
        assertEquals("", tooLarge.linkFormat());
        assertEquals(2, strict.lookup(lookup(List.of("page=0", "count=2"), LookupRequest.ANY, "psk:a")).linkFormat()
                .split(",").length, "a page within the limit is answered");
    }

    private static LookupRequest lookup(List<String> uriQuery, int accept, String identity) {
        return new LookupRequest(LookupKind.RESOURCE, uriQuery, accept, identity, LookupOrigin.OFF_LINK);
    }
}
