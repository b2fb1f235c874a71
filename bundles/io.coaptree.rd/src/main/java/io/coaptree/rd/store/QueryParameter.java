package io.coaptree.rd.store;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import io.coaptree.linkformat.LinkAttribute;

/**
 * One decoded Uri-Query option, {@code name=value} or a bare {@code name}. Names are compared as link attribute
 * names are (case-insensitive), since registration parameters become target attributes.
 */
public final class QueryParameter {

    private final String name;
    private final String value;

    private QueryParameter(String name, String value) {
        this.name = name;
        this.value = value;
    }

    /**
     * Splits each option at its first '='. Empty options are skipped.
     *
     * @throws InvalidRequestException if a name is empty or could not be written as a link attribute name
     */
    public static List<QueryParameter> parse(List<String> uriQuery) throws InvalidRequestException {
        List<QueryParameter> parameters = new ArrayList<>(uriQuery.size());
        for (String option : uriQuery) {
            if (option.isEmpty()) {
                continue;
            }
            int equals = option.indexOf('=');
            String name = equals < 0 ? option : option.substring(0, equals);
            String value = equals < 0 ? null : option.substring(equals + 1);
            String lowerCaseName;
            try {
                lowerCaseName = LinkAttribute.flag(name).name();
            } catch (IllegalArgumentException e) {
                throw new InvalidRequestException(name, "query parameter name '" + name
                        + "' must be non-empty and contain only letters, digits and !#$%&'*+-.^_`|~");
            }
            parameters.add(new QueryParameter(lowerCaseName, value));
        }
        return parameters;
    }

    public String name() {
        return name;
    }

    /** The value, or empty for a bare name. */
    public Optional<String> value() {
        return Optional.ofNullable(value);
    }

    /** This parameter as a target attribute (a bare name becomes a flag). */
    public LinkAttribute toAttribute() {
        return value == null ? LinkAttribute.flag(name) : LinkAttribute.of(name, value);
    }

    String requiredValue() throws InvalidRequestException {
        if (value == null) {
            throw new InvalidRequestException(name, "query parameter '" + name + "' needs a value");
        }
        return value;
    }

    /** A decimal number within [min, max]. */
    long number(long min, long max) throws InvalidRequestException {
        String text = requiredValue();
        boolean digits = !text.isEmpty() && text.length() <= 18;
        for (int i = 0; digits && i < text.length(); i++) {
            digits = text.charAt(i) >= '0' && text.charAt(i) <= '9';
        }
        long number = digits ? Long.parseLong(text) : -1;
        if (!digits || number < min || number > max) {
            throw new InvalidRequestException(name, "query parameter '" + name + "' must be a whole number from "
                    + min + " to " + max + ", was '" + text + "'");
        }
        return number;
    }

    @Override
    public String toString() {
        return value == null ? name : name + "=" + value;
    }
}
