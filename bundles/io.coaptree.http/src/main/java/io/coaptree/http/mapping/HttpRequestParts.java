package io.coaptree.http.mapping;

import java.util.List;
import java.util.Objects;

/**
 * What the mapping reads from an HTTP request, without the servlet API.
 *
 * @param method the HTTP method
 * @param path the CoAP path segments, percent-decoded (the part of the HTTP path after the mapping's prefix)
 * @param query the query parameters as CoAP Uri-Query values ({@code name=value}), percent-decoded
 * @param mediaType the Content-Type without parameters, or {@code null}
 * @param charset the Content-Type's charset, or {@code null}
 * @param accept the Accept header, or {@code null}
 * @param ifMatch the If-Match header, or {@code null}
 * @param ifNoneMatch the If-None-Match header, or {@code null}
 * @param body the body, empty when none
 */
public record HttpRequestParts(String method, List<String> path, List<String> query, String mediaType,
        String charset, String accept, String ifMatch, String ifNoneMatch, byte[] body) {

    public HttpRequestParts {
        Objects.requireNonNull(method, "method");
        path = List.copyOf(path);
        query = List.copyOf(query);
        body = body == null ? new byte[0] : body;
    }

    /** A GET of a path, for tests and the page's own reads. */
    public static HttpRequestParts get(List<String> path, List<String> query, String accept) {
        return new HttpRequestParts("GET", path, query, null, null, accept, null, null, null);
    }

    /** @return whether the validators make this a conditional GET (a 2.03 Valid answer is then a 304) */
    public boolean isConditional() {
        return ifNoneMatch != null && !EntityTags.fromHttp(ifNoneMatch).isEmpty();
    }
}
