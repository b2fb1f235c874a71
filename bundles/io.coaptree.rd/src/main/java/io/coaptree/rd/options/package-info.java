/**
 * The Resource Directory component's configuration: the Kura metatype ids, typed and validated in one immutable
 * {@link io.coaptree.rd.options.DirectoryOptions}.
 */
package io.coaptree.rd.options;
