package io.coaptree.codec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Objects;

/**
 * An immutable CoAP request, response or notification as it crosses MQTT between gateways: the code, the
 * target, the options a remote peer needs, the payload, who asked and between which nodes.
 * <p>
 * Integer options use {@link #ABSENT} when the option is not present. Paths and queries use Californium's
 * string renderings: the URI path without a leading slash and with segments joined by {@code /}
 * ({@code OptionSet.getUriPathString()}), the query with arguments joined by {@code &}
 * ({@code OptionSet.getUriQueryString()}). Byte arrays are copied in and out.
 */
public final class CoapEnvelope {

    /** The value of an integer option that is not present. */
    public static final int ABSENT = -1;

    /** Largest Observe option value (three bytes, RFC 7641). */
    public static final int MAX_OBSERVE = 0xFF_FFFF;
    /** Largest Max-Age option value in seconds (four unsigned bytes, RFC 7252). */
    public static final long MAX_MAX_AGE = 0xFFFF_FFFFL;
    /** Largest Content-Format or Accept value (two unsigned bytes). */
    public static final int MAX_CONTENT_FORMAT = 0xFFFF;
    /** Longest ETag in bytes (RFC 7252). */
    public static final int MAX_ETAG_LENGTH = 8;
    /**
     * Longest identity voucher in bytes: a COSE_Sign1 of the entry gateway over the request's binding, with its
     * certificate (a few hundred bytes); the bound keeps a hostile length prefix from allocating more.
     */
    public static final int MAX_VOUCHER_BYTES = 4096;

    private static final byte[] NO_BYTES = new byte[0];

    private final long correlationId;
    private final EnvelopeKind kind;
    private final int code;
    private final String path;
    private final String query;
    private final int contentFormat;
    private final int accept;
    private final List<byte[]> etags;
    private final int observe;
    private final long maxAge;
    private final String locationPath;
    private final byte[] payload;
    private final CallerIdentity identity;
    private final String sourceNode;
    private final String destinationNode;
    private final byte[] voucher;
    private final boolean urgent;
    private final boolean classAsked;

    private CoapEnvelope(Builder b) {
        this.correlationId = b.correlationId;
        this.kind = b.kind;
        this.code = b.code;
        this.path = b.path;
        this.query = b.query;
        this.contentFormat = b.contentFormat;
        this.accept = b.accept;
        this.etags = Collections.unmodifiableList(new ArrayList<>(b.etags));
        this.observe = b.observe;
        this.maxAge = b.maxAge;
        this.locationPath = b.locationPath;
        this.payload = b.payload;
        this.identity = b.identity;
        this.sourceNode = b.sourceNode;
        this.destinationNode = b.destinationNode;
        this.voucher = b.voucher;
        this.urgent = b.urgent;
        this.classAsked = b.classAsked;
    }

    /**
     * Starts an envelope of the given kind and code.
     *
     * @param kind what the envelope carries
     * @param code the CoAP code as one byte ({@code class << 5 | detail}): a method code (1 = GET ...) for a
     *            request, a response code (69 = 2.05 Content ...) for a response or notification
     */
    public static Builder builder(EnvelopeKind kind, int code) {
        return new Builder(kind, code);
    }

    /** A builder holding every value of this envelope, to derive a modified copy. */
    public Builder toBuilder() {
        Builder b = new Builder(kind, code);
        b.correlationId = correlationId;
        b.path = path;
        b.query = query;
        b.contentFormat = contentFormat;
        b.accept = accept;
        b.etags.addAll(etags);
        b.observe = observe;
        b.maxAge = maxAge;
        b.locationPath = locationPath;
        b.payload = payload;
        b.identity = identity;
        b.sourceNode = sourceNode;
        b.destinationNode = destinationNode;
        b.voucher = voucher;
        b.urgent = urgent;
        b.classAsked = classAsked;
        return b;
    }

    /** Pairs a response with its request; chosen by the requester, echoed by the responder. */
    public long correlationId() {
        return correlationId;
    }

    public EnvelopeKind kind() {
        return kind;
    }

    /** The CoAP code byte, {@code class << 5 | detail}. */
    public int code() {
        return code;
    }

    /** The target URI path without a leading slash; empty for the root. */
    public String path() {
        return path;
    }

    /** The URI query with arguments joined by {@code &}; empty when there is none. */
    public String query() {
        return query;
    }

    /** The Content-Format option, or {@link #ABSENT}. */
    public int contentFormat() {
        return contentFormat;
    }

    /** The Accept option, or {@link #ABSENT}. */
    public int accept() {
        return accept;
    }

    /** The ETag options in order (several in a request, at most one in a response); copies. */
    public List<byte[]> etags() {
        List<byte[]> copies = new ArrayList<>(etags.size());
        for (byte[] etag : etags) {
            copies.add(etag.clone());
        }
        return copies;
    }

    /** Number of ETag options. */
    public int etagCount() {
        return etags.size();
    }

    /** The Observe option, or {@link #ABSENT}. */
    public int observe() {
        return observe;
    }

    /** The Max-Age option in seconds, or {@link #ABSENT}. */
    public long maxAge() {
        return maxAge;
    }

