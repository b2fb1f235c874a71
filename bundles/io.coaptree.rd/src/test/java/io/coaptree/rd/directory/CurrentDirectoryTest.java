package io.coaptree.rd.directory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

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
import io.coaptree.rd.store.RegistrationEvent;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.RegistrationStore;
import io.coaptree.rd.store.StoreResult;
import io.coaptree.rd.store.StoreResult.Outcome;

/** The service object other bundles hold: it outlives the directory it forwards to, and keeps their listeners. */
class CurrentDirectoryTest {

    private final ManualClock clock = new ManualClock();
    private final CurrentDirectory service = new CurrentDirectory();
    private final List<RegistrationEvent> events = new CopyOnWriteArrayList<>();

    private LocalDirectory running() {
        RegistrationStore store = new RegistrationStore(RegistrationStoreOptions.defaults(), clock);
        return new LocalDirectory(store, new DirectoryLookup(store, "/rd/"), () -> "", DirectoryOptions.defaults());
    }

    private static RegistrationRequest request(String ep) {
        return RegistrationRequest.builder(ep).sourceAddress("coap://192.0.2.1:5683")
                .links(List.of(Link.of("/temp"))).build();
    }

    @Test
    void withoutARunningDirectoryWritesAreUnavailableAndLookupsEmpty() {
        StoreResult result = service.register(request("node1"));

        assertEquals(Outcome.STORE_FULL, result.outcome());
        assertFalse(result.diagnostic().isEmpty());
        assertEquals(Outcome.STORE_FULL, service.remove("1", null).outcome());
        assertEquals(List.of(), service.resources(LookupQuery.all(), LookupOrigin.OFF_LINK));
        assertEquals(List.of(), service.endpoints(LookupQuery.all(), LookupOrigin.OFF_LINK));
        LookupResult lookup = service.lookup(new LookupRequest(LookupKind.RESOURCE, List.of(), LookupRequest.ANY, null,
                LookupOrigin.OFF_LINK));
        assertTrue(lookup.isSuccess());
        assertEquals("", lookup.linkFormat());
    }

    @Test
    void listenersFollowTheRunningDirectoryAcrossAReconfiguration() {
        service.addListener(events::add);
        LocalDirectory first = running();
        service.use(first);
        service.register(request("node1"));
        assertEquals(1, events.size());

        LocalDirectory second = running();
        service.use(second);
        first.register(request("stale")); // the replaced directory is no longer heard
        service.register(request("node2"));

        assertEquals(List.of("node1", "node2"),
                events.stream().map(e -> e.registration().endpointName()).toList());
        assertEquals(1, second.store().size());
        assertEquals(1, service.resources(LookupQuery.all(), LookupOrigin.OFF_LINK).size());
    }

    @Test
    void aFailingListenerDoesNotKeepTheOthersFromHearing() {
        service.addListener(event -> {
            throw new IllegalStateException("faulty listener");
        });
        service.addListener(events::add);
        service.use(running());

        assertEquals(Outcome.CREATED, service.register(request("node1")).outcome());
        assertEquals(1, events.size());
    }
}
