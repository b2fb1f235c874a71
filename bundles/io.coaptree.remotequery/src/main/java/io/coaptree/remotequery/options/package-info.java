/**
 * The remote-query component's configuration: each setting defined once in
 * {@link io.coaptree.remotequery.options.RemoteQueryOptions} (with the envelope codec's payload limit,
 * {@code io.coaptree.codec.CodecLimits}), from which the build writes the component's metatype. Plain Java.
 */
@org.osgi.annotation.versioning.Version("1.0.0")
package io.coaptree.remotequery.options;
