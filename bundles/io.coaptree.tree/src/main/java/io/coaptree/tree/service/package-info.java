/** The running tree of this gateway, as an OSGi service for the remote-query bundle and tools. */
@org.osgi.annotation.versioning.Version("2.3.0")
package io.coaptree.tree.service;
