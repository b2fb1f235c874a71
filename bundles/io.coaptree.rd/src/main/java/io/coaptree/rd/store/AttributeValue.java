package io.coaptree.rd.store;

import java.util.List;
import java.util.Objects;

import com.google.common.base.Splitter;
import com.google.common.collect.ImmutableSet;

/**
 * An attribute name with one value, as a lookup asks for it exactly, and the rule that decides which stored values
 * answer to it: a value of a relation-type attribute (RFC 6690: {@code rt}, {@code if}, {@code rel}, {@code ct})
 * that contains spaces answers to each of its space-separated tokens, any other value only to itself.
 */
public record AttributeValue(String name, String value) {

    /** Attributes whose values are space-separated lists of tokens. */
    public static final ImmutableSet<String> TOKEN_LIST_NAMES = ImmutableSet.of("rt", "if", "rel", "ct");

    private static final Splitter TOKENS = Splitter.on(' ').omitEmptyStrings();

    public AttributeValue {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(value, "value");
    }

    /** Whether a stored value of attribute {@code name} is read as a list of tokens. */
    public static boolean isTokenList(String name, String storedValue) {
        return TOKEN_LIST_NAMES.contains(name) && storedValue.indexOf(' ') >= 0;
    }

    /** The exact values a stored value answers to (see the class comment). */
    public static Iterable<String> answeredValues(String name, String storedValue) {
        return isTokenList(name, storedValue) ? TOKENS.split(storedValue) : List.of(storedValue);
    }
}
