package io.coaptree.linkformat;

import java.util.List;
import java.util.Objects;

import com.google.common.base.Ascii;
import com.google.common.collect.ImmutableList;

import io.coaptree.linkformat.LinkFormatParseException.Kind;

/**
 * Reads an RFC 6690 payload into {@link Link}s, in order.
 * <p>
 * A single left-to-right scan, because a link-format document cannot be split on ',' or ';' first: both occur
 * inside quoted values and inside targets. What it accepts beyond the strict RFC 6690 ABNF is deliberate and
 * limited to whitespace (spaces, tabs, line breaks) around ',', ';' and '=' and at either end, which RFC 8288
 * and pretty-printed examples use. An empty (or all-whitespace) payload is an empty list.
 * <p>
 * Immutable and thread-safe. Every failure, including every limit, is a {@link LinkFormatParseException}.
 */
public final class LinkFormatParser {

    private static final LinkFormatParser DEFAULT = new LinkFormatParser(LinkFormatLimits.DEFAULTS);

    private final LinkFormatLimits limits;

    public LinkFormatParser(LinkFormatLimits limits) {
        this.limits = Objects.requireNonNull(limits, "limits");
    }

    /** A parser with {@link LinkFormatLimits#DEFAULTS}. */
    public static LinkFormatParser withDefaults() {
        return DEFAULT;
    }

    public LinkFormatLimits limits() {
        return limits;
    }

    /**
     * @throws LinkFormatParseException if the payload is malformed or exceeds a limit
     */
    public List<Link> parse(CharSequence payload) throws LinkFormatParseException {
        Objects.requireNonNull(payload, "payload");
        if (payload.length() > limits.maxPayloadChars()) {
            throw new LinkFormatParseException(Kind.LIMIT, limits.maxPayloadChars(),
                    "payload has " + payload.length() + " characters, more than maxPayloadChars "
                            + limits.maxPayloadChars());
        }
        return new Scan(payload, limits).links();
    }

    /** The state of one parse: a cursor over the payload. */
    private static final class Scan {

        private final CharSequence in;
        private final LinkFormatLimits limits;
        private int pos;

        Scan(CharSequence in, LinkFormatLimits limits) {
            this.in = in;
            this.limits = limits;
        }

        List<Link> links() throws LinkFormatParseException {
            ImmutableList.Builder<Link> links = ImmutableList.builder();
            int count = 0;
            skipWhitespace();
            if (atEnd()) {
                return links.build();
            }
            while (true) {
                if (count == limits.maxLinks()) {
                    throw new LinkFormatParseException(Kind.LIMIT, pos,
                            "more than maxLinks " + limits.maxLinks() + " links");
                }
                links.add(link());
                count++;
                skipWhitespace();
                if (atEnd()) {
                    return links.build();
                }
                if (peek() != ',') {
                    throw syntax("expected ',' between links or ';' before an attribute");
                }
                pos++;
                skipWhitespace();
                if (atEnd()) {
                    throw syntax("expected a link after ','");
                }
            }
        }

        private Link link() throws LinkFormatParseException {
            if (peek() != '<') {
                throw syntax("expected '<' to start a link");
            }
            int start = ++pos;
            while (!atEnd() && peek() != '>') {
                if (!LinkSyntax.isTargetChar(peek())) {
                    throw syntax("expected '>' to end the target that starts at offset " + start
                            + " (a target cannot contain whitespace, control characters or '<')");
                }
                if (pos - start == limits.maxTargetLength()) {
                    throw new LinkFormatParseException(Kind.LIMIT, pos,
                            "target longer than maxTargetLength " + limits.maxTargetLength());
                }
                pos++;
            }
            if (atEnd()) {
                throw syntax("expected '>' to end the target that starts at offset " + start);
            }
            Link.Builder link = Link.builderOfCheckedTarget(in.subSequence(start, pos).toString());
            pos++;
            int attributes = 0;
            skipWhitespace();
            while (!atEnd() && peek() == ';') {
                pos++;
                skipWhitespace();
                if (attributes == limits.maxAttributesPerLink()) {
                    throw new LinkFormatParseException(Kind.LIMIT, pos,
                            "more than maxAttributesPerLink " + limits.maxAttributesPerLink() + " attributes on one link");
                }
                link.attribute(attribute());
                attributes++;
                skipWhitespace();
            }
            return link.build();
        }

