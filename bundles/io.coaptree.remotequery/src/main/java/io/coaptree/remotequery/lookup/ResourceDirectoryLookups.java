package io.coaptree.remotequery.lookup;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatSerializer;
import io.coaptree.rd.lookup.LookupOrigin;
import io.coaptree.rd.lookup.LookupQuery;
import io.coaptree.rd.service.ResourceDirectoryService;
import io.coaptree.rd.store.InvalidRequestException;

/**
 * {@link LocalLookups} on the gateway's Resource Directory through its Java service, in memory: the answer is the
 * one {@code GET /rd-lookup/<kind>} gives a client, built from the same parts (the criteria and paging read by the
 * directory's own {@link LookupQuery}, the same lookup, the same link-format writer), without a CoAP request to the
 * gateway's own server. As there, only GET is answered, an Accept other than link-format gets nothing, and so do
 * criteria the directory refuses; a request from another gateway is on none of the directory's links, so it sees no
 * link-local registration.
 */
public final class ResourceDirectoryLookups implements LocalLookups {

    private final ResourceDirectoryService directory;

    public ResourceDirectoryLookups(ResourceDirectoryService directory) {
        this.directory = Objects.requireNonNull(directory, "directory");
    }

    @Override
    public Optional<String> answer(String kind, CoapEnvelope request) {
        if (request.code() != CoapCodes.GET
                || (request.accept() != CoapEnvelope.ABSENT && request.accept() != CoapCodes.LINK_FORMAT)) {
            return Optional.empty();
        }
        LookupQuery query;
        try {
            query = LookupQuery.fromUriQuery(uriQuery(request.query()));
        } catch (InvalidRequestException e) {
            return Optional.empty();
        }
        List<Link> links = "ep".equals(kind) ? directory.endpoints(query, LookupOrigin.OFF_LINK)
                : directory.resources(query, LookupOrigin.OFF_LINK);
        return Optional.of(LinkFormatSerializer.serialize(links));
    }

    /** The Uri-Query options of a query joined by '&', as a CoAP request carries them (empty ones dropped). */
    static List<String> uriQuery(String query) {
        int start = 0;
        while (start < query.length() && query.charAt(start) == '?') {
            start++;
        }
        return Arrays.stream(query.substring(start).split("&")).filter(option -> !option.isEmpty()).toList();
    }
}
