/** Where a remote request or lookup goes next in the tree, the URI form clients use, and lookup merging. */
@org.osgi.annotation.versioning.Version("1.0.0")
package io.coaptree.remotequery.routing;
