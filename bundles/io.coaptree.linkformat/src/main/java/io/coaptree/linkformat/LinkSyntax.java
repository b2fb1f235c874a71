package io.coaptree.linkformat;

/** Character classes of the RFC 6690 / RFC 8288 grammar, shared by the parser, the model and the serializer. */
final class LinkSyntax {

    private LinkSyntax() {
    }

    /** RFC 7230 tchar: what a parameter name may contain (a superset of RFC 5987 parmname, so "title*" is accepted). */
    /**
     * Attribute names of RFC 6690, RFC 8288 and RFC 9176 in the lower case the parser stores: nearly every name
     * of a real payload is one of these, and returning the constant spares the parser a string for each.
     */
    private static final String[] COMMON_NAMES = {"rt", "if", "ct", "sz", "obs", "rel", "title", "anchor",
        "hreflang", "media", "type", "ep", "d", "base", "lt", "et"};

    /** The common name written at {@code in[start, end)} exactly (lower case), or null. */
    static String commonName(CharSequence in, int start, int end) {
        int length = end - start;
        names:
        for (String name : COMMON_NAMES) {
            if (name.length() != length) {
                continue;
            }
            for (int i = 0; i < length; i++) {
                if (in.charAt(start + i) != name.charAt(i)) {
                    continue names;
                }
            }
            return name;
        }
        return null;
    }

    static boolean isNameChar(char c) {
        if (isAlphaNumeric(c)) {
            return true;
        }
        switch (c) {
            case '!': case '#': case '$': case '%': case '&': case '\'': case '*': case '+':
            case '-': case '.': case '^': case '_': case '`': case '|': case '~':
                return true;
            default:
                return false;
        }
    }

    /** RFC 6690 ptokenchar: what an unquoted parameter value may contain. */
    static boolean isPtokenChar(char c) {
        if (isAlphaNumeric(c)) {
            return true;
        }
        switch (c) {
            case '!': case '#': case '$': case '%': case '&': case '\'': case '(': case ')':
            case '*': case '+': case '-': case '.': case '/': case ':': case '<': case '=':
            case '>': case '?': case '@': case '[': case ']': case '^': case '_': case '`':
            case '{': case '|': case '}': case '~':
                return true;
            default:
                return false;
        }
    }

    /**
     * What a target between angle brackets may contain. Lenient on purpose (any visible character, non-ASCII
     * included) because only the closing bracket is structurally significant; spaces and controls are refused
     * because no URI reference contains them and they usually mean a missing '>'.
     */
    static boolean isTargetChar(char c) {
        return c > 0x20 && c != 0x7F && c != '<' && c != '>';
    }

    /** Whitespace tolerated between syntax elements (RFC 8288 OWS plus line breaks, which pretty-printed payloads use). */
    static boolean isWhitespace(char c) {
        return c == ' ' || c == '\t' || c == '\r' || c == '\n';
    }

    /** A non-negative decimal number: serialized unquoted, as RFC 6690 writes ct and sz. */
    static boolean isCardinal(String value) {
        if (value.isEmpty()) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }

    static boolean isValidName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            if (!isNameChar(name.charAt(i))) {
                return false;
            }
        }
        return true;
    }

    /** Index of the first character a target may not contain, or -1. */
    static int invalidTargetCharIndex(String target) {
        for (int i = 0; i < target.length(); i++) {
            if (!isTargetChar(target.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    private static boolean isAlphaNumeric(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
    }
}
