package io.coaptree.http.mapping;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.OptionSet;
import org.eclipse.californium.core.coap.Response;

/** CoAP responses as HTTP responses (RFC 8075 sections 6 and 7). */
public final class HttpAnswers {

    /** CoAP's default Max-Age (RFC 7252 section 5.10.5), which applies when the option is absent. */
    static final long DEFAULT_MAX_AGE = 60;

    private HttpAnswers() {
    }

    /**
     * @param response the CoAP response
     * @param conditional whether the HTTP request was conditional (a 2.03 is then 304)
     * @param locationPrefix the HTTP path under which CoAP paths are served ({@code /coaptree}), for Location
     * @return status, Content-Type, ETag, Cache-Control (from Max-Age), Location, Retry-After and the payload
     */
    public static HttpAnswer toHttp(Response response, boolean conditional, String locationPrefix) {
        ResponseCode code = response.getCode();
        byte[] payload = response.getPayload();
        boolean hasPayload = payload != null && payload.length > 0;
        int status = ResponseCodes.httpStatus(code, conditional, hasPayload);
        OptionSet options = response.getOptions();
        Map<String, String> headers = new LinkedHashMap<>();
        if (hasPayload && status != 304) {
            headers.put("Content-Type", contentTypeOf(response));
        }
        List<byte[]> etags = options.getETags();
        if (!etags.isEmpty()) {
            headers.put("ETag", EntityTags.toHttp(etags.get(0)));
        }
        long maxAge = options.hasMaxAge() ? options.getMaxAge() : DEFAULT_MAX_AGE;
        if (code == ResponseCode.SERVICE_UNAVAILABLE && options.hasMaxAge()) {
            headers.put("Retry-After", Long.toString(maxAge));
        } else if (code == ResponseCode.CONTENT || code == ResponseCode.VALID) {
            // Max-Age is how long the representation is fresh: the same meaning as HTTP's max-age
            headers.put("Cache-Control", "max-age=" + maxAge);
        }
        if (options.getLocationPathCount() > 0 || options.getLocationQueryCount() > 0) {
            headers.put("Location", location(options, locationPrefix));
        }
        return new HttpAnswer(status, headers, status == 304 || status == 204 ? new byte[0] : payload);
    }

    /**
     * The Content-Type of a response's payload. CoAP error responses carry a diagnostic message without a
     * Content-Format (RFC 7252 section 5.5.2): that is UTF-8 text.
     */
    public static String contentTypeOf(Response response) {
        OptionSet options = response.getOptions();
        if (!options.hasContentFormat() && response.getCode().codeClass != 2) {
            return ContentFormats.contentType(MediaTypeRegistry.TEXT_PLAIN);
        }
        return ContentFormats.contentType(options.getContentFormat());
    }

    private static String location(OptionSet options, String prefix) {
        StringJoiner path = new StringJoiner("/", prefix + "/", "");
        for (String segment : options.getLocationPath()) {
            path.add(PathSegments.encode(segment));
        }
        String query = options.getLocationQueryString();
        return query.isEmpty() ? path.toString() : path + "?" + query;
    }
}
