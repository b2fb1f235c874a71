package io.coaptree.http.options;

import static io.coaptree.properties.Refusal.STANDARD;

import java.util.Map;
import java.util.Objects;

import io.coaptree.properties.ComponentProperties;

/**
 * The limits of HTTP access, typed; a bad value is refused with an exception naming the property.
 *
 * @param requestTimeoutMillis {@value #REQUEST_TIMEOUT}: a CoAP answer not there by then is 504 Gateway Timeout
 * @param maxRequestBytes {@value #MAX_REQUEST_BYTES}: a larger HTTP request body is 413 Content Too Large
 * @param maxEventStreams {@value #MAX_EVENT_STREAMS}: open server-sent event streams on this gateway; beyond, 503
 * @param maxStreamResources {@value #MAX_STREAM_RESOURCES}: resources one event stream may observe; beyond, 400
 * @param pageEnabled {@value #PAGE_ENABLED}: whether the page of the tree is served at {@code /coaptree/}
 */
public record HttpAccessOptions(long requestTimeoutMillis, int maxRequestBytes, int maxEventStreams,
        int maxStreamResources, boolean pageEnabled) {

    public static final String REQUEST_TIMEOUT = "http.request.timeout.ms";
    public static final String MAX_REQUEST_BYTES = "http.max.request.bytes";
    public static final String MAX_EVENT_STREAMS = "http.max.event.streams";
    public static final String MAX_STREAM_RESOURCES = "http.max.stream.resources";
    public static final String PAGE_ENABLED = "http.page.enabled";

    private static final HttpAccessOptions DEFAULTS = new HttpAccessOptions(10_000, 65_536, 64, 32, true);

    public HttpAccessOptions {
        STANDARD.requireRange(REQUEST_TIMEOUT, requestTimeoutMillis, 100, 600_000);
        STANDARD.requireRange(MAX_REQUEST_BYTES, maxRequestBytes, 0, 16_777_216);
        STANDARD.requireRange(MAX_EVENT_STREAMS, maxEventStreams, 0, 10_000);
        STANDARD.requireRange(MAX_STREAM_RESOURCES, maxStreamResources, 1, 1_000);
    }

    /** @return timeout 10 s (remote queries answer 5.04 after 5 s by default, so that answer gets through), 64 KiB, 64 streams of 32 resources, page on */
    public static HttpAccessOptions defaults() {
        return DEFAULTS;
    }

    /**
     * Reads a Kura component configuration; absent properties keep their defaults.
     *
     * @throws io.coaptree.properties.InvalidPropertyException naming the property
     */
    public static HttpAccessOptions fromProperties(Map<String, ?> properties) {
        Objects.requireNonNull(properties, "properties");
        ComponentProperties p = ComponentProperties.of(properties, STANDARD);
        HttpAccessOptions d = DEFAULTS;
        return new HttpAccessOptions(p.longValue(REQUEST_TIMEOUT, d.requestTimeoutMillis),
                p.integer(MAX_REQUEST_BYTES, d.maxRequestBytes), p.integer(MAX_EVENT_STREAMS, d.maxEventStreams),
                p.integer(MAX_STREAM_RESOURCES, d.maxStreamResources), p.bool(PAGE_ENABLED, d.pageEnabled));
    }
}
