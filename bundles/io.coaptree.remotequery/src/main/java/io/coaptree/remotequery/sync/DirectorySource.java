package io.coaptree.remotequery.sync;

import java.util.function.Consumer;

/** Reads this gateway's own Resource Directory: every resource link, as the directory answers a lookup. */
public interface DirectorySource {

    /**
     * Reads the directory; calls {@code result} once, with the link-format (resolved targets, as
     * {@code GET /rd-lookup/res} answers) or {@code null} when the directory could not be read.
     */
    void read(Consumer<String> result);
}
