package io.coaptree.rd.directory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import io.coaptree.harness.clock.ManualClock;
import io.coaptree.linkformat.Link;
import io.coaptree.rd.lookup.DirectoryLookup;
import io.coaptree.rd.lookup.LookupOrigin;
import io.coaptree.rd.lookup.LookupQuery;
import io.coaptree.rd.options.RegistrationStoreOptions;
import io.coaptree.rd.store.Registration;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.RegistrationStore;
import io.coaptree.rd.store.StoreResult.Outcome;

/** The running directory: the default sector, and the store's rules for every caller. */
class LocalDirectoryTest {

    private static final String SOURCE = "coap://[2001:db8::1]:5683";

    private final ManualClock clock = new ManualClock();
    private final RegistrationStore store = new RegistrationStore(RegistrationStoreOptions.defaults(), clock);
    private final AtomicReference<String> sector = new AtomicReference<>("gateway-7");
    private final LocalDirectory directory = new LocalDirectory(store, new DirectoryLookup(store, "/rd/"),
            sector::get);

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
}
