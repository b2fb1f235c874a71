package io.coaptree.brokeracl;

import java.util.Locale;
import java.util.Optional;

/** What an inventory line is: a gateway of one of the three tree levels, or an operator's read-only observer. */
public enum Role {
    /** Level 0, configured from {@code root.xml}. */
    ROOT(0, "root.xml"),
    /** Level 1, configured from {@code domain.xml}. */
    DOMAIN(1, "domain.xml"),
    /** Level 2, configured from {@code group.xml}. */
    GROUP(2, "group.xml"),
    /** Not a gateway: an operator's monitoring client that may read the whole tree and publish nothing. */
    OBSERVER(-1, null);

    private final int level;
    private final String snapshot;

    Role(int level, String snapshot) {
        this.level = level;
        this.snapshot = snapshot;
    }

    /** The {@code tree.level} of the role's gateways; -1 for an observer. */
    public int level() {
        return level;
    }

    /** The {@code kura-config/} file the role's gateways are configured from; empty for an observer. */
    public Optional<String> snapshot() {
        return Optional.ofNullable(snapshot);
    }

    public boolean isGateway() {
        return snapshot != null;
    }

    /** As written in an inventory: {@code root}, {@code domain}, {@code group}, {@code observer}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Optional<Role> fromLabel(String label) {
        for (Role role : values()) {
            if (role.label().equals(label)) {
                return Optional.of(role);
            }
        }
        return Optional.empty();
    }
}
