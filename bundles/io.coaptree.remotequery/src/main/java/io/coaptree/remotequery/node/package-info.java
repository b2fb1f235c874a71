/** The remote-query engine of one gateway (a facade over its parts) and the ports its CoAP server glue implements. */
@org.osgi.annotation.versioning.Version("3.0.0")
package io.coaptree.remotequery.node;
