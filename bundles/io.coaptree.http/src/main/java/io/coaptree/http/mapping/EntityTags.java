package io.coaptree.http.mapping;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * CoAP ETags (opaque, 1 to 8 bytes) as HTTP entity tags: a strong tag holding the bytes in hex, so that a tag a client
 * got from this gateway comes back (If-None-Match, If-Match) as the same bytes.
 */
public final class EntityTags {

    private static final HexFormat HEX = HexFormat.of();

    private EntityTags() {
    }

    public static String toHttp(byte[] etag) {
        return '"' + HEX.formatHex(etag) + '"';
    }

    /**
     * @param header an If-None-Match or If-Match header value (a list of entity tags), or {@code null}
     * @return the CoAP ETags it names; tags this gateway cannot have issued (not hex, more than 8 bytes) are left
     *         out, so they never match; {@code *} is returned as an empty list in {@link #isAny}
     */
    public static List<byte[]> fromHttp(String header) {
        List<byte[]> tags = new ArrayList<>();
        if (header == null) {
            return tags;
        }
        for (String item : header.split(",")) {
            String tag = item.trim();
            if (tag.startsWith("W/")) {
                tag = tag.substring(2);
            }
            if (tag.length() >= 4 && tag.length() <= 18 && tag.startsWith("\"") && tag.endsWith("\"")) {
                try {
                    tags.add(HEX.parseHex(tag.substring(1, tag.length() - 1)));
                } catch (IllegalArgumentException e) {
                    // not one of ours: it cannot match
                }
            }
        }
        return tags;
    }

    /** @return whether the header is {@code *} (any current representation) */
    public static boolean isAny(String header) {
        return header != null && header.trim().equals("*");
    }
}
