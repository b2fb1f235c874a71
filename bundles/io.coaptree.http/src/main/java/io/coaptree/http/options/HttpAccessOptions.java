package io.coaptree.http.options;

import java.util.List;
import java.util.Map;

import io.coaptree.properties.ComponentSettings;
import io.coaptree.properties.Setting;

/**
 * The limits of HTTP access, typed. Each setting is defined once below; the build writes the component's metatype
 * from {@link #SETTINGS}, and a bad value is refused with an exception naming the property.
 *
 * @param requestTimeoutMillis a CoAP answer not there by then is 504 Gateway Timeout
 * @param maxRequestBytes a larger HTTP request body is 413 Content Too Large
 * @param maxEventStreams open server-sent event streams on this gateway; beyond, 503
 * @param maxStreamResources resources one event stream may observe; beyond, 400
 * @param pageEnabled whether the page of the tree is served at {@code /coaptree/}
 */
public record HttpAccessOptions(long requestTimeoutMillis, int maxRequestBytes, int maxEventStreams,
        int maxStreamResources, boolean pageEnabled) {

    public static final String PID = "io.coaptree.http.HttpAccess";

    // Above the remote query timeout (5 s by default), so the tree's own 5.04 gets through.
    public static final Setting<Long> REQUEST_TIMEOUT = Setting.longValue("http.request.timeout.ms", 10_000)
            .range(100, 600_000).named("Request timeout (ms)")
            .describedAs("An HTTP request whose CoAP answer has not come by then gets 504 Gateway Timeout. Keep it "
                    + "above the remote query timeout, so the tree's own 5.04 gets through.");
    public static final Setting<Integer> MAX_REQUEST_BYTES = Setting.integer("http.max.request.bytes", 65_536)
            .range(0, 16_777_216).named("Largest request body (bytes)")
            .describedAs("A larger HTTP request body is refused with 413.");
    public static final Setting<Integer> MAX_EVENT_STREAMS = Setting.integer("http.max.event.streams", 64)
            .range(0, 10_000).named("Maximum event streams")
            .describedAs("Server-sent event streams (Observe relations from HTTP) open at once on this gateway; "
                    + "beyond, 503.");
    public static final Setting<Integer> MAX_STREAM_RESOURCES = Setting.integer("http.max.stream.resources", 32)
            .range(1, 1_000).named("Maximum resources per event stream")
            .describedAs("Resources one event stream of the page may observe; beyond, 400.");
    public static final Setting<Boolean> PAGE_ENABLED = Setting.flag("http.page.enabled", true)
            .named("Serve the page of the tree")
            .describedAs("The page at /coaptree/: gateways, resources from the synchronised directory, live values, "
                    + "actuator writes.");

    public static final ComponentSettings SETTINGS = ComponentSettings.of(PID, "CoAPTree HTTP Access",
            "Serves every CoAP resource of this gateway and of the tree through Kura's web server: "
                    + "http://this-gateway/coaptree/<path> (for example /coaptree/tree/B/2/gB2/temperature, "
                    + "/coaptree/tree-lookup/res), mapped as RFC 8075 says, Observe as server-sent events, and a live "
                    + "page of the tree at /coaptree/. Callers authenticate with Kura identities (HTTP Basic, as "
                    + "Kura's REST API); an identity needs the permission rest.coaptree (or kura.admin) and travels "
                    + "as kura:<name> to the gateway owning the resource, whose access policy decides. Without "
                    + "credentials a caller reads where anonymous CoAP may and never writes.",
            List.of(REQUEST_TIMEOUT, MAX_REQUEST_BYTES, MAX_EVENT_STREAMS, MAX_STREAM_RESOURCES, PAGE_ENABLED));

    private static final HttpAccessOptions DEFAULTS = fromProperties(Map.of());

    public HttpAccessOptions {
        REQUEST_TIMEOUT.check(requestTimeoutMillis);
        MAX_REQUEST_BYTES.check(maxRequestBytes);
        MAX_EVENT_STREAMS.check(maxEventStreams);
        MAX_STREAM_RESOURCES.check(maxStreamResources);
    }

    /** @return every setting at its default */
    public static HttpAccessOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Reads a Kura component configuration; absent properties keep their defaults.
     *
     * @throws io.coaptree.properties.InvalidPropertyException naming the property
     */
    public static HttpAccessOptions fromProperties(Map<String, ?> properties) {
        return new HttpAccessOptions(REQUEST_TIMEOUT.from(properties), MAX_REQUEST_BYTES.from(properties),
                MAX_EVENT_STREAMS.from(properties), MAX_STREAM_RESOURCES.from(properties),
                PAGE_ENABLED.from(properties));
    }
}
