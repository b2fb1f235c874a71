package io.coaptree.http.mapping;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Percent-encoding of path segments and query parameters between an HTTP URI and CoAP's Uri-Path and Uri-Query options
 * (RFC 8075 section 5.3: each option is one decoded segment). Done on the raw request URI, because a servlet
 * container's decoded path would merge an encoded {@code /} into a separator.
 */
public final class PathSegments {

    private PathSegments() {
    }

    /**
     * @param rawPath the encoded path after the mapping's prefix, e.g. {@code /tree/B/2/gB2/temperature}
     * @return the decoded segments; empty segments (a doubled or trailing {@code /}) are dropped
     * @throws MappingException 400 for a bad escape
     */
    public static List<String> path(String rawPath) throws MappingException {
        List<String> segments = new ArrayList<>();
        if (rawPath == null) {
            return segments;
        }
        for (String segment : rawPath.split("/")) {
            if (!segment.isEmpty()) {
                segments.add(decode(segment, false));
            }
        }
        return segments;
    }

    /**
     * @param rawQuery the encoded query string, or {@code null}
     * @return one decoded Uri-Query value per {@code &}-separated parameter ({@code +} is a space, as forms send it)
     * @throws MappingException 400 for a bad escape
     */
    public static List<String> query(String rawQuery) throws MappingException {
        List<String> values = new ArrayList<>();
        if (rawQuery == null) {
            return values;
        }
        for (String parameter : rawQuery.split("&")) {
            if (!parameter.isEmpty()) {
                values.add(decode(parameter, true));
            }
        }
        return values;
    }

    /** @return the segment with everything but RFC 3986's unreserved characters and sub-delims percent-encoded */
    public static String encode(String segment) {
        StringBuilder out = new StringBuilder();
        for (byte b : segment.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xff);
            if (Character.isLetterOrDigit(c) && c < 128 || "-._~!$&'()*+,;=:@".indexOf(c) >= 0) {
                out.append(c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit((b >> 4) & 0xf, 16)))
                        .append(Character.toUpperCase(Character.forDigit(b & 0xf, 16)));
            }
        }
        return out.toString();
    }

    private static String decode(String text, boolean plusIsSpace) throws MappingException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%') {
                int hi = i + 2 < text.length() ? Character.digit(text.charAt(i + 1), 16) : -1;
                int lo = i + 2 < text.length() ? Character.digit(text.charAt(i + 2), 16) : -1;
                if (hi < 0 || lo < 0) {
                    throw new MappingException(400, "bad percent-escape in '" + text + "'");
                }
                bytes.write(hi << 4 | lo);
                i += 2;
            } else if (c == '+' && plusIsSpace) {
                bytes.write(' ');
            } else {
                byte[] encoded = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(encoded, 0, encoded.length);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
