package io.coaptree.linkformat;

import java.util.Objects;

/**
 * RFC 3986 section 5.2 reference resolution, written out because {@code java.net.URI.resolve} gets the
 * empty-path base wrong ({@code coap://host} + {@code temp} must give {@code coap://host/temp}) and throws on
 * references it cannot parse. Works on any strings and never throws: a Resource Directory resolves
 * registrant-supplied targets against registrant-supplied base URIs.
 */
public final class UriReference {

    private UriReference() {
    }

    /** Resolves {@code reference} against {@code base} (which should be absolute) and removes dot segments. */
    public static String resolve(String base, String reference) {
        Objects.requireNonNull(base, "base");
        Objects.requireNonNull(reference, "reference");
        Parts b = Parts.of(base);
        Parts r = Parts.of(reference);
        String scheme;
        String authority;
        String path;
        String query;
        if (r.scheme != null) {
            scheme = r.scheme;
            authority = r.authority;
            path = removeDotSegments(r.path);
            query = r.query;
        } else {
            if (r.authority != null) {
                authority = r.authority;
                path = removeDotSegments(r.path);
                query = r.query;
            } else {
                if (r.path.isEmpty()) {
                    path = b.path;
                    query = r.query != null ? r.query : b.query;
                } else {
                    path = r.path.startsWith("/") ? removeDotSegments(r.path) : removeDotSegments(merge(b, r.path));
                    query = r.query;
                }
                authority = b.authority;
            }
            scheme = b.scheme;
        }
        StringBuilder out = new StringBuilder(base.length() + reference.length());
        if (scheme != null) {
            out.append(scheme).append(':');
        }
        if (authority != null) {
            out.append("//").append(authority);
        }
        out.append(path);
        if (query != null) {
            out.append('?').append(query);
        }
        if (r.fragment != null) {
            out.append('#').append(r.fragment);
        }
        return out.toString();
    }

    /** True if the reference starts with a scheme ({@code coap:}, {@code http:}, ...). */
    public static boolean isAbsolute(String reference) {
        return Parts.schemeEnd(reference) > 0;
    }

    private static String merge(Parts base, String relativePath) {
        if (base.authority != null && base.path.isEmpty()) {
            return "/" + relativePath;
        }
        int slash = base.path.lastIndexOf('/');
        return slash < 0 ? relativePath : base.path.substring(0, slash + 1) + relativePath;
    }

    /** RFC 3986 section 5.2.4. */
    static String removeDotSegments(String path) {
        if (path.indexOf('.') < 0) {
            return path;
        }
        StringBuilder input = new StringBuilder(path);
        StringBuilder output = new StringBuilder(path.length());
        while (input.length() > 0) {
            if (startsWith(input, "../")) {
                input.delete(0, 3);
            } else if (startsWith(input, "./")) {
                input.delete(0, 2);
            } else if (startsWith(input, "/./")) {
                input.delete(0, 2);
            } else if (equals(input, "/.")) {
                input.replace(0, 2, "/");
            } else if (startsWith(input, "/../")) {
                input.delete(0, 3);
                removeLastSegment(output);
            } else if (equals(input, "/..")) {
                input.replace(0, 3, "/");
                removeLastSegment(output);
            } else if (equals(input, ".") || equals(input, "..")) {
                input.setLength(0);
            } else {
                int next = input.indexOf("/", input.charAt(0) == '/' ? 1 : 0);
                int end = next < 0 ? input.length() : next;
                output.append(input, 0, end);
                input.delete(0, end);
            }
        }
        return output.toString();
    }

    private static void removeLastSegment(StringBuilder output) {
        int slash = output.lastIndexOf("/");
        output.setLength(Math.max(slash, 0));
    }

    private static boolean startsWith(StringBuilder s, String prefix) {
        return s.length() >= prefix.length() && s.substring(0, prefix.length()).equals(prefix);
    }

    private static boolean equals(StringBuilder s, String text) {
        return s.length() == text.length() && s.toString().equals(text);
    }

    /** The five components of RFC 3986 appendix B; null means undefined, which differs from empty. */
    private static final class Parts {
        String scheme;
        String authority;
        String path;
        String query;
        String fragment;

        static Parts of(String s) {
            Parts p = new Parts();
            int i = 0;
            int schemeEnd = schemeEnd(s);
            if (schemeEnd > 0) {
                p.scheme = s.substring(0, schemeEnd);
                i = schemeEnd + 1;
            }
            int hash = s.indexOf('#', i);
            int end = hash < 0 ? s.length() : hash;
            if (hash >= 0) {
                p.fragment = s.substring(hash + 1);
            }
            int question = s.indexOf('?', i);
            if (question >= 0 && question < end) {
                p.query = s.substring(question + 1, end);
                end = question;
            }
            if (s.startsWith("//", i)) {
                int authorityEnd = i + 2;
                while (authorityEnd < end && s.charAt(authorityEnd) != '/') {
                    authorityEnd++;
                }
                p.authority = s.substring(i + 2, authorityEnd);
                i = authorityEnd;
            }
            p.path = s.substring(i, end);
            return p;
        }

        /** Index of the ':' ending a valid scheme, or -1. */
        static int schemeEnd(String s) {
            for (int i = 0; i < s.length(); i++) {
                char c = s.charAt(i);
                if (c == ':') {
                    return i > 0 ? i : -1;
                }
                boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
                boolean later = (c >= '0' && c <= '9') || c == '+' || c == '-' || c == '.';
                if (!(letter || (i > 0 && later))) {
                    return -1;
                }
            }
            return -1;
        }
    }
}
