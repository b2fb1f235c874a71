package io.coaptree.rd.lookup;

import java.util.Objects;
import java.util.Optional;

import com.google.common.base.Splitter;

import io.coaptree.rd.store.AttributeValue;

/**
 * One search criterion of a lookup: an attribute name and a value, where a value ending in '*' matches by prefix
 * (RFC 6690 section 4.1) and a criterion without a value only asks for the attribute to be present.
 */
public final class LookupFilter {

    private static final Splitter TOKENS = Splitter.on(' ').omitEmptyStrings();

    private final String name;
    private final String value;
    private final boolean prefix;
    private final String comparand;

    private LookupFilter(String name, String value) {
        this.name = name;
        this.value = value;
        this.prefix = value != null && value.endsWith("*");
        this.comparand = prefix ? value.substring(0, value.length() - 1) : value;
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
        if (AttributeValue.isTokenList(name, candidate)) {
            for (String token : TOKENS.split(candidate)) {
                if (matchesWhole(token)) {
                    return true;
                }
            }
            return false;
        }
        return matchesWhole(candidate);
    }

    private boolean matchesWhole(String candidate) {
        return prefix ? candidate.startsWith(comparand) : candidate.equals(comparand);
    }

    @Override
    public String toString() {
        return value == null ? name : name + "=" + value;
    }
}
