/**
 * RD lookup (RFC 9176 section 6): endpoint and resource lookup over a
 * {@link io.coaptree.rd.store.RegistrationStore}, with ANDed filters, trailing-'*' prefix matching,
 * relation-type token matching, and page/count paging in a stable order. Plain Java, no transport.
 */
package io.coaptree.rd.lookup;
