package io.coaptree.server.options;

import java.util.Arrays;

/**
 * A decrypted password. Compared by content so that re-applying the same configuration is recognised as no change;
 * {@link #toString()} never shows it.
 */
public final class Secret {

    private static final Secret EMPTY = new Secret(new char[0]);

    private final char[] value;

    private Secret(char[] value) {
        this.value = value;
    }

    public static Secret of(char[] value) {
        return value == null || value.length == 0 ? EMPTY : new Secret(value.clone());
    }

    public static Secret empty() {
        return EMPTY;
    }

    public boolean isEmpty() {
        return value.length == 0;
    }

    /** @return a copy of the characters */
    public char[] chars() {
        return value.clone();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Secret secret && Arrays.equals(value, secret.value);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(value);
    }

    @Override
    public String toString() {
        return isEmpty() ? "(none)" : "(secret)";
    }
}
