package io.coaptree.remotequery.coap;

import java.util.Optional;

import org.eclipse.californium.core.coap.CoAP;
import org.eclipse.californium.core.coap.OptionSet;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;

import io.coaptree.api.PeerIdentity;
import io.coaptree.codec.CallerIdentity;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeBuilder;
import io.coaptree.codec.EnvelopeKind;

/**
 * Copies what crosses the tree between Californium messages and {@link CoapEnvelope}s: code, Uri-Path and
 * Uri-Query, Content-Format, Accept, ETags, Observe, Max-Age, Location-Path, payload and the caller's identity.
 * Transport details (token, message id, type, Block options) stay with each hop's own CoAP exchange.
 */
public final class EnvelopeMapping {

    private EnvelopeMapping() {
    }

    /**
     * A client's request as it enters the tree; path and query are filled in by remote queries.
     *
     * @param entry the tree address of this gateway: it authenticated the caller, so it qualifies the identity that
     *            travels (a caller another gateway authenticated keeps that gateway)
     */
    public static CoapEnvelope fromRequest(Request request, Optional<PeerIdentity> caller, String entry) {
        OptionSet o = request.getOptions();
        EnvelopeBuilder b = CoapEnvelope.builder(EnvelopeKind.REQUEST, request.getCode().value)
                .contentFormat(o.hasContentFormat() ? o.getContentFormat() : CoapEnvelope.ABSENT)
                .accept(o.hasAccept() ? o.getAccept() : CoapEnvelope.ABSENT)
                .etags(o.getETags())
                .observe(o.hasObserve() ? o.getObserve() : CoapEnvelope.ABSENT)
                .payload(request.getPayload());
        caller.filter(p -> !NodeIdentity.TYPE.equals(p.type()))
                .ifPresent(p -> b.identity(new CallerIdentity(p.type(), p.name(),
                        p.gateway() == null ? entry : p.gateway())));
        return b.build();
    }

    /** A request that arrived over the tree, to run against this gateway's own server. */
    public static Request toRequest(CoapEnvelope envelope) {
        Request request = new Request(CoAP.Code.valueOf(envelope.code()));
        OptionSet o = request.getOptions();
        if (!envelope.path().isEmpty()) {
            o.setUriPath(envelope.path());
        }
        if (!envelope.query().isEmpty()) {
            o.setUriQuery(envelope.query());
        }
        copyCommon(envelope, o);
        if (envelope.accept() != CoapEnvelope.ABSENT) {
            o.setAccept(envelope.accept());
        }
        request.setPayload(envelope.payload());
        return request;
    }

    /**
     * The caller identity an envelope carries, or {@code null} (anonymous), qualified by the gateway that
     * authenticated it ({@code A/1/gA1:psk:maint}); a caller {@code self} authenticated is its own peer again
     * ({@code psk:maint}), as if it had asked this gateway directly. The gateway-internal type
     * {@value NodeIdentity#TYPE} is never taken from the wire: an envelope claiming it runs anonymously.
     *
     * @param self the tree address of this gateway
     */
    public static PeerIdentity callerOf(CoapEnvelope envelope, String self) {
        CallerIdentity identity = envelope.identity();
        if (identity == null || NodeIdentity.TYPE.equals(identity.type())) {
            return null;
        }
        return new PeerIdentity(identity.type(), identity.name(),
                self.equals(identity.gateway()) ? null : identity.gateway());
    }

    /** A response or notification of this gateway's server, to send back over the tree. */
    public static CoapEnvelope fromResponse(Response response) {
        OptionSet o = response.getOptions();
        EnvelopeKind kind = o.hasObserve() ? EnvelopeKind.NOTIFICATION : EnvelopeKind.RESPONSE;
        return CoapEnvelope.builder(kind, response.getCode().value)
                .contentFormat(o.hasContentFormat() ? o.getContentFormat() : CoapEnvelope.ABSENT)
                .etags(o.getETags())
                .observe(o.hasObserve() ? o.getObserve() : CoapEnvelope.ABSENT)
                .maxAge(o.hasMaxAge() ? o.getMaxAge() : CoapEnvelope.ABSENT)
                .locationPath(o.getLocationPathCount() == 0 ? null : o.getLocationPathString())
                .payload(response.getPayload())
                .build();
    }

    /** An answer that came back over the tree, for the client; the caller sets the Observe number it needs. */
    public static Response toResponse(CoapEnvelope envelope) {
        Response response = new Response(CoAP.ResponseCode.valueOf(envelope.code()));
        OptionSet o = response.getOptions();
        copyCommon(envelope, o);
        if (envelope.maxAge() != CoapEnvelope.ABSENT) {
            o.setMaxAge(envelope.maxAge());
        }
        if (envelope.locationPath() != null && !envelope.locationPath().isEmpty()) {
            o.setLocationPath(envelope.locationPath());
        }
        response.setPayload(envelope.payload());
        return response;
    }

    private static void copyCommon(CoapEnvelope envelope, OptionSet o) {
        if (envelope.contentFormat() != CoapEnvelope.ABSENT) {
            o.setContentFormat(envelope.contentFormat());
        }
        envelope.etags().forEach(o::addETag);
        if (envelope.observe() != CoapEnvelope.ABSENT) {
            o.setObserve(envelope.observe());
        }
    }
}
