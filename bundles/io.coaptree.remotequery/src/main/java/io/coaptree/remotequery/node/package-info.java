/** The remote-query engine of one gateway and the ports its CoAP server glue implements. */
@org.osgi.annotation.versioning.Version("1.1.0")
package io.coaptree.remotequery.node;