        private LinkAttribute attribute() throws LinkFormatParseException {
            int start = pos;
            boolean upperCase = false;
            while (!atEnd() && LinkSyntax.isNameChar(peek())) {
                if (pos - start == limits.maxAttributeLength()) {
                    throw new LinkFormatParseException(Kind.LIMIT, pos,
                            "attribute name longer than maxAttributeLength " + limits.maxAttributeLength());
                }
                upperCase |= Ascii.isUpperCase(peek());
                pos++;
            }
            if (pos == start) {
                throw syntax("expected an attribute name after ';'");
            }
            String name = upperCase ? null : LinkSyntax.commonName(in, start, pos);
            if (name == null) {
                String written = in.subSequence(start, pos).toString();
                name = upperCase ? Ascii.toLowerCase(written) : written;
            }
            if (!atEnd() && peek() != '=' && peek() != ';' && peek() != ',' && !LinkSyntax.isWhitespace(peek())) {
                throw syntax("attribute name '" + name + "' cannot contain this character");
            }
            skipWhitespace();
            if (atEnd() || peek() != '=') {
                return LinkAttribute.ofCheckedName(name, null);
            }
            pos++;
            skipWhitespace();
            String value = !atEnd() && peek() == '"' ? quotedValue(name) : tokenValue(name);
            return LinkAttribute.ofCheckedName(name, value);
        }

        private String tokenValue(String name) throws LinkFormatParseException {
            int start = pos;
            while (!atEnd() && LinkSyntax.isPtokenChar(peek())) {
                if (pos - start == limits.maxAttributeLength()) {
                    throw tooLong(name);
                }
                pos++;
            }
            if (pos == start) {
                throw syntax("expected a value or a quoted string after '" + name + "='");
            }
            if (!atEnd() && !LinkSyntax.isWhitespace(peek()) && peek() != ';' && peek() != ',') {
                throw syntax("unquoted value of '" + name + "' cannot contain this character; quote the value");
            }
            return in.subSequence(start, pos).toString();
        }

        private String quotedValue(String name) throws LinkFormatParseException {
            int open = pos++;
            // the common case, no escape within the limit: the value is the text between the quotes as it stands
            for (int end = pos; end < in.length() && end - pos <= limits.maxAttributeLength(); end++) {
                char c = in.charAt(end);
                if (c == '\\') {
                    break;
                }
                if (c == '"') {
                    if (end - pos > limits.maxAttributeLength()) {
                        break;
                    }
                    String value = in.subSequence(pos, end).toString();
                    pos = end + 1;
                    if (!atEnd() && !LinkSyntax.isWhitespace(peek()) && peek() != ';' && peek() != ',') {
                        throw syntax("expected ';' or ',' after the quoted value of '" + name + "'");
                    }
                    return value;
                }
            }
            StringBuilder value = new StringBuilder();
            while (true) {
                if (atEnd()) {
                    throw new LinkFormatParseException(Kind.SYNTAX, open,
                            "quoted value of '" + name + "' is not closed");
                }
                char c = in.charAt(pos++);
                if (c == '"') {
                    break;
                }
                if (c == '\\') {
                    if (atEnd()) {
                        throw new LinkFormatParseException(Kind.SYNTAX, open,
                                "quoted value of '" + name + "' ends in an escape and is not closed");
                    }
                    c = in.charAt(pos++);
                }
                if (value.length() == limits.maxAttributeLength()) {
                    throw tooLong(name);
                }
                value.append(c);
            }
            if (!atEnd() && !LinkSyntax.isWhitespace(peek()) && peek() != ';' && peek() != ',') {
                throw syntax("expected ';' or ',' after the quoted value of '" + name + "'");
            }
            return value.toString();
        }

        private LinkFormatParseException tooLong(String name) {
            return new LinkFormatParseException(Kind.LIMIT, pos,
                    "value of '" + name + "' longer than maxAttributeLength " + limits.maxAttributeLength());
        }

        private LinkFormatParseException syntax(String expectation) {
            return new LinkFormatParseException(Kind.SYNTAX, pos, expectation + ", found " + describeCurrent());
        }

        private String describeCurrent() {
            if (atEnd()) {
                return "end of payload";
            }
            char c = peek();
            if (c < 0x20 || c == 0x7F || c == ' ' || Character.isSurrogate(c)) {
                return String.format("U+%04X", (int) c);
            }
            return "'" + c + "'";
        }

        private void skipWhitespace() {
            while (!atEnd() && LinkSyntax.isWhitespace(peek())) {
                pos++;
            }
        }

        private boolean atEnd() {
            return pos >= in.length();
        }

        private char peek() {
            return in.charAt(pos);
        }
    }
}
