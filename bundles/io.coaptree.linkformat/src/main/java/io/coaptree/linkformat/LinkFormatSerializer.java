package io.coaptree.linkformat;

import java.util.Collection;

/**
 * Writes {@link Link}s as RFC 6690 link-format that {@link LinkFormatParser} reads back to equal links.
 * <p>
 * Values are quoted unless they are a plain number: quoting is valid for every attribute RFC 6690 defines except
 * {@code sz}, and unquoted dotted values (such as {@code rt=core.rd-ep}) are exactly what widely used parsers,
 * Californium's included, misread. No whitespace is written.
 */
public final class LinkFormatSerializer {

    private LinkFormatSerializer() {
    }

    /** Links separated by ','; an empty collection gives an empty string (an empty link-format document). */
    public static String serialize(Collection<Link> links) {
        StringBuilder out = new StringBuilder(links.size() * 48);
        boolean first = true;
        for (Link link : links) {
            if (!first) {
                out.append(',');
            }
            appendTo(out, link);
            first = false;
        }
        return out.toString();
    }

    public static String serialize(Link link) {
        return appendTo(new StringBuilder(64), link).toString();
    }

    /** Appends one link (no separator) and returns {@code out}. */
    public static StringBuilder appendTo(StringBuilder out, Link link) {
        out.append('<').append(link.target()).append('>');
        for (LinkAttribute attribute : link.attributes()) {
            out.append(';').append(attribute.name());
            if (!attribute.isFlag()) {
                out.append('=');
                appendValue(out, attribute.value().get());
            }
        }
        return out;
    }

    static void appendValue(StringBuilder out, String value) {
        if (LinkSyntax.isCardinal(value)) {
            out.append(value);
            return;
        }
        out.append('"');
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c == '"' || c == '\\') {
                out.append('\\');
            }
            out.append(c);
        }
        out.append('"');
    }
}
