package io.coaptree.tree.model;

/** The three levels of the hierarchy. */
public enum NodeLevel {
    /** Level 0: the root, which links the domains. */
    ROOT,
    /** Level 1: a domain. */
    DOMAIN,
    /** Level 2: a group inside a domain. */
    GROUP;

    public int number() {
        return ordinal();
    }

    /** @throws InvalidNodeException (field {@code level}) outside 0..2 */
    public static NodeLevel of(int number) {
        if (number < 0 || number > 2) {
            throw new InvalidNodeException("level", number + " is not 0 (root), 1 (domain) or 2 (group)");
        }
        return values()[number];
    }
}
