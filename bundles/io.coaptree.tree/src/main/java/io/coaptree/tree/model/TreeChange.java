package io.coaptree.tree.model;

import java.util.Objects;

/**
 * One change of the tree, as reported to listeners.
 *
 * @param kind   what happened
 * @param path   the path concerned
 * @param member the member concerned, or {@code null} for {@link Kind#REATTACHED}
 * @param from   for {@link Kind#REATTACHED}: the previous attachment ({@code null} if none)
 * @param to     for {@link Kind#REATTACHED}: the new attachment ({@code null} if none is live)
 */
public record TreeChange(Kind kind, NodePath path, String member, NodePath from, NodePath to) {

    public enum Kind {
        JOINED, LEFT, DOWN, UP, REATTACHED
    }

    public TreeChange {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(path, "path");
    }

    public static TreeChange of(Kind kind, TreeMember member) {
        return new TreeChange(kind, member.path(), member.name(), null, null);
    }
}
