package io.coaptree.rd.store;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A registration base URI whose host is a link-local address: an IPv6 literal in fe80::/10 or an IPv4 address in
 * 169.254.0.0/16 (RFC 9176 section 3.4). Such an address means something only on one link, so the directory
 * records WHICH link as a zone identifier in the stored base, RFC 6874 style ({@code coap://[fe80::1%25eth0]:5683};
 * for IPv4 the same {@code %25zone} suffix after the address), and shows the registration only to lookups from
 * that link, with the zone removed (sections 6.1 and 6.4). Registrants never send zones: {@link #hasZone} finds
 * them so that the adapter can refuse them (section 5).
 * <p>
 * Parsing works on any string and never throws; {@link #parse} costs a few character comparisons for a base that
 * is not link-local and allocates nothing then, so lookups may call it for every registration they read.
 */
public final class LinkLocalBase {

    private static final String ZONE_PREFIX = "%25";

    private final String base;
    private final int zoneStart;
    private final int zoneEnd;

    private LinkLocalBase(String base, int zoneStart, int zoneEnd) {
        this.base = base;
        this.zoneStart = zoneStart;
        this.zoneEnd = zoneEnd;
    }

    /** The parsed base, or null if its host is not a link-local address (a name, a global address, no URI). */
    public static LinkLocalBase parse(String base) {
        if (!mayBeLinkLocal(base)) {
            return null;
        }
        Host host = Host.of(base);
        if (host == null || !host.linkLocal()) {
            return null;
        }
        return new LinkLocalBase(base, host.zoneStart, host.addressEnd());
    }

    /** True if the base's host is a link-local address. */
    public static boolean isLinkLocal(String base) {
        if (!mayBeLinkLocal(base)) {
            return false;
        }
        Host host = Host.of(base);
        return host != null && host.linkLocal();
    }

    /**
     * True if the base's host is an IP literal with a zone identifier ({@code %25} or a bare {@code %}), link-local
     * or not: a zone names an interface of the sender and means nothing to anybody else (RFC 6874 section 1).
     */
    public static boolean hasZone(String base) {
        Host host = Host.of(base);
        return host != null && host.zoneStart >= 0;
    }

    /**
     * The base with {@code link} as its zone, percent-encoded as RFC 6874 does: how the directory records the link
     * a link-local base is on.
     *
     * @throws IllegalArgumentException if the base is not link-local or already has a zone
     */
    public static String withZone(String base, String link) {
        Host host = Host.of(base);
        if (host == null || !host.linkLocal() || host.zoneStart >= 0) {
            throw new IllegalArgumentException("'" + base + "' is not a link-local base without zone");
        }
        if (link.isEmpty()) {
            throw new IllegalArgumentException("the link name is empty");
        }
        int at = host.addressEnd();
        return base.substring(0, at) + ZONE_PREFIX + encode(link) + base.substring(at);
    }

    /** The link the directory recorded for this base, percent-decoded; empty if none was recorded. */
    public Optional<String> zone() {
        if (zoneStart < 0) {
            return Optional.empty();
        }
        int start = base.startsWith(ZONE_PREFIX, zoneStart) ? zoneStart + ZONE_PREFIX.length() : zoneStart + 1;
        String zone = decode(base.substring(start, zoneEnd));
        return zone.isEmpty() ? Optional.empty() : Optional.of(zone);
    }

    /** The base as lookups show it: without zone (RFC 9176 sections 6.1 and 6.4). */
    public String withoutZone() {
        return zoneStart < 0 ? base : base.substring(0, zoneStart) + base.substring(zoneEnd);
    }

    /**
     * False for almost every base that is not link-local, without allocating: what lookups pay per registration.
     * True for every link-local one (and a few others, which {@link Host} then reads in full).
     */
    private static boolean mayBeLinkLocal(String uri) {
        if (uri == null) {
            return false;
        }
        int colon = uri.indexOf(':');
        int start = colon + 3;
        if (colon <= 0 || start + 8 > uri.length() || uri.charAt(colon + 1) != '/' || uri.charAt(colon + 2) != '/') {
            return false; // no authority, or too short for any link-local address
        }
        if (uri.indexOf('@', start) >= 0) {
            return true; // userinfo (or an '@' further on): read in full
        }
        char first = uri.charAt(start);
        if (first == '[') {
            // fe80::/10 starts fe8, fe9, fea or feb; an IPv4-mapped address starts with ':'
            char c1 = uri.charAt(start + 1);
            char c2 = uri.charAt(start + 2);
            char c3 = uri.charAt(start + 3);
            return c1 == ':' || (c1 | 0x20) == 'f' && (c2 | 0x20) == 'e'
                    && (c3 == '8' || c3 == '9' || (c3 | 0x20) == 'a' || (c3 | 0x20) == 'b');
        }
        return first == '1' && uri.startsWith("169.254.", start);
    }

    /** RFC 6874 ZoneID characters: unreserved; anything else is percent-encoded as UTF-8. */
    private static String encode(String zone) {
        StringBuilder out = new StringBuilder(zone.length());
        for (byte b : zone.getBytes(StandardCharsets.UTF_8)) {
            char c = (char) (b & 0xFF);
            if (c < 0x80 && (Character.isLetterOrDigit(c) || c == '-' || c == '.' || c == '_' || c == '~')) {
                out.append(c);
            } else {
                out.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            }
        }
        return out.toString();
    }

    private static String decode(String encoded) {
        if (encoded.indexOf('%') < 0) {
            return encoded;
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(encoded.length());
        for (int i = 0; i < encoded.length(); i++) {
            char c = encoded.charAt(i);
            int high = i + 2 < encoded.length() ? Character.digit(encoded.charAt(i + 1), 16) : -1;
            int low = i + 2 < encoded.length() ? Character.digit(encoded.charAt(i + 2), 16) : -1;
            if (c == '%' && high >= 0 && low >= 0) {
                bytes.write(high << 4 | low);
                i += 2;
            } else {
                byte[] raw = String.valueOf(c).getBytes(StandardCharsets.UTF_8);
                bytes.write(raw, 0, raw.length);
            }
        }
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /**
     * Where the host of {@code scheme://[userinfo@]host[:port]...} lies: for an IPv6 literal the address between
     * the brackets, for an IPv4 address the dotted quad; the zone, if any, runs from {@code zoneStart} to the end
     * of the address part ({@code ]}, or the port or path for IPv4).
     */
    private static final class Host {
        final String uri;
        final int start;
        final int end;
        final boolean ipv6;
        final int zoneStart;

        private Host(String uri, int start, int end, boolean ipv6, int zoneStart) {
            this.uri = uri;
            this.start = start;
            this.end = end;
            this.ipv6 = ipv6;
            this.zoneStart = zoneStart;
        }

        /** Null unless the URI has an authority whose host is an IP literal or starts like a dotted quad. */
        static Host of(String uri) {
            if (uri == null) {
                return null;
            }
            int colon = uri.indexOf(':');
            if (colon <= 0 || !uri.startsWith("//", colon + 1)) {
                return null;
            }
            int start = colon + 3;
            int authorityEnd = authorityEnd(uri, start);
            int at = uri.lastIndexOf('@', authorityEnd - 1);
            if (at >= start) {
                start = at + 1;
            }
            if (start >= authorityEnd) {
                return null;
            }
            char first = uri.charAt(start);
            if (first == '[') {
                int close = uri.indexOf(']', start);
                if (close < 0 || close >= authorityEnd) {
                    return null;
                }
                int percent = uri.indexOf('%', start);
                return new Host(uri, start + 1, close, true, percent >= 0 && percent < close ? percent : -1);
            }
            if (first < '0' || first > '9') {
                return null; // a name, not an address: never link-local here (".local" names are not addresses)
            }
            int end = start;
            while (end < authorityEnd && uri.charAt(end) != ':') {
                end++;
            }
            int percent = uri.indexOf('%', start);
            int zoneStart = percent >= 0 && percent < end ? percent : -1;
            int addressEnd = zoneStart >= 0 ? zoneStart : end;
            if (!isDottedQuad(uri, start, addressEnd)) {
                return null;
            }
            return new Host(uri, start, end, false, zoneStart);
        }

        private static int authorityEnd(String uri, int from) {
            for (int i = from; i < uri.length(); i++) {
                char c = uri.charAt(i);
                if (c == '/' || c == '?' || c == '#') {
                    return i;
                }
            }
            return uri.length();
        }

        /** Where a zone would be inserted and where an existing one ends: before {@code ]} or after the IPv4 host. */
        int addressEnd() {
            return end;
        }

        boolean linkLocal() {
            int addressEnd = zoneStart >= 0 ? zoneStart : end;
            if (!ipv6) {
                return uri.startsWith("169.254.", start);
            }
            if (uri.regionMatches(true, start, "::ffff:", 0, 7)) {
                // an IPv4-mapped address is the IPv4 address
                return isDottedQuad(uri, start + 7, addressEnd) && uri.startsWith("169.254.", start + 7);
            }
            int value = 0;
            int digits = 0;
            for (int i = start; i < addressEnd; i++) {
                int digit = Character.digit(uri.charAt(i), 16);
                if (digit < 0) {
                    return uri.charAt(i) == ':' && digits > 0 && (value & 0xFFC0) == 0xFE80;
                }
                if (++digits > 4) {
                    return false;
                }
                value = value << 4 | digit;
            }
            return false;
        }

        private static boolean isDottedQuad(String uri, int from, int to) {
            int parts = 0;
            int digits = 0;
            int value = 0;
            for (int i = from; i < to; i++) {
                char c = uri.charAt(i);
                if (c == '.') {
                    if (digits == 0) {
                        return false;
                    }
                    parts++;
                    digits = 0;
                    value = 0;
                } else if (c >= '0' && c <= '9') {
                    value = value * 10 + (c - '0');
                    if (++digits > 3 || value > 255) {
                        return false;
                    }
                } else {
                    return false;
                }
            }
            return parts == 3 && digits > 0;
        }
    }
}
