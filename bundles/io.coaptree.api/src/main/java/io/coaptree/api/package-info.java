/**
 * What a resource bundle needs to publish CoAP resources on a CoAPTree gateway: the {@link io.coaptree.api.CoAPServer}
 * service and the {@link io.coaptree.api.ExtendedResource} base class.
 */
@org.osgi.annotation.versioning.Version("1.6.0")
package io.coaptree.api;
