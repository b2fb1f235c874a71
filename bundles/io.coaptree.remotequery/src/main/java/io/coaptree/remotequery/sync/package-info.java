/**
 * Resource Directory synchronisation up the tree: each gateway sends its directory's contents (as tree links) to its
 * parent as aggregated link-format, a full set or a delta against the version the parent acknowledged, and keeps
 * what its children sent in its own directory. Plain Java over a {@link io.coaptree.tree.bus.MessageBus}.
 */
@org.osgi.annotation.versioning.Version("1.0.0")
package io.coaptree.remotequery.sync;