    /** The Location-Path of a created resource (segments joined by {@code /}), or {@code null}. */
    public String locationPath() {
        return locationPath;
    }

    /** A copy of the payload; empty, never {@code null}, when there is none. */
    public byte[] payload() {
        return payload.clone();
    }

    public int payloadLength() {
        return payload.length;
    }

    /** The authenticated caller, or {@code null} for an anonymous (plain CoAP) caller. */
    public CallerIdentity identity() {
        return identity;
    }

    /** Path of the node that sent the envelope in the hierarchy, or {@code null}. */
    public String sourceNode() {
        return sourceNode;
    }

    /** Path of the node the envelope is meant for in the hierarchy, or {@code null}. */
    public String destinationNode() {
        return destinationNode;
    }

    /**
     * The entry gateway's voucher for {@link #identity()}: the proof, signed where the caller authenticated, that
     * this caller sent this request. Relays carry it unchanged; the owner checks it before it trusts the identity.
     * A copy, or {@code null} when there is none (an anonymous caller, or a tree without authentication).
     */
    public byte[] voucher() {
        return voucher == null ? null : voucher.clone();
    }

    /**
     * Whether the envelope travels as urgent traffic: ahead of queued normal traffic at every hop, never batched
     * (see the tree's delivery classes). A request is urgent when its caller asked for it or the entry gateway's
     * default says so; an answer when its request was, or the owner's resource says so.
     */
    public boolean urgent() {
        return urgent;
    }

    /**
     * Whether the caller asked for the request's class ({@link #urgent()}) itself, rather than taking the entry
     * gateway's default: the owner then answers in that class if its resource allows it.
     */
    public boolean classAsked() {
        return classAsked;
    }

    // The codec reads these without the defensive copies.
    byte[] voucherUnsafe() {
        return voucher;
    }

    List<byte[]> etagsUnsafe() {
        return etags;
    }

    byte[] payloadUnsafe() {
        return payload;
    }

    /**
     * Whether this answer keeps an Observe relation going: a success that carries the Observe option (RFC 7641
     * section 3.2: any other answer ends the relation).
     */
    public boolean continuesObservation() {
        return observe != ABSENT && CoapCodes.isSuccess(code);
    }

