package io.coaptree.bench.rd;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Request;

/**
 * What the {@code rd} scenario sends: registrations of sensor nodes and the lookups clients make of them.
 * <p>
 * A node registers {@link #LINKS_PER_NODE} links with four attributes each (rt, if, ct, obs, as the first
 * evaluation did, docs/design.md): nine sensor types every node has, and one firmware type shared by only
 * {@link #NODES_PER_FIRMWARE} nodes (with a title naming the node, so that link is unique), so some lookups match
 * a handful of the 100,000 links and must still look at all of them unless something indexes them. Nodes are
 * spread over {@link #SECTORS} sectors.
 */
final class RdWorkload {

    static final int LINKS_PER_NODE = 10;
    static final int SECTORS = 10;
    static final int NODES_PER_FIRMWARE = 10;
    static final String[] SENSOR_TYPES = {"temperature", "humidity", "pressure", "light", "co2", "noise",
        "battery", "rssi", "switch"};

    private final int nodes;

    /** @param nodes the endpoints the store will hold; lookups pick among them */
    RdWorkload(int nodes) {
        this.nodes = nodes;
    }

    static String endpointName(int node) {
        return String.format(Locale.ROOT, "node%05d", node);
    }

    static String sector(int node) {
        return "area" + node % SECTORS;
    }

    static String firmwareType(int node) {
        return "fw" + node / NODES_PER_FIRMWARE;
    }

    /** One node's links: about 570 bytes, one CoAP message. */
    static String payload(int node) {
        StringBuilder links = new StringBuilder(640);
        for (String type : SENSOR_TYPES) {
            links.append("</s/").append(type).append(">;rt=\"").append(type).append("\";if=\"sensor\";ct=0;obs,");
        }
        // one link unique to the node (its title), so not everything a registration holds can be shared
        links.append("</fw>;rt=\"").append(firmwareType(node)).append("\";if=\"config\";ct=40;title=\"")
                .append(endpointName(node)).append(" firmware\"");
        return links.toString();
    }

    /**
     * Registrations of nodes {@code first}, {@code first + 1}, ... one per request; with {@code wrap > 0}, node
     * numbers cycle through {@code first .. first + wrap - 1} (re-registrations replace, for warming up).
     */
    static Supplier<Request> registrations(int first, int wrap) {
        AtomicInteger next = new AtomicInteger();
        return () -> {
            int n = next.getAndIncrement();
            int node = first + (wrap > 0 ? n % wrap : n);
            return registration(node);
        };
    }

    static Request registration(int node) {
        return registration(endpointName(node), sector(node), payload(node));
    }

    /** Sector of the endpoints that only warm the directory's create path; removed before anything is measured. */
    static final String WARM_UP_SECTOR = "warm-up";
    /** Sector of the new endpoints registered into the full directory, and removed again, round after round. */
    static final String CHURN_SECTOR = "churn";

    /**
     * New endpoints in {@code sector} ({@code <sector>0}, {@code <sector>1}...), one per request: a
     * re-registration would only take the replace path. The sector is removed before the names come again.
     */
    static Supplier<Request> newEndpoints(String sector) {
        AtomicInteger next = new AtomicInteger();
        return () -> {
            int n = next.getAndIncrement();
            return registration(sector + n, sector, payload(n));
        };
    }

    private static Request registration(String endpoint, String sector, String payload) {
        Request request = Request.newPost();
        request.getOptions().setUriPath("rd")
                .addUriQuery("ep=" + endpoint)
                .addUriQuery("d=" + sector)
                .addUriQuery("lt=90000")
                .setContentFormat(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
        request.setPayload(payload);
        return request;
    }

    /** One request of each kind in turn. */
    static Supplier<Request> interleaved(List<Supplier<Request>> kinds) {
        AtomicInteger next = new AtomicInteger();
        return () -> kinds.get(Math.floorMod(next.getAndIncrement(), kinds.size())).get();
    }

    /** The same message to the no-op resource. */
    static Supplier<Request> barePosts() {
        AtomicInteger next = new AtomicInteger();
        return () -> {
            int node = next.getAndIncrement();
            Request request = Request.newPost();
            request.getOptions().setUriPath(RdTarget.BARE)
                    .addUriQuery("ep=" + endpointName(node))
                    .addUriQuery("d=" + sector(node))
                    .addUriQuery("lt=90000")
                    .setContentFormat(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
            request.setPayload(payload(node));
            return request;
        };
    }

    static Supplier<Request> bareGets() {
        return () -> {
            Request request = Request.newGet();
            request.getOptions().setUriPath(RdTarget.BARE);
            return request;
        };
    }

    /** The lookups measured, each a different cost for a scanning directory. */
    enum Lookup {
        /** Endpoint lookup of one endpoint: 1 result. */
        EP_BY_NAME("lookup-ep"),
        /** Resource lookup of one sensor of one endpoint: 1 result. */
        RES_BY_EP_AND_RT("lookup-res-ep-rt"),
        /** Resource lookup of a type only {@link #NODES_PER_FIRMWARE} nodes have: 10 results among all links. */
        RES_BY_RARE_RT("lookup-res-rare-rt"),
        /** Resource lookup of a common type in one sector, one random page of 10 of its 1,000 results. */
        RES_PAGED("lookup-res-paged");

        final String step;

        Lookup(String step) {
            this.step = step;
        }
    }

    Supplier<Request> lookups(Lookup kind) {
        return () -> {
            ThreadLocalRandom random = ThreadLocalRandom.current();
            int node = random.nextInt(nodes);
            Request request = Request.newGet();
            switch (kind) {
                case EP_BY_NAME -> request.getOptions().setUriPath("rd-lookup/ep")
                        .addUriQuery("ep=" + endpointName(node));
                case RES_BY_EP_AND_RT -> request.getOptions().setUriPath("rd-lookup/res")
                        .addUriQuery("ep=" + endpointName(node))
                        .addUriQuery("rt=" + SENSOR_TYPES[random.nextInt(SENSOR_TYPES.length)]);
                case RES_BY_RARE_RT -> request.getOptions().setUriPath("rd-lookup/res")
                        .addUriQuery("rt=" + firmwareType(node));
                case RES_PAGED -> {
                    int perSector = Math.max(1, nodes / SECTORS);
                    int pages = Math.max(1, perSector / 10);
                    request.getOptions().setUriPath("rd-lookup/res")
                            .addUriQuery("rt=" + SENSOR_TYPES[random.nextInt(SENSOR_TYPES.length)])
                            .addUriQuery("d=" + sector(node))
                            .addUriQuery("count=10")
                            .addUriQuery("page=" + random.nextInt(pages));
                }
                default -> throw new IllegalStateException(kind.name());
            }
            return request;
        };
    }
}
