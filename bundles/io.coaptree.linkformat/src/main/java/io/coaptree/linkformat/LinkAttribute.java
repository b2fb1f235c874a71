package io.coaptree.linkformat;

import java.util.Objects;
import java.util.Optional;

import com.google.common.base.Ascii;

/**
 * One target attribute (RFC 6690 link-param) of a {@link Link}: a name and either a value or nothing (a flag
 * such as {@code obs}). Names are case-insensitive (RFC 8288) and stored in lower case; values are stored
 * unquoted and unescaped, exactly as they read.
 */
public final class LinkAttribute {

    private final String name;
    private final String value;
    /** Computed on first use (0 = not yet): a directory interns and indexes attributes by hash. */
    private int hash;

    private LinkAttribute(String name, String value) {
        this.name = name;
        this.value = value;
    }

    /**
     * @throws IllegalArgumentException if the name is empty or has a character RFC 8288 does not allow in one
     */
    public static LinkAttribute of(String name, String value) {
        Objects.requireNonNull(value, "value");
        return new LinkAttribute(checkedName(name), value);
    }

    /** For the parser, which has checked and lower-cased the name already; null value = flag. */
    static LinkAttribute ofCheckedName(String lowerCaseName, String value) {
        return new LinkAttribute(lowerCaseName, value);
    }

    /** An attribute without a value ({@code ;obs}), which is distinct from an empty value ({@code ;obs=""}). */
    public static LinkAttribute flag(String name) {
        return new LinkAttribute(checkedName(name), null);
    }

    public String name() {
        return name;
    }

    /** The value, or empty for a flag. */
    public Optional<String> value() {
        return Optional.ofNullable(value);
    }

    public boolean isFlag() {
        return value == null;
    }

    private static String checkedName(String name) {
        Objects.requireNonNull(name, "name");
        if (!LinkSyntax.isValidName(name)) {
            throw new IllegalArgumentException("attribute name '" + name
                    + "' must be non-empty and contain only letters, digits and !#$%&'*+-.^_`|~");
        }
        return Ascii.toLowerCase(name);
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LinkAttribute)) {
            return false;
        }
        LinkAttribute other = (LinkAttribute) o;
        return name.equals(other.name) && Objects.equals(value, other.value);
    }

    @Override
    public int hashCode() {
        int h = hash;
        if (h == 0) {
            h = 31 * (31 + name.hashCode()) + Objects.hashCode(value);
            hash = h;
        }
        return h;
    }

    @Override
    public String toString() {
        StringBuilder out = new StringBuilder(name);
        if (value != null) {
            out.append('=');
            LinkFormatSerializer.appendValue(out, value);
        }
        return out.toString();
    }
}
