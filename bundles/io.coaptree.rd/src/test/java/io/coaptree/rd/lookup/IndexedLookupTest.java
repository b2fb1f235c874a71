package io.coaptree.rd.lookup;

import io.coaptree.harness.clock.ManualClock;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.linkformat.LinkFormatSerializer;
import io.coaptree.rd.options.RegistrationStoreOptions;
import io.coaptree.rd.store.Registration;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.RegistrationStore;

/**
 * Lookups narrowed by the store's index return exactly what a scan of every registration returns, in the same
 * order and pages, for random registrations and random queries (exact, prefix and presence criteria, relation-type
 * token lists, href/anchor/base, rt=core.rd-ep, paging), also after replacements, removals and expiry.
 */
class IndexedLookupTest {

    private static final String[] RT = {"temperature", "light", "core.rd-ep", "fw1", "fw2", "a b"};
    private static final String[] IF = {"sensor", "actuator", "core.s core.b"};
    private static final String[] EP = {"n0", "n1", "n2", "n3", "n10", "n11"};
    private static final String[] D = {"floor1", "floor2"};

    private final ManualClock clock = new ManualClock();
    private final RegistrationStore store = new RegistrationStore(RegistrationStoreOptions.defaults(), clock);
    private final DirectoryLookup indexed = new DirectoryLookup(store, "/rd/");
    private final DirectoryLookup scanning = new DirectoryLookup(store, "/rd/", false);
    private final Random random = new Random(7);

    @Test
    void indexedLookupsEqualFullScans() throws Exception {
        for (int i = 0; i < 60; i++) {
            registerRandom();
        }
        int compared = compareRandomQueries(400);

        // churn: replace, remove, expire, and compare again
        for (int i = 0; i < 30; i++) {
            registerRandom();
        }
        List<Registration> live = store.registrations();
        for (int i = 0; i < live.size(); i += 3) {
            store.remove(live.get(i).id(), null);
        }
        clock.advance(java.time.Duration.ofSeconds(100));
        compared += compareRandomQueries(400);
        store.sweepExpired();
        compared += compareRandomQueries(200);

        assertTrue(compared > 300, "enough queries had results to mean something: " + compared);
    }

    private void registerRandom() throws Exception {
        StringBuilder payload = new StringBuilder();
        int links = 1 + random.nextInt(5);
        for (int l = 0; l < links; l++) {
            if (l > 0) {
                payload.append(',');
            }
            payload.append("</s").append(random.nextInt(4)).append('>');
            payload.append(";rt=\"").append(pick(RT)).append('"');
            if (random.nextBoolean()) {
                payload.append(";if=\"").append(pick(IF)).append('"');
            }
            if (random.nextBoolean()) {
                payload.append(";ct=").append(random.nextInt(3));
            }
            if (random.nextInt(4) == 0) {
                payload.append(";anchor=\"/s").append(random.nextInt(4)).append('"');
            }
            if (random.nextInt(3) == 0) {
                payload.append(";obs");
            }
        }
        List<String> query = new ArrayList<>(List.of("ep=" + pick(EP) + random.nextInt(20)));
        if (random.nextBoolean()) {
            query.add("d=" + pick(D));
        }
        query.add("lt=" + (random.nextBoolean() ? 60 : 3600));
        if (random.nextInt(3) == 0) {
            query.add("et=" + pick(RT));
        }
        String base = "coap://192.0.2." + random.nextInt(3) + ":5683";
        store.register(RegistrationRequest.fromUriQuery(query).sourceAddress(base)
                .links(LinkFormatParser.withDefaults().parse(payload)).build());
    }

    private int compareRandomQueries(int queries) throws Exception {
        int nonEmpty = 0;
        for (int i = 0; i < queries; i++) {
            List<String> criteria = randomCriteria();
            LookupQuery query = LookupQuery.fromUriQuery(criteria);
            String resources = LinkFormatSerializer.serialize(indexed.resources(query));
            String endpoints = LinkFormatSerializer.serialize(indexed.endpoints(query));
            assertEquals(LinkFormatSerializer.serialize(scanning.resources(query)), resources, "resources " + criteria);
            assertEquals(LinkFormatSerializer.serialize(scanning.endpoints(query)), endpoints, "endpoints " + criteria);
            if (!resources.isEmpty() || !endpoints.isEmpty()) {
                nonEmpty++;
            }
        }
        return nonEmpty;
    }

    private List<String> randomCriteria() {
        List<String> criteria = new ArrayList<>();
        int count = 1 + random.nextInt(3);
        for (int c = 0; c < count; c++) {
            switch (random.nextInt(12)) {
                case 0 -> criteria.add("rt=" + pick(RT));
                case 1 -> criteria.add("rt=" + pick(RT).charAt(0) + "*");
                case 2 -> criteria.add("if=" + pick(IF).split(" ")[random.nextInt(1)]);
                case 3 -> criteria.add("if=core.b");
                case 4 -> criteria.add("ep=" + store.registrations().stream().findAny()
                        .map(Registration::endpointName).orElse("none"));
                case 5 -> criteria.add("ep=n1*");
                case 6 -> criteria.add("d=" + pick(D));
                case 7 -> criteria.add("ct=" + random.nextInt(3));
                case 8 -> criteria.add(random.nextBoolean() ? "obs" : "anchor");
                case 9 -> criteria.add("href=coap://192.0.2." + random.nextInt(3) + ":5683/s" + random.nextInt(4));
                case 10 -> criteria.add("et=" + pick(RT));
                default -> criteria.add("base=coap://192.0.2." + random.nextInt(3) + ":5683");
            }
        }
        if (random.nextInt(4) == 0) {
            criteria.add("count=" + (1 + random.nextInt(3)));
            criteria.add("page=" + random.nextInt(3));
        }
        return criteria;
    }

    private String pick(String[] values) {
        return values[random.nextInt(values.length)];
    }
}
