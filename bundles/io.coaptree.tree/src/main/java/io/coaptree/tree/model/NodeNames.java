package io.coaptree.tree.model;

import java.util.regex.Pattern;

/**
 * The rule shared by domain, group and node names. They become MQTT topic levels and CoAP URI path segments, so
 * they are restricted to characters that need no escaping in either and can never be a wildcard or the
 * {@value #ABSENT} placeholder.
 */
public final class NodeNames {

    /** Stands for an absent domain or group in topics and URIs, which keeps their depth fixed. */
    public static final String ABSENT = "-";

    public static final int MAX_LENGTH = 63;

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0," + (MAX_LENGTH - 1) + "}");

    private NodeNames() {
    }

    public static boolean isValid(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /** @throws InvalidNodeException naming {@code field} */
    public static String require(String field, String name) {
        if (name == null || name.isEmpty()) {
            throw new InvalidNodeException(field, "is missing");
        }
        if (!isValid(name)) {
            throw new InvalidNodeException(field, "'" + name + "' must be 1 to " + MAX_LENGTH
                    + " characters from A-Z a-z 0-9 _ . - and start with a letter, digit or _");
        }
        return name;
    }
}
