package io.coaptree.server.options;

import java.util.List;
import java.util.Map;

import io.coaptree.properties.Setting;

/**
 * How the server shares its capacity among classes of callers ({@code capacity.CallerClass}): the pools are the
 * requests in progress ({@link ServerOptions#MAX_PEERS}, at least 16) and the Observe relations
 * ({@link ServerOptions#OBSERVE_MAX_RELATIONS}), each shared by the network endpoints and the requests run in memory
 * (HTTP, the tree).
 *
 * @param anonymousSharePercent the most of each pool anonymous callers hold together
 * @param perAddress the most an anonymous caller at one address holds of each pool
 * @param reservedPercent the part of each pool only authenticated callers and the tree may use, whatever the share
 */
public record CapacityOptions(int anonymousSharePercent, int perAddress, int reservedPercent) {

    public static final Setting<Integer> ANONYMOUS_SHARE = Setting.integer("capacity.anonymous.share.percent", 50)
            .range(0, 100).named("Anonymous share (%)")
            .describedAs("The most of the requests in progress and of the Observe relations that callers without "
                    + "credentials (CoAP without DTLS, HTTP without a Kura identity, and what they cause through the "
                    + "tree) hold together. Beyond it they are answered 5.03 (HTTP 503) with Max-Age (Retry-After). "
                    + "0 refuses every anonymous request that would hold capacity.");
    public static final Setting<Integer> PER_ADDRESS = Setting.integer("capacity.anonymous.per.address", 64)
            .range(1, 100_000).named("Anonymous limit per address")
            .describedAs("The most requests in progress, and separately Observe relations, one anonymous caller "
                    + "address holds. 64 lets a browser keep two pages of the tree open (32 resources each).");
    public static final Setting<Integer> RESERVED = Setting.integer("capacity.reserved.percent", 25).range(0, 100)
            .named("Reserved capacity (%)")
            .describedAs("The part of the requests in progress and of the Observe relations kept for authenticated "
                    + "callers and the tree (requests from other gateways): anonymous work never takes it, whatever "
                    + "the anonymous share.");

    /** This class's settings, in WebUI order. */
    public static final List<Setting<?>> ALL = List.of(ANONYMOUS_SHARE, PER_ADDRESS, RESERVED);

    private static final CapacityOptions DEFAULTS = fromProperties(Map.of());

    public CapacityOptions {
        ANONYMOUS_SHARE.check(anonymousSharePercent);
        PER_ADDRESS.check(perAddress);
        RESERVED.check(reservedPercent);
    }

    /** @return every setting at its default */
    public static CapacityOptions defaults() {
        return DEFAULTS;
    }

    /** Missing properties take their default. */
    public static CapacityOptions fromProperties(Map<String, ?> properties) {
        return new CapacityOptions(ANONYMOUS_SHARE.from(properties), PER_ADDRESS.from(properties),
                RESERVED.from(properties));
    }

    /**
     * @param total the pool's size
     * @return how much of it anonymous callers may hold: their share, never the reserved part
     */
    public int anonymousLimit(int total) {
        int reserved = (int) Math.ceil(total * reservedPercent / 100.0);
        int share = (int) ((long) total * anonymousSharePercent / 100);
        return Math.max(0, Math.min(share, total - reserved));
    }
}
