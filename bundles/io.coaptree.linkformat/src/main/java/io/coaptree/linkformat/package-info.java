/**
 * CoRE Link Format (RFC 6690): an immutable {@link io.coaptree.linkformat.Link} model, a strict but
 * whitespace-tolerant {@link io.coaptree.linkformat.LinkFormatParser}, a
 * {@link io.coaptree.linkformat.LinkFormatSerializer} whose output the parser reads back unchanged, and
 * RFC 3986 reference resolution in {@link io.coaptree.linkformat.UriReference}.
 */
@org.osgi.annotation.versioning.Version("1.0.0")
package io.coaptree.linkformat;
