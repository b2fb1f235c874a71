package io.coaptree.tree.protocol;

import java.util.List;

import io.coaptree.tree.model.TreeChange;
import io.coaptree.tree.model.TreeView;

/** Told about the tree as one gateway sees it. Called without the protocol's lock held; must not block. */
public interface MembershipListener {

    /** This gateway is now a member. */
    default void joined(TreeView view) {
    }

    /** This gateway's join was refused (e.g. its name is in use); it stays out of the tree. */
    default void refused(String reason) {
    }

    /** The tree changed; {@code view} is the new snapshot. */
    default void changed(TreeView view, List<TreeChange> changes) {
    }
}
