package io.coaptree.remotequery.sync;

import java.util.List;
import java.util.function.Consumer;

import io.coaptree.linkformat.Link;

/** Reads this gateway's own Resource Directory: every resource link, as the directory answers a lookup. */
public interface DirectorySource {

    /**
     * Reads the directory; calls {@code result} once, with its links (targets resolved, as a resource lookup
     * answers them) or {@code null} when the directory could not be read.
     */
    void read(Consumer<List<Link>> result);
}
