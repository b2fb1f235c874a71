package io.coaptree.linkformat;

/**
 * Bounds the parser enforces, so a hostile or broken payload costs a bounded amount of memory and time.
 * Immutable; build with {@link #builder()}, which refuses a bad value with a message naming the setting.
 */
public final class LinkFormatLimits {

    /** maxPayloadChars 65536, maxLinks 1024, maxAttributesPerLink 64, maxAttributeLength 1024, maxTargetLength 2048. */
    public static final LinkFormatLimits DEFAULTS = builder().build();

    private final int maxPayloadChars;
    private final int maxLinks;
    private final int maxAttributesPerLink;
    private final int maxAttributeLength;
    private final int maxTargetLength;

    private LinkFormatLimits(Builder builder) {
        this.maxPayloadChars = builder.maxPayloadChars;
        this.maxLinks = builder.maxLinks;
        this.maxAttributesPerLink = builder.maxAttributesPerLink;
        this.maxAttributeLength = builder.maxAttributeLength;
        this.maxTargetLength = builder.maxTargetLength;
    }

    public static Builder builder() {
        return new Builder();
    }

    /** Longest payload accepted, in characters. */
    public int maxPayloadChars() {
        return maxPayloadChars;
    }

    /** Most links in one payload. */
    public int maxLinks() {
        return maxLinks;
    }

    /** Most attributes on one link. */
    public int maxAttributesPerLink() {
        return maxAttributesPerLink;
    }

    /** Longest attribute name and longest attribute value (after unquoting), in characters. */
    public int maxAttributeLength() {
        return maxAttributeLength;
    }

    /** Longest target URI reference, in characters. */
    public int maxTargetLength() {
        return maxTargetLength;
    }

    public Builder toBuilder() {
        return new Builder()
                .maxPayloadChars(maxPayloadChars)
                .maxLinks(maxLinks)
                .maxAttributesPerLink(maxAttributesPerLink)
                .maxAttributeLength(maxAttributeLength)
                .maxTargetLength(maxTargetLength);
    }

    @Override
    public String toString() {
        return "LinkFormatLimits[maxPayloadChars=" + maxPayloadChars + ", maxLinks=" + maxLinks
                + ", maxAttributesPerLink=" + maxAttributesPerLink + ", maxAttributeLength=" + maxAttributeLength
                + ", maxTargetLength=" + maxTargetLength + "]";
    }

    public static final class Builder {

        private int maxPayloadChars = 65_536;
        private int maxLinks = 1024;
        private int maxAttributesPerLink = 64;
        private int maxAttributeLength = 1024;
        private int maxTargetLength = 2048;

        private Builder() {
        }

        public Builder maxPayloadChars(int value) {
            this.maxPayloadChars = atLeastOne("maxPayloadChars", value);
            return this;
        }

        public Builder maxLinks(int value) {
            this.maxLinks = atLeastOne("maxLinks", value);
            return this;
        }

        public Builder maxAttributesPerLink(int value) {
            this.maxAttributesPerLink = atLeastOne("maxAttributesPerLink", value);
            return this;
        }

        public Builder maxAttributeLength(int value) {
            this.maxAttributeLength = atLeastOne("maxAttributeLength", value);
            return this;
        }

        public Builder maxTargetLength(int value) {
            this.maxTargetLength = atLeastOne("maxTargetLength", value);
            return this;
        }

        public LinkFormatLimits build() {
            return new LinkFormatLimits(this);
        }

        private static int atLeastOne(String field, int value) {
            if (value < 1) {
                throw new IllegalArgumentException(field + " must be at least 1, was " + value);
            }
            return value;
        }
    }
}
