/**
 * The tree handler's configuration, typed and validated: each setting defined once, in
 * {@link io.coaptree.tree.options.TreeOptions} (the gateway's place in the tree, the protocol's timings and limits),
 * {@link io.coaptree.tree.options.SecurityOptions} (message authentication) and
 * {@link io.coaptree.tree.options.DeliveryOptions} (delivery classes and batching), from which the build writes the
 * component's metatype. Plain Java; private to the bundle.
 */
@org.osgi.annotation.versioning.Version("2.0.0")
package io.coaptree.tree.options;
