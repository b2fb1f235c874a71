package io.coaptree.brokeracl;

import java.util.regex.Pattern;

/**
 * The tree's rule for node, domain and group names (the tree bundle's {@code NodeNames}, restated because this tool
 * runs without the bundles; {@code TopicNamesTest} checks that both agree): topic levels that are never a wildcard
 * nor the {@value #ABSENT} placeholder, and never need escaping.
 */
final class TopicNames {

    /** An absent domain or group in a topic. */
    static final String ABSENT = "-";

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_.-]{0,62}");

    private TopicNames() {
    }

    static boolean isValid(String name) {
        return name != null && NAME.matcher(name).matches();
    }

    /** A topic prefix: one or more levels, no wildcard, no empty level. */
    static boolean isValidPrefix(String prefix) {
        if (prefix == null || prefix.isEmpty() || prefix.contains("+") || prefix.contains("#")) {
            return false;
        }
        for (String level : prefix.split("/", -1)) {
            if (level.isEmpty()) {
                return false;
            }
        }
        return true;
    }
}
