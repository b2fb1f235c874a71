package io.coaptree.remotequery.lookup;

import java.util.Optional;

import io.coaptree.codec.CoapEnvelope;

/**
 * This gateway's own Resource Directory, as the local part of a lookup over the tree reads it: what a client's
 * {@code GET /rd-lookup/<kind>?<criteria>} would be answered here, as link-format with the directory's own targets
 * (which {@link LookupFanOut} rewrites into tree paths).
 */
@FunctionalInterface
public interface LocalLookups {

    /** A gateway without a Resource Directory: it adds nothing to a lookup. */
    LocalLookups NONE = (kind, request) -> Optional.empty();

    /**
     * @param kind {@code res} or {@code ep}
     * @param request the lookup as it arrived (method, Accept, the criteria as its query)
     * @return the link-format answer, or empty when the directory gives none (no directory here, or it refuses the
     *         lookup as it would refuse the client's GET)
     */
    Optional<String> answer(String kind, CoapEnvelope request);
}
