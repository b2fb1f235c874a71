package io.coaptree.rd.lookup;

import java.util.Objects;
import java.util.Optional;

import io.coaptree.rd.store.AttributeValue;

/**
 * One search criterion of a lookup: an attribute name and a value, where a value ending in '*' matches by prefix
 * (RFC 6690 section 4.1) and a criterion without a value only asks for the attribute to be present.
 */
public final class LookupFilter {

    private final String name;
    private final String value;
    private final boolean prefix;
    private final String comparand;
    /** Whether stored values of this attribute may be lists of tokens: decided once, not once per value read. */
    private final boolean tokenListName;

    private LookupFilter(String name, String value) {
        this.name = name;
        this.value = value;
        this.prefix = value != null && value.endsWith("*");
        this.comparand = prefix ? value.substring(0, value.length() - 1) : value;
        this.tokenListName = AttributeValue.TOKEN_LIST_NAMES.contains(name);
    }

    /**
     * @param name  lower-case attribute name
     * @param value the wanted value, possibly ending in '*'; null to ask only for presence
     */
    public static LookupFilter of(String name, String value) {
        return new LookupFilter(Objects.requireNonNull(name, "name"), value);
    }

    public String name() {
        return name;
    }

    public Optional<String> value() {
        return Optional.ofNullable(value);
    }

    public boolean isPrefix() {
        return prefix;
    }

    /** True if this criterion only asks for the attribute to exist. */
    public boolean isPresence() {
        return value == null;
    }

    /**
     * Whether one stored value of this attribute satisfies the criterion; for relation-type attributes, whether
     * any of its space-separated values does. A null candidate (a flag) satisfies only a presence criterion.
     */
    public boolean matches(String candidate) {
        if (value == null) {
            return true;
        }
        if (candidate == null) {
            return false;
        }
        // relation-type attributes (rt, if, rel, ct) match any one of their space-separated values; the store's
        // index follows the same rule
        if (tokenListName && candidate.indexOf(' ') >= 0) {
            return anyTokenMatches(candidate);
        }
        return prefix ? candidate.startsWith(comparand) : candidate.equals(comparand);
    }

    /** The tokens are the runs between spaces (several spaces in a row make no empty token). */
    private boolean anyTokenMatches(String candidate) {
        int length = candidate.length();
        int start = 0;
        while (start < length) {
            int end = candidate.indexOf(' ', start);
            if (end < 0) {
                end = length;
            }
            if (end > start && tokenMatches(candidate, start, end - start)) {
                return true;
            }
            start = end + 1;
        }
        return false;
    }

    private boolean tokenMatches(String candidate, int start, int length) {
        int wanted = comparand.length();
        if (prefix ? length < wanted : length != wanted) {
            return false;
        }
        return candidate.regionMatches(start, comparand, 0, wanted);
    }

    @Override
    public String toString() {
        return value == null ? name : name + "=" + value;
    }
}
