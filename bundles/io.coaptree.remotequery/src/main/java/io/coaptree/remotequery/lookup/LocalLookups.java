package io.coaptree.remotequery.lookup;

import java.util.Optional;

import io.coaptree.codec.CoapEnvelope;

/**
 * This gateway's own Resource Directory, as the local part of a lookup over the tree reads it: what the request's
 * caller would be answered here with {@code GET /rd-lookup/<kind>?<criteria>}, under this gateway's access policy and
 * the directory's lookup settings, as link-format with the directory's own targets (which {@link LookupFanOut}
 * rewrites into tree paths). Implemented by {@code coap.ResourceDirectoryLookups}.
 */
@FunctionalInterface
public interface LocalLookups {

    /** A gateway without a Resource Directory: it adds nothing to a lookup. */
    LocalLookups NONE = (kind, request) -> Optional.empty();

    /**
     * @param kind {@code res} or {@code ep}
     * @param request the lookup as it arrived (method, Accept, the criteria as its query, the caller identity)
     * @return the link-format answer, or empty when there is none (no directory here, or the server or the directory
     *         refuses the lookup as it would refuse the caller's GET)
     */
    Optional<String> answer(String kind, CoapEnvelope request);
}
