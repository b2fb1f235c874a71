package io.coaptree.http.mapping;

import java.util.Map;
import java.util.Objects;

/**
 * An HTTP response, without the servlet API.
 *
 * @param status the HTTP status code
 * @param headers header name to value (at most one value each)
 * @param body the body, empty when none
 */
public record HttpAnswer(int status, Map<String, String> headers, byte[] body) {

    public HttpAnswer {
        headers = Map.copyOf(Objects.requireNonNull(headers, "headers"));
        body = body == null ? new byte[0] : body;
    }

    /** A plain-text answer, for errors the mapping produces itself. */
    public static HttpAnswer text(int status, String message) {
        return new HttpAnswer(status, Map.of("Content-Type", "text/plain;charset=utf-8"),
                message.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
