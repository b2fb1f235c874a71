package io.coaptree.codec;

import java.util.List;
import java.util.Map;

import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;

/**
 * The size limits of an {@link EnvelopeCodec}. Decoding checks every length against these limits before
 * allocating anything, so a hostile length field cannot make the codec allocate more than the limits allow.
 * Encoding applies the same limits, so an envelope that encodes also decodes with equal limits.
 * <p>
 * The payload limit is a Kura setting, {@link #MAX_PAYLOAD_BYTES}, defined once here: the component that carries
 * envelopes between gateways (remote queries) lists {@link #ALL} among its settings and reads it with
 * {@link #fromProperties(Map)}. The other limits are bounds of the format that every gateway must share to read the
 * others' envelopes, so no configuration changes them; code that needs other values (tests) builds the record with
 * them, checked as below.
 *
 * @param maxPayloadBytes largest payload in bytes
 * @param maxStringBytes largest string (path, query, node path, identity...) in UTF-8 bytes
 * @param maxEtags most ETag options in one envelope
 * @param maxPooledInstances most idle Kryo instances kept for reuse; more are created under load and then dropped
 */
public record CodecLimits(int maxPayloadBytes, int maxStringBytes, int maxEtags, int maxPooledInstances) {

    public static final Setting<Integer> MAX_PAYLOAD_BYTES = Setting.integer("codec.max.payload.bytes", 1_048_576)
            .range(1024, 16_777_216).named("Largest message payload (bytes)")
            .describedAs("Largest CoAP payload carried across the tree in one MQTT message, and the largest lookup "
                    + "answer merged from one gateway. A lookup over a subtree of a few thousand links needs a few "
                    + "hundred KB; the MQTT broker must accept messages this large.");

    /** The codec's settings, in WebUI order. */
    public static final List<Setting<?>> ALL = List.of(MAX_PAYLOAD_BYTES);

    /** The string limit every gateway uses. */
    public static final int DEFAULT_MAX_STRING_BYTES = 2048;
    /** The ETag limit every gateway uses. */
    public static final int DEFAULT_MAX_ETAGS = 8;
    /** The idle Kryo instances every gateway keeps. */
    public static final int DEFAULT_MAX_POOLED_INSTANCES = 8;

    /** Hard ceilings of the limits that are not settings, so that a value built in code cannot lift the protection. */
    static final int CEILING_STRING_BYTES = 64 * 1024;
    static final int CEILING_ETAGS = 64;
    static final int CEILING_POOLED_INSTANCES = 1024;

    /** Fixed-size parts of an encoded envelope at their largest: header, numbers, flags, length prefixes. */
    private static final int FIXED_OVERHEAD_BYTES = 64;
    /** Strings in an envelope: path, query, location path, identity type and name, source, destination. */
    private static final int STRINGS_PER_ENVELOPE = 7;
    private static final int LENGTH_PREFIX_BYTES = 5;

    private static final CodecLimits DEFAULTS = fromProperties(Map.of());

    /**
     * @throws InvalidPropertyException naming {@link #MAX_PAYLOAD_BYTES} if the payload limit is outside its range
     * @throws IllegalArgumentException naming the component if another limit is outside its range
     */
    public CodecLimits {
        MAX_PAYLOAD_BYTES.check(maxPayloadBytes);
        requireRange("maxStringBytes", maxStringBytes, 1, CEILING_STRING_BYTES);
        requireRange("maxEtags", maxEtags, 0, CEILING_ETAGS);
        requireRange("maxPooledInstances", maxPooledInstances, 1, CEILING_POOLED_INSTANCES);
    }

    /** @return the payload limit at its default and the format's other limits */
    public static CodecLimits defaults() {
        return DEFAULTS;
    }

    /**
     * Reads the payload limit from a component's configuration as Kura delivers it (missing: its default).
     *
     * @throws InvalidPropertyException naming {@link #MAX_PAYLOAD_BYTES} when the value is not a number or out of
     *             range
     */
    public static CodecLimits fromProperties(Map<String, ?> properties) {
        return new CodecLimits(MAX_PAYLOAD_BYTES.from(properties), DEFAULT_MAX_STRING_BYTES, DEFAULT_MAX_ETAGS,
                DEFAULT_MAX_POOLED_INSTANCES);
    }

    /** Largest encoded envelope these limits allow; longer input is refused before it is parsed. */
    public int maxEncodedBytes() {
        long bound = FIXED_OVERHEAD_BYTES + (long) maxPayloadBytes + LENGTH_PREFIX_BYTES
                + (long) STRINGS_PER_ENVELOPE * (maxStringBytes + LENGTH_PREFIX_BYTES)
                + (long) maxEtags * (CoapEnvelope.MAX_ETAG_LENGTH + 1)
                + CoapEnvelope.MAX_VOUCHER_BYTES + LENGTH_PREFIX_BYTES;
        return (int) Math.min(Integer.MAX_VALUE - 8, bound);
    }

    private static void requireRange(String name, int value, int min, int max) {
        if (value < min || value > max) {
            throw new IllegalArgumentException(name + ": " + value + " is outside " + min + ".." + max);
        }
    }
}
