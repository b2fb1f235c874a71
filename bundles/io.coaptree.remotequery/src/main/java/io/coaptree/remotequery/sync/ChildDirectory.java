package io.coaptree.remotequery.sync;

import java.util.Collection;

import io.coaptree.tree.model.NodeAddress;

/**
 * Where a parent keeps its children's sets so that lookups see them: the glue registers each child's set in the
 * gateway's own Resource Directory (one registration per child, or several for a large set). Calls return at once;
 * the work may complete later.
 */
public interface ChildDirectory {

    /** Registers (or replaces, or refreshes) the child's links; an empty set removes the registration. */
    void put(NodeAddress child, Collection<String> links);

    /** Removes the child's registrations. */
    void remove(NodeAddress child);

    /**
     * Whether the child's last {@link #put} is in the directory, so lookups see it (false while pending or after a
     * refusal, e.g. an {@code access.writers} allow-list: lookups then keep asking the child).
     */
    boolean registered(NodeAddress child);
}
