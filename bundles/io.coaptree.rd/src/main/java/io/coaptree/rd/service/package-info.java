/**
 * The Resource Directory as an OSGi service for the other bundles of the gateway (RD synchronisation): register,
 * update, remove, look up and listen, under the same rules as over CoAP. Plain Java: the request, result and query
 * types come from {@code io.coaptree.rd.store} and {@code io.coaptree.rd.lookup}.
 */
@org.osgi.annotation.versioning.Version("1.1.0")
package io.coaptree.rd.service;
