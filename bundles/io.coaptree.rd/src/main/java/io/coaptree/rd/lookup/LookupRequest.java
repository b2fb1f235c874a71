package io.coaptree.rd.lookup;

import java.util.List;
import java.util.Objects;

/**
 * A lookup as a client makes it with {@code GET /rd-lookup/<kind>}: what {@code ResourceDirectoryService.lookup}
 * answers under the directory's lookup settings, whether the request came over CoAP or from a bundle that answers
 * for a caller of its own (lookups that reach the gateway over the tree).
 *
 * @param kind endpoint or resource lookup
 * @param uriQuery the criteria, {@code page} and {@code count}, one Uri-Query option each
 * @param accept the Content-Format the caller accepts (its Accept option), or {@link #ANY}
 * @param identity the caller's authenticated identity ({@code psk:...}, {@code x509:...}), or {@code null} (or blank)
 *            for an unauthenticated caller
 * @param origin the caller's link, for link-local registrations
 */
public record LookupRequest(LookupKind kind, List<String> uriQuery, int accept, String identity, LookupOrigin origin) {

    /** {@link #accept()} of a request without an Accept option. */
    public static final int ANY = -1;

    public LookupRequest {
        Objects.requireNonNull(kind, "kind");
        uriQuery = List.copyOf(uriQuery);
        Objects.requireNonNull(origin, "origin");
        identity = identity == null || identity.isBlank() ? null : identity;
    }
}
