package io.coaptree.remotequery.sync;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatParseException;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.linkformat.LinkFormatSerializer;

/**
 * Sets of links as synchronisation handles them: each link in its canonical link-format text (what the serializer
 * writes for the parsed link), so that both ends compare, diff and digest the same strings.
 */
public final class LinkSet {

    private LinkSet() {
    }

    /** The links of a link-format document, canonical, without duplicates, in document order. */
    public static Set<String> parse(LinkFormatParser parser, String linkFormat) throws LinkFormatParseException {
        if (linkFormat == null || linkFormat.isBlank()) {
            return new LinkedHashSet<>();
        }
        return of(parser.parse(linkFormat));
    }

    /** The links, canonical, without duplicates, in their order. */
    public static Set<String> of(Collection<Link> links) {
        Set<String> out = new LinkedHashSet<>();
        for (Link link : links) {
            out.add(LinkFormatSerializer.serialize(link));
        }
        return out;
    }

    /** One aggregated link-format document of canonical links. */
    public static String join(Collection<String> links) {
        return String.join(",", links);
    }

    /** As {@link #parse}, for a list received in a message. */
    public static List<String> parseList(LinkFormatParser parser, String linkFormat) throws LinkFormatParseException {
        return List.copyOf(parse(parser, linkFormat));
    }

    /**
     * An order-independent 64-bit digest of a set (sum of per-link FNV-1a hashes, mixed): a parent checks that a delta
     * produced the set the child has.
     */
    public static long digest(Collection<String> links) {
        long sum = 0;
        for (String link : links) {
            long h = 0xcbf29ce484222325L;
            for (byte b : link.getBytes(StandardCharsets.UTF_8)) {
                h ^= b & 0xff;
                h *= 0x100000001b3L;
            }
            h ^= h >>> 33;
            h *= 0xff51afd7ed558ccdL;
            h ^= h >>> 33;
            sum += h;
        }
        return sum;
    }
}
