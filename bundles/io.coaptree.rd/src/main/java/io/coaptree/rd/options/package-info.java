/**
 * The Resource Directory component's configuration: each setting defined once, typed and validated in
 * {@link io.coaptree.rd.options.DirectoryOptions} and, for the registration store,
 * {@link io.coaptree.rd.options.RegistrationStoreOptions}.
 */
@org.osgi.annotation.versioning.Version("1.0.0")
package io.coaptree.rd.options;
