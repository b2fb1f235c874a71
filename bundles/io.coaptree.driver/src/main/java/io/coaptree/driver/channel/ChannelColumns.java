package io.coaptree.driver.channel;

import java.util.List;

import io.coaptree.properties.Setting;

/**
 * The columns this driver adds to a Kura asset's channel table, each defined once: the Kura adapter turns them into
 * the channel descriptor the WebUI renders, and {@link ChannelSettings} reads a channel's values through them. Kura's
 * asset adds its own columns (name, type, value type, enabled, scale, offset, unit) in front of these; the value
 * type is one of them.
 */
public final class ChannelColumns {

    /** Kura's column holding a channel's name (the asset provider's {@code +name}). */
    public static final String KURA_NAME = "+name";
    /** Kura's column holding a channel's value type (the asset provider's {@code +value.type}). */
    public static final String KURA_VALUE_TYPE = "+value.type";

    public static final Setting<String> RESOURCE = Setting.text("coap.resource", "/temperature").named("coap.resource")
            .describedAs("The CoAP resource: a path on this gateway (/temperature), a path of the tree "
                    + "(/tree/B/2/gB2/temperature, /tree/<domain>/<group>/<gateway>/<path>), or lookup: and "
                    + "Resource Directory criteria (lookup:rt=temperature&ep=gB2) for the first resource of the "
                    + "tree they find. A query (?dc=urgent) may follow a path.");
    public static final Setting<ContentFormat> CONTENT_FORMAT = Setting
            .choice("coap.content.format", ContentFormat.TEXT)
            .labelled("text", "text/plain", "json", "application/json", "cbor", "application/cbor", "senml-json",
                    "application/senml+json (RFC 8428)", "senml-cbor", "application/senml+cbor (RFC 8428)")
            .named("coap.content.format")
            .describedAs("How the resource represents the value: asked for with Accept on reads, sent as "
                    + "Content-Format on writes.");
    public static final Setting<String> VALUE_NAME = Setting.text("coap.value.name", "").optional()
            .named("coap.value.name")
            .describedAs("Which value of a structured representation is the channel's: a member of a JSON object, a "
                    + "key of a CBOR map, or a SenML record's full name (base name + name). Empty: the whole JSON or "
                    + "CBOR value, the first SenML record with a value.");
    public static final Setting<WriteMethod> WRITE_METHOD = Setting.choice("coap.write.method", WriteMethod.PUT)
            .labelled("put", "PUT", "post", "POST").named("coap.write.method")
            .describedAs("The method of a write: PUT sets the resource's state, POST hands the value to the "
                    + "resource to process.");
    public static final Setting<ListenMode> LISTEN_MODE = Setting.choice("coap.listen.mode", ListenMode.OBSERVE)
            .labelled("observe", "Observe (RFC 7641)", "poll", "poll with GET").named("coap.listen.mode")
            .describedAs("How a listener on the channel (Wires, the WebUI's monitoring) learns of changes: an Observe "
                    + "relation, relayed through the tree for a remote resource, or a GET every poll interval.");
    public static final Setting<Long> POLL_INTERVAL = Setting.longValue("coap.poll.interval.ms", 1_000)
            .range(100, 86_400_000).named("coap.poll.interval.ms")
            .describedAs("With listen mode poll: milliseconds between two GETs.");

    /** In the order of the channel table. */
    public static final List<Setting<?>> ALL = List.of(RESOURCE, CONTENT_FORMAT, VALUE_NAME, WRITE_METHOD,
            LISTEN_MODE, POLL_INTERVAL);

    private ChannelColumns() {
    }
}
