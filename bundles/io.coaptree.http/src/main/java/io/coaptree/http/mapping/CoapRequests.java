package io.coaptree.http.mapping;

import java.util.OptionalInt;

import org.eclipse.californium.core.coap.CoAP.Code;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.OptionSet;
import org.eclipse.californium.core.coap.Request;

/** HTTP requests as CoAP requests (RFC 8075 sections 5 and 6). */
public final class CoapRequests {

    private CoapRequests() {
    }

    /**
     * @return the CoAP request for these parts; destination, message id and token are left to whoever sends it
     * @throws MappingException 501 for a method CoAP lacks, 415/406 for media types without a Content-Format, 400 for
     *             a body on GET or DELETE
     */
    public static Request toCoap(HttpRequestParts http) throws MappingException {
        Code code = method(http.method());
        if ((code == Code.GET || code == Code.DELETE) && http.body().length > 0) {
            throw new MappingException(400, http.method() + " carries no body in CoAP");
        }
        Request request = new Request(code);
        OptionSet options = request.getOptions();
        for (String segment : http.path()) {
            options.addUriPath(segment);
        }
        for (String query : http.query()) {
            options.addUriQuery(query);
        }
        int format = ContentFormats.contentFormat(http.mediaType(), http.charset());
        if (http.body().length > 0) {
            request.setPayload(http.body());
            if (format != MediaTypeRegistry.UNDEFINED) {
                options.setContentFormat(format);
            }
        }
        if (!AcceptedFormat.wantsEventStream(http.accept())) {
            OptionalInt accept = AcceptedFormat.of(http.accept());
            if (accept.isPresent()) {
                options.setAccept(accept.getAsInt());
            }
        }
        validators(http, code, options);
        return request;
    }

    private static void validators(HttpRequestParts http, Code code, OptionSet options) {
        if (code == Code.GET) {
            // a conditional GET: the tags the client holds, 2.03 Valid when one is current
            for (byte[] tag : EntityTags.fromHttp(http.ifNoneMatch())) {
                options.addETag(tag);
            }
        } else if (EntityTags.isAny(http.ifNoneMatch())) {
            options.setIfNoneMatch(true);
        }
        if (EntityTags.isAny(http.ifMatch())) {
            options.addIfMatch(new byte[0]);
        } else {
            for (byte[] tag : EntityTags.fromHttp(http.ifMatch())) {
                options.addIfMatch(tag);
            }
        }
    }

    /** HEAD is a GET whose body is dropped (RFC 8075 section 5.4); the others are CoAP's own. */
    static Code method(String method) throws MappingException {
        switch (method) {
        case "GET":
        case "HEAD":
            return Code.GET;
        case "PUT":
            return Code.PUT;
        case "POST":
            return Code.POST;
        case "DELETE":
            return Code.DELETE;
        case "PATCH":
            return Code.PATCH;
        default:
            throw new MappingException(501, "CoAP has no method " + method);
        }
    }
}
