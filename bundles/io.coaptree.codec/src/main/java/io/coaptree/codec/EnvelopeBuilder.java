package io.coaptree.codec;

import static io.coaptree.codec.CoapEnvelope.ABSENT;
import static io.coaptree.codec.CoapEnvelope.MAX_CONTENT_FORMAT;
import static io.coaptree.codec.CoapEnvelope.MAX_ETAG_LENGTH;
import static io.coaptree.codec.CoapEnvelope.MAX_MAX_AGE;
import static io.coaptree.codec.CoapEnvelope.MAX_OBSERVE;
import static io.coaptree.codec.CoapEnvelope.MAX_VOUCHER_BYTES;
import static io.coaptree.codec.CoapEnvelope.NO_BYTES;
import static io.coaptree.codec.CoapEnvelope.codeToString;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Collects and validates the values of a {@link CoapEnvelope}; every refusal names the field. Kept apart from the
 * envelope so the immutable value and the rules for building one each stay readable.
 */
public final class EnvelopeBuilder {
    long correlationId;
    final EnvelopeKind kind;
    final int code;
    String path = "";
    String query = "";
    int contentFormat = ABSENT;
    int accept = ABSENT;
    final List<byte[]> etags = new ArrayList<>();
    int observe = ABSENT;
    long maxAge = ABSENT;
    String locationPath;
    byte[] payload = NO_BYTES;
    CallerIdentity identity;
    byte[] voucher;
    String sourceNode;
    String destinationNode;
    boolean urgent;
    boolean classAsked;
    String owner;
    String ownerBroker;

    EnvelopeBuilder(EnvelopeKind kind, int code) {
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

    public EnvelopeBuilder correlationId(long correlationId) {
        this.correlationId = correlationId;
        return this;
    }

    /** The URI path without a leading slash; empty for the root. */
    public EnvelopeBuilder path(String path) {
        this.path = Objects.requireNonNull(path, "path");
        return this;
    }

    /** The URI query, arguments joined by {@code &}; empty for none. */
    public EnvelopeBuilder query(String query) {
        this.query = Objects.requireNonNull(query, "query");
        return this;
    }

    public EnvelopeBuilder contentFormat(int contentFormat) {
        this.contentFormat = checkRange("contentFormat", contentFormat, MAX_CONTENT_FORMAT);
        return this;
    }

    public EnvelopeBuilder accept(int accept) {
        this.accept = checkRange("accept", accept, MAX_CONTENT_FORMAT);
        return this;
    }

    /** Adds one ETag option (1 to 8 bytes); repeat for the several ETags of a request. */
    public EnvelopeBuilder addEtag(byte[] etag) {
        Objects.requireNonNull(etag, "etag");
        if (etag.length < 1 || etag.length > MAX_ETAG_LENGTH) {
            throw new IllegalArgumentException(
                    "etag: length " + etag.length + " is outside 1.." + MAX_ETAG_LENGTH);
        }
        etags.add(etag.clone());
        return this;
    }

    /** Replaces the ETag options. */
    public EnvelopeBuilder etags(List<byte[]> etags) {
        this.etags.clear();
        for (byte[] etag : Objects.requireNonNull(etags, "etags")) {
            addEtag(etag);
        }
        return this;
    }

    public EnvelopeBuilder observe(int observe) {
        this.observe = checkRange("observe", observe, MAX_OBSERVE);
        return this;
    }

    public EnvelopeBuilder maxAge(long maxAge) {
        if (maxAge < ABSENT || maxAge > MAX_MAX_AGE) {
            throw new IllegalArgumentException("maxAge: " + maxAge + " is outside 0.." + MAX_MAX_AGE);
        }
        this.maxAge = maxAge;
        return this;
    }

    /** The Location-Path (segments joined by {@code /}), or {@code null} for none. */
    public EnvelopeBuilder locationPath(String locationPath) {
        this.locationPath = locationPath;
        return this;
    }

    /** The payload (copied); {@code null} means empty. */
    public EnvelopeBuilder payload(byte[] payload) {
        this.payload = payload == null || payload.length == 0 ? NO_BYTES : payload.clone();
        return this;
    }

    // The codec hands over freshly read arrays that nobody else holds.
    EnvelopeBuilder payloadOwned(byte[] payload) {
        this.payload = payload.length == 0 ? NO_BYTES : payload;
        return this;
    }

    EnvelopeBuilder addEtagOwned(byte[] etag) {
        if (etag.length < 1 || etag.length > MAX_ETAG_LENGTH) {
            throw new IllegalArgumentException(
                    "etag: length " + etag.length + " is outside 1.." + MAX_ETAG_LENGTH);
        }
        etags.add(etag);
        return this;
    }

    /** The authenticated caller, or {@code null} for an anonymous one. */
    public EnvelopeBuilder identity(CallerIdentity identity) {
        this.identity = identity;
        return this;
    }

    public EnvelopeBuilder sourceNode(String sourceNode) {
        this.sourceNode = sourceNode;
        return this;
    }

    public EnvelopeBuilder destinationNode(String destinationNode) {
        this.destinationNode = destinationNode;
        return this;
    }

    /** See {@link CoapEnvelope#urgent()}. */
    public EnvelopeBuilder urgent(boolean value) {
        this.urgent = value;
        return this;
    }

    /** See {@link CoapEnvelope#owner()}. */
    public EnvelopeBuilder owner(String value) {
        this.owner = value;
        return this;
    }

    /** See {@link CoapEnvelope#ownerBroker()}. */
    public EnvelopeBuilder ownerBroker(String value) {
        this.ownerBroker = value;
        return this;
    }

    /** See {@link CoapEnvelope#classAsked()}. */
    public EnvelopeBuilder classAsked(boolean value) {
        this.classAsked = value;
        return this;
    }

    /** The entry gateway's voucher for the identity (see {@link CoapEnvelope#voucher()}), or null; copied. */
    public EnvelopeBuilder voucher(byte[] voucher) {
        if (voucher != null && voucher.length > MAX_VOUCHER_BYTES) {
            throw new IllegalArgumentException(
                    "voucher: " + voucher.length + " bytes exceed " + MAX_VOUCHER_BYTES);
        }
        this.voucher = voucher == null ? null : voucher.clone();
        return this;
    }

    EnvelopeBuilder voucherOwned(byte[] voucher) {
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
