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

    static final byte[] NO_BYTES = new byte[0];

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
    private final String owner;
    private final String ownerBroker;

    CoapEnvelope(EnvelopeBuilder b) {
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
        this.owner = b.owner;
        this.ownerBroker = b.ownerBroker;
    }

    /**
     * Starts an envelope of the given kind and code.
     *
     * @param kind what the envelope carries
     * @param code the CoAP code as one byte ({@code class << 5 | detail}): a method code (1 = GET ...) for a
     *            request, a response code (69 = 2.05 Content ...) for a response or notification
     */
    public static EnvelopeBuilder builder(EnvelopeKind kind, int code) {
        return new EnvelopeBuilder(kind, code);
    }

    /** A builder holding every value of this envelope, to derive a modified copy. */
    public EnvelopeBuilder toBuilder() {
        EnvelopeBuilder b = new EnvelopeBuilder(kind, code);
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
        b.owner = owner;
        b.ownerBroker = ownerBroker;
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

    /**
     * In a response: the node address of the gateway that ran the request, or null; with {@link #ownerBroker()} a
     * route hint. An entry gateway that does not follow that gateway (it is outside its neighbourhood) learns from it
     * whether a direct route to it exists; any gateway of the tree may have set it, so it is a hint, never trusted for
     * more than a route.
     */
    public String owner() {
        return owner;
    }

    /** In a response: the broker name the gateway that ran the request announces, or null (see {@link #owner()}). */
    public String ownerBroker() {
        return ownerBroker;
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
                && urgent == other.urgent && classAsked == other.classAsked
                && Objects.equals(owner, other.owner) && Objects.equals(ownerBroker, other.ownerBroker);
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
                locationPath, identity, sourceNode, destinationNode, urgent, classAsked, owner, ownerBroker);
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
                + (identity == null ? "" : ", caller " + identity.gateway() + ":" + identity.type() + ":" + identity.name())
                + (urgent ? ", urgent" : "") + "]";
    }
}