    /** Renders a code byte the way CoAP documents write it, for example {@code 2.05}. */
    public static String codeToString(int code) {
        return String.format("%d.%02d", code >>> 5, code & 0x1F);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof CoapEnvelope)) {
            return false;
        }
        CoapEnvelope other = (CoapEnvelope) o;
        return correlationId == other.correlationId && kind == other.kind && code == other.code
                && contentFormat == other.contentFormat && accept == other.accept && observe == other.observe
                && maxAge == other.maxAge && path.equals(other.path) && query.equals(other.query)
                && etagsEqual(etags, other.etags) && Objects.equals(locationPath, other.locationPath)
                && Arrays.equals(payload, other.payload) && Objects.equals(identity, other.identity)
                && Objects.equals(sourceNode, other.sourceNode)
                && Objects.equals(destinationNode, other.destinationNode) && Arrays.equals(voucher, other.voucher)
                && urgent == other.urgent && classAsked == other.classAsked;
    }

    private static boolean etagsEqual(List<byte[]> a, List<byte[]> b) {
        if (a.size() != b.size()) {
            return false;
        }
        for (int i = 0; i < a.size(); i++) {
            if (!Arrays.equals(a.get(i), b.get(i))) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int h = Objects.hash(correlationId, kind, code, path, query, contentFormat, accept, observe, maxAge,
                locationPath, identity, sourceNode, destinationNode, urgent, classAsked);
        for (byte[] etag : etags) {
            h = 31 * h + Arrays.hashCode(etag);
        }
        return 31 * (31 * h + Arrays.hashCode(payload)) + Arrays.hashCode(voucher);
    }

    @Override
    public String toString() {
        // Payload bytes stay out of logs: they may be large and may carry user data.
        return "CoapEnvelope[" + kind + " " + codeToString(code) + " #" + correlationId + " /" + path
                + (query.isEmpty() ? "" : "?" + query) + ", " + payload.length + " payload bytes"
                + (sourceNode == null ? "" : ", from " + sourceNode)
                + (destinationNode == null ? "" : ", to " + destinationNode)
                + (identity == null ? "" : ", caller " + identity.type() + ":" + identity.name())
                + (urgent ? ", urgent" : "") + "]";
    }

    /** Collects and validates the values of an envelope; every refusal names the field. */
    public static final class Builder {
        private long correlationId;
        private final EnvelopeKind kind;
        private final int code;
        private String path = "";
        private String query = "";
        private int contentFormat = ABSENT;
        private int accept = ABSENT;
        private final List<byte[]> etags = new ArrayList<>();
        private int observe = ABSENT;
        private long maxAge = ABSENT;
        private String locationPath;
        private byte[] payload = NO_BYTES;
        private CallerIdentity identity;
        private byte[] voucher;
        private String sourceNode;
        private String destinationNode;
        private boolean urgent;
        private boolean classAsked;

        private Builder(EnvelopeKind kind, int code) {
            this.kind = Objects.requireNonNull(kind, "kind");
            this.code = checkCode(kind, code);
        }

        private static int checkCode(EnvelopeKind kind, int code) {
            int codeClass = code >>> 5;
            if (code < 0 || code > 0xFF) {
                throw new IllegalArgumentException("code: " + code + " is not a one-byte CoAP code");
            }
            if (kind.carriesResponseCode()) {
                if (codeClass < 2 || codeClass > 5) {
                    throw new IllegalArgumentException(
                            "code: " + codeToString(code) + " is not a response code for a " + kind);
                }
            } else if (codeClass != 0 || code == 0) {
                throw new IllegalArgumentException("code: " + codeToString(code) + " is not a method code");
            }
            return code;
        }

        public Builder correlationId(long correlationId) {
            this.correlationId = correlationId;
            return this;
        }

        /** The URI path without a leading slash; empty for the root. */
        public Builder path(String path) {
            this.path = Objects.requireNonNull(path, "path");
            return this;
        }

        /** The URI query, arguments joined by {@code &}; empty for none. */
        public Builder query(String query) {
            this.query = Objects.requireNonNull(query, "query");
            return this;
        }

        public Builder contentFormat(int contentFormat) {
            this.contentFormat = checkRange("contentFormat", contentFormat, MAX_CONTENT_FORMAT);
            return this;
        }

        public Builder accept(int accept) {
            this.accept = checkRange("accept", accept, MAX_CONTENT_FORMAT);
            return this;
        }

        /** Adds one ETag option (1 to 8 bytes); repeat for the several ETags of a request. */
        public Builder addEtag(byte[] etag) {
            Objects.requireNonNull(etag, "etag");
            if (etag.length < 1 || etag.length > MAX_ETAG_LENGTH) {
                throw new IllegalArgumentException(
                        "etag: length " + etag.length + " is outside 1.." + MAX_ETAG_LENGTH);
            }
            etags.add(etag.clone());
            return this;
        }

        /** Replaces the ETag options. */
        public Builder etags(List<byte[]> etags) {
            this.etags.clear();
            for (byte[] etag : Objects.requireNonNull(etags, "etags")) {
                addEtag(etag);
            }
            return this;
        }

        public Builder observe(int observe) {
            this.observe = checkRange("observe", observe, MAX_OBSERVE);
            return this;
        }

        public Builder maxAge(long maxAge) {
            if (maxAge < ABSENT || maxAge > MAX_MAX_AGE) {
                throw new IllegalArgumentException("maxAge: " + maxAge + " is outside 0.." + MAX_MAX_AGE);
            }
            this.maxAge = maxAge;
            return this;
        }

        /** The Location-Path (segments joined by {@code /}), or {@code null} for none. */
        public Builder locationPath(String locationPath) {
            this.locationPath = locationPath;
            return this;
        }

        /** The payload (copied); {@code null} means empty. */
        public Builder payload(byte[] payload) {
            this.payload = payload == null || payload.length == 0 ? NO_BYTES : payload.clone();
            return this;
        }

        // The codec hands over freshly read arrays that nobody else holds.
        Builder payloadOwned(byte[] payload) {
            this.payload = payload.length == 0 ? NO_BYTES : payload;
            return this;
        }

        Builder addEtagOwned(byte[] etag) {
            if (etag.length < 1 || etag.length > MAX_ETAG_LENGTH) {
                throw new IllegalArgumentException(
                        "etag: length " + etag.length + " is outside 1.." + MAX_ETAG_LENGTH);
            }
            etags.add(etag);
            return this;
        }

        /** The authenticated caller, or {@code null} for an anonymous one. */
        public Builder identity(CallerIdentity identity) {
            this.identity = identity;
            return this;
        }

        public Builder sourceNode(String sourceNode) {
            this.sourceNode = sourceNode;
            return this;
        }

        public Builder destinationNode(String destinationNode) {
            this.destinationNode = destinationNode;
            return this;
        }

        /** See {@link CoapEnvelope#urgent()}. */
        public Builder urgent(boolean value) {
            this.urgent = value;
            return this;
        }

        /** See {@link CoapEnvelope#classAsked()}. */
        public Builder classAsked(boolean value) {
            this.classAsked = value;
            return this;
        }

        /** The entry gateway's voucher for the identity (see {@link CoapEnvelope#voucher()}), or null; copied. */
        public Builder voucher(byte[] voucher) {
            if (voucher != null && voucher.length > MAX_VOUCHER_BYTES) {
                throw new IllegalArgumentException(
                        "voucher: " + voucher.length + " bytes exceed " + MAX_VOUCHER_BYTES);
            }
            this.voucher = voucher == null ? null : voucher.clone();
            return this;
        }

        Builder voucherOwned(byte[] voucher) {
            this.voucher = voucher;
            return this;
        }

        public CoapEnvelope build() {
            return new CoapEnvelope(this);
        }

        private static int checkRange(String field, int value, int max) {
            if (value < ABSENT || value > max) {
                throw new IllegalArgumentException(field + ": " + value + " is outside 0.." + max);
            }
            return value;
        }
    }
}
