/**
 * RD lookup (RFC 9176 section 6): endpoint and resource lookup over a
 * {@link io.coaptree.rd.store.RegistrationStore}, with ANDed filters, trailing-'*' prefix matching,
 * relation-type token matching, and page/count paging in a stable order; registrations with a link-local base are
 * shown only on their own link, without zone ({@link io.coaptree.rd.lookup.LinkLocalBase},
 * {@link io.coaptree.rd.lookup.PeerLinks}, {@link io.coaptree.rd.lookup.LookupOrigin}). Plain Java, no transport.
 */
@org.osgi.annotation.versioning.Version("1.1.0")
package io.coaptree.rd.lookup;
