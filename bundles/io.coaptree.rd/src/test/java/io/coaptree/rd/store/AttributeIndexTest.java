package io.coaptree.rd.store;

import io.coaptree.harness.clock.ManualClock;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.rd.options.RegistrationStoreOptions;

/** The store's lookup index answers exactly what the registrations hold, through every kind of change. */
class AttributeIndexTest {

    private final ManualClock clock = new ManualClock();
    private final RegistrationStore store = new RegistrationStore(RegistrationStoreOptions.defaults(), clock);

    private StoreResult register(String ep, String payload, String... query) throws Exception {
        List<String> options = new ArrayList<>(List.of("ep=" + ep));
        options.addAll(List.of(query));
        return store.register(RegistrationRequest.fromUriQuery(options).sourceAddress("coap://192.0.2.1:5683")
                .links(LinkFormatParser.withDefaults().parse(payload)).build());
    }

    private List<String> endpointsWith(String... nameValue) {
        List<AttributeValue> required = new ArrayList<>();
        for (int i = 0; i < nameValue.length; i += 2) {
            required.add(new AttributeValue(nameValue[i], nameValue[i + 1]));
        }
        return store.registrationsWithAll(required).stream().map(Registration::endpointName).toList();
    }

    @Test
    void findsRegistrationsByEndpointSectorExtraAndLinkAttributesInRegistrationOrder() throws Exception {
        register("b", "</t>;rt=\"temperature-c\";if=\"sensor\";ct=0;obs", "d=floor1", "et=oic.d.sensor");
        register("a", "</l>;rt=\"light-lux core.s\";if=sensor", "d=floor2");
        register("c", "</x>;title=\"x\"", "d=floor1");

        assertEquals(List.of("b", "a"), endpointsWith("if", "sensor"));
        assertEquals(List.of("a"), endpointsWith("ep", "a"));
        assertEquals(List.of("b", "c"), endpointsWith("d", "floor1"));
        assertEquals(List.of("b"), endpointsWith("et", "oic.d.sensor"));
        assertEquals(List.of("a"), endpointsWith("rt", "core.s"), "relation types are indexed token by token");
        assertEquals(List.of("a"), endpointsWith("rt", "light-lux"));
        assertEquals(List.of(), endpointsWith("rt", "light-lux core.s"), "a whole token list is not a value");
        assertEquals(List.of("b"), endpointsWith("d", "floor1", "if", "sensor"), "all values are required");
        assertEquals(List.of(), endpointsWith("d", "floor2", "ct", "0"));
        assertEquals(List.of(), endpointsWith("obs", ""), "flags are not values");
        assertEquals(List.of("b", "a", "c"), endpointsWith(), "no value: every live registration");
    }

    @Test
    void followsReplacementUpdateRemovalAndExpiry() throws Exception {
        String id = register("n1", "</t>;rt=old", "lt=60").registration().get().id();
        register("n2", "</t>;rt=old", "lt=120");
        assertEquals(List.of("n1", "n2"), endpointsWith("rt", "old"));

        register("n1", "</t>;rt=new", "lt=60"); // same ep: replaces the links, keeps the id
        assertEquals(List.of("n2"), endpointsWith("rt", "old"));
        assertEquals(List.of("n1"), endpointsWith("rt", "new"));

        store.update(id, UpdateRequest.fromUriQuery(List.of("lt=60"))
                .links(LinkFormatParser.withDefaults().parse("</t>;rt=newer")).build());
        assertEquals(List.of(), endpointsWith("rt", "new"));
        assertEquals(List.of("n1"), endpointsWith("rt", "newer"));

        clock.advance(Duration.ofSeconds(61));
        assertEquals(List.of(), endpointsWith("rt", "newer"), "expired registrations are invisible at once");
        assertEquals(1, store.sweepExpired());

        String second = store.find(null, "n2").get().id();
        assertEquals(io.coaptree.rd.store.StoreResult.Outcome.REMOVED, store.remove(second, null).outcome());
        assertEquals(List.of(), endpointsWith("rt", "old"));
        assertEquals(0, store.indexedValues(), "nothing is left behind in the index");
    }

    @Test
    void restoredRegistrationsAreIndexed(@TempDir Path dir) throws Exception {
        register("n1", "</t>;rt=temperature", "d=floor1");
        Path file = dir.resolve("registrations.txt");
        RegistrationFile.save(store, file);

        RegistrationStore restored = new RegistrationStore(RegistrationStoreOptions.defaults(), clock);
        RegistrationFile.load(restored, file);

        assertEquals(List.of("n1"), restored.registrationsWithAll(List.of(new AttributeValue("rt", "temperature"),
                new AttributeValue("d", "floor1"))).stream().map(Registration::endpointName).toList());
    }
}
