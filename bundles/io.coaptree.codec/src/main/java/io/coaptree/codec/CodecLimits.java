package io.coaptree.codec;

import java.util.Map;

import io.coaptree.properties.ComponentProperties;
import io.coaptree.properties.Refusal;

/**
 * The size limits of an {@link EnvelopeCodec}. Decoding checks every length against these limits before
 * allocating anything, so a hostile length field cannot make the codec allocate more than the limits allow.
 * Encoding applies the same limits, so an envelope that encodes also decodes with equal limits.
 * <p>
 * Components that expose the limits in their configuration can use the property names below and
 * {@link #fromProperties(Map)}.
 */
public final class CodecLimits {

    /** Property name of {@link #maxPayloadBytes()}. */
    public static final String MAX_PAYLOAD_BYTES = "codec.max.payload.bytes";
    /** Property name of {@link #maxStringBytes()}. */
    public static final String MAX_STRING_BYTES = "codec.max.string.bytes";
    /** Property name of {@link #maxEtags()}. */
    public static final String MAX_ETAGS = "codec.max.etags";
    /** Property name of {@link #maxPooledInstances()}. */
    public static final String MAX_POOLED_INSTANCES = "codec.max.pooled.instances";

    public static final int DEFAULT_MAX_PAYLOAD_BYTES = 64 * 1024;
    public static final int DEFAULT_MAX_STRING_BYTES = 2048;
    public static final int DEFAULT_MAX_ETAGS = 8;
    public static final int DEFAULT_MAX_POOLED_INSTANCES = 8;

    /** Hard ceilings, so that a configuration typo cannot lift the protection altogether. */
    static final int CEILING_PAYLOAD_BYTES = 16 * 1024 * 1024;
    static final int CEILING_STRING_BYTES = 64 * 1024;
    static final int CEILING_ETAGS = 64;
    static final int CEILING_POOLED_INSTANCES = 1024;

    /** Fixed-size parts of an encoded envelope at their largest: header, numbers, flags, length prefixes. */
    private static final int FIXED_OVERHEAD_BYTES = 64;
    /** Strings in an envelope: path, query, location path, identity type and name, source, destination. */
    private static final int STRINGS_PER_ENVELOPE = 7;
    private static final int LENGTH_PREFIX_BYTES = 5;

    private static final CodecLimits DEFAULTS = builder().build();

    private final int maxPayloadBytes;
    private final int maxStringBytes;
    private final int maxEtags;
    private final int maxPooledInstances;

    private CodecLimits(Builder b) {
        this.maxPayloadBytes = b.maxPayloadBytes;
        this.maxStringBytes = b.maxStringBytes;
        this.maxEtags = b.maxEtags;
        this.maxPooledInstances = b.maxPooledInstances;
    }

    public static CodecLimits defaults() {
        return DEFAULTS;
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Reads the limits from configuration properties (any {@link Number} or numeric String); a missing
     * property keeps its default.
     *
     * @throws IllegalArgumentException naming the property when a value is not a number or out of range
     */
    public static CodecLimits fromProperties(Map<String, ?> properties) {
        ComponentProperties p = ComponentProperties.of(properties);
        return builder().maxPayloadBytes(p.integer(MAX_PAYLOAD_BYTES, DEFAULT_MAX_PAYLOAD_BYTES))
                .maxStringBytes(p.integer(MAX_STRING_BYTES, DEFAULT_MAX_STRING_BYTES))
                .maxEtags(p.integer(MAX_ETAGS, DEFAULT_MAX_ETAGS))
                .maxPooledInstances(p.integer(MAX_POOLED_INSTANCES, DEFAULT_MAX_POOLED_INSTANCES)).build();
    }

    /** Largest payload in bytes. */
    public int maxPayloadBytes() {
        return maxPayloadBytes;
    }

    /** Largest string (path, query, node path, identity...) in UTF-8 bytes. */
    public int maxStringBytes() {
        return maxStringBytes;
    }

    /** Most ETag options in one envelope. */
    public int maxEtags() {
        return maxEtags;
    }

    /** Most idle Kryo instances kept for reuse; more are created under load and then dropped. */
    public int maxPooledInstances() {
        return maxPooledInstances;
    }

    /** Largest encoded envelope these limits allow; longer input is refused before it is parsed. */
    public int maxEncodedBytes() {
        long bound = FIXED_OVERHEAD_BYTES + (long) maxPayloadBytes + LENGTH_PREFIX_BYTES
                + (long) STRINGS_PER_ENVELOPE * (maxStringBytes + LENGTH_PREFIX_BYTES)
                + (long) maxEtags * (CoapEnvelope.MAX_ETAG_LENGTH + 1)
                + CoapEnvelope.MAX_VOUCHER_BYTES + LENGTH_PREFIX_BYTES;
        return (int) Math.min(Integer.MAX_VALUE - 8, bound);
    }

    @Override
    public String toString() {
        return "CodecLimits[maxPayloadBytes=" + maxPayloadBytes + ", maxStringBytes=" + maxStringBytes
                + ", maxEtags=" + maxEtags + ", maxPooledInstances=" + maxPooledInstances + "]";
    }

    public static final class Builder {
        private int maxPayloadBytes = DEFAULT_MAX_PAYLOAD_BYTES;
        private int maxStringBytes = DEFAULT_MAX_STRING_BYTES;
        private int maxEtags = DEFAULT_MAX_ETAGS;
        private int maxPooledInstances = DEFAULT_MAX_POOLED_INSTANCES;

        private Builder() {
        }

        public Builder maxPayloadBytes(int value) {
            this.maxPayloadBytes = check(MAX_PAYLOAD_BYTES, value, 0, CEILING_PAYLOAD_BYTES);
            return this;
        }

        public Builder maxStringBytes(int value) {
            this.maxStringBytes = check(MAX_STRING_BYTES, value, 1, CEILING_STRING_BYTES);
            return this;
        }

        public Builder maxEtags(int value) {
            this.maxEtags = check(MAX_ETAGS, value, 0, CEILING_ETAGS);
            return this;
        }

        public Builder maxPooledInstances(int value) {
            this.maxPooledInstances = check(MAX_POOLED_INSTANCES, value, 1, CEILING_POOLED_INSTANCES);
            return this;
        }

        public CodecLimits build() {
            return new CodecLimits(this);
        }

        private static int check(String name, int value, int min, int max) {
            return Refusal.STANDARD.requireRange(name, value, min, max);
        }
    }
}
