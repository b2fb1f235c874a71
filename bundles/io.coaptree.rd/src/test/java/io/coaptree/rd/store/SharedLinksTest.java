package io.coaptree.rd.store;

import io.coaptree.harness.clock.ManualClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;

import org.junit.jupiter.api.Test;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.rd.options.RegistrationStoreOptions;

/** Registrations of devices of one kind share their equal links and attributes instead of holding copies. */
class SharedLinksTest {

    private final RegistrationStore store = new RegistrationStore(RegistrationStoreOptions.defaults(),
            new ManualClock());

    private Registration register(String ep, String payload) throws Exception {
        return store.register(RegistrationRequest.fromUriQuery(List.of("ep=" + ep, "et=sensor-node"))
                .sourceAddress("coap://192.0.2.1:5683").links(LinkFormatParser.withDefaults().parse(payload)).build())
                .registration().get();
    }

    @Test
    void equalLinksAndAttributesAreOneInstance() throws Exception {
        Registration a = register("a", "</s/t>;rt=\"temperature\";if=sensor,</a>;title=\"node a\";if=sensor");
        Registration b = register("b", "</s/t>;rt=\"temperature\";if=sensor,</b>;title=\"node b\";if=sensor");

        assertSame(a.links().get(0), b.links().get(0));
        Link uniqueA = a.links().get(1);
        Link uniqueB = b.links().get(1);
        assertNotSame(uniqueA, uniqueB);
        assertSame(uniqueA.attributes().get(1), uniqueB.attributes().get(1), "if=sensor is shared");
        assertSame(a.links().get(0).attributes().get(1), uniqueA.attributes().get(1));
        assertSame(a.extraAttributes().get(0), b.extraAttributes().get(0));
        assertEquals("</b>;title=\"node b\";if=\"sensor\"",
                io.coaptree.linkformat.LinkFormatSerializer.serialize(uniqueB), "content is unchanged");
    }

    @Test
    void linksAnUpdateBringsAreSharedToo() throws Exception {
        Registration a = register("a", "</s/t>;rt=\"temperature\";if=sensor");
        Registration b = register("b", "</x>;rt=\"other\"");

        Registration updated = store.update(b.id(), UpdateRequest.fromUriQuery(List.of("et=sensor-node"))
                .links(LinkFormatParser.withDefaults().parse("</s/t>;rt=\"temperature\";if=sensor")).build())
                .registration().get();

        assertSame(a.links().get(0), updated.links().get(0));
        assertSame(a.extraAttributes().get(0), updated.extraAttributes().get(0));
    }
}
