package io.coaptree.rd.directory;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

import io.coaptree.linkformat.Link;
import io.coaptree.linkformat.LinkFormatSerializer;
import io.coaptree.rd.lookup.DirectoryLookup;
import io.coaptree.rd.lookup.LookupKind;
import io.coaptree.rd.lookup.LookupOrigin;
import io.coaptree.rd.lookup.LookupQuery;
import io.coaptree.rd.lookup.LookupRequest;
import io.coaptree.rd.lookup.LookupResult;
import io.coaptree.rd.lookup.LookupResult.Outcome;
import io.coaptree.rd.options.DirectoryOptions;
import io.coaptree.rd.options.LookupAccess;
import io.coaptree.rd.service.ResourceDirectoryService;
import io.coaptree.rd.store.InvalidRequestException;
import io.coaptree.rd.store.RegistrationListener;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.RegistrationStore;
import io.coaptree.rd.store.StoreResult;
import io.coaptree.rd.store.UpdateRequest;

/**
 * One running directory: its store, its lookups, its default sector and its lookup settings. The CoAP resources and
 * the Java service both go through it, so a registration or a lookup is treated the same whichever way it arrives.
 */
public final class LocalDirectory implements ResourceDirectoryService {

    private final RegistrationStore store;
    private final DirectoryLookup lookup;
    private final Supplier<String> defaultSector;
    private final DirectoryOptions options;

    /**
     * @param defaultSector the sector of a registration without d ("" for none); asked at each registration, as
     *        it may follow the node's domain
     * @param options the directory's settings; {@link #lookup(LookupRequest)} applies its lookup settings
     */
    public LocalDirectory(RegistrationStore store, DirectoryLookup lookup, Supplier<String> defaultSector,
            DirectoryOptions options) {
        this.store = Objects.requireNonNull(store, "store");
        this.lookup = Objects.requireNonNull(lookup, "lookup");
        this.defaultSector = Objects.requireNonNull(defaultSector, "defaultSector");
        this.options = Objects.requireNonNull(options, "options");
    }

    public RegistrationStore store() {
        return store;
    }

    public DirectoryLookup lookup() {
        return lookup;
    }

    /** The sector a registration without d is stored under; "" for none. */
    public String defaultSector() {
        String sector = defaultSector.get();
        return sector == null ? "" : sector;
    }

    @Override
    public StoreResult register(RegistrationRequest request) {
        if (request.sector().isEmpty()) {
            String sector = defaultSector();
            if (!sector.isEmpty()) {
                request = request.inSector(sector);
            }
        }
        return store.register(request);
    }

    @Override
    public StoreResult update(String registrationId, UpdateRequest request) {
        return store.update(registrationId, request);
    }

    @Override
    public StoreResult remove(String registrationId, String identity) {
        return store.remove(registrationId, identity);
    }

    @Override
    public List<Link> endpoints(LookupQuery query, LookupOrigin origin) {
        return lookup.endpoints(query, origin);
    }

    @Override
    public List<Link> resources(LookupQuery query, LookupOrigin origin) {
        return lookup.resources(query, origin);
    }

    /**
     * The one place where a lookup meets the directory's lookup settings, in the order a CoAP client meets them:
     * {@code lookup.access} (4.01 without an identity when it says authenticated), the Accept option (4.06 for
     * anything but link-format), criteria and paging (4.00), then {@code lookup.payload.max.bytes} (5.03 for a larger
     * result). The CoAP lookup resources answer with it, and so does the Java service for callers that reach the
     * gateway another way (lookups from other gateways of the tree).
     */
    @Override
    public LookupResult lookup(LookupRequest request) {
        if (options.lookupAccess() == LookupAccess.AUTHENTICATED && request.identity() == null) {
            return LookupResult.refused(Outcome.UNAUTHENTICATED,
                    "lookups need an authenticated (DTLS) connection on this directory");
        }
        if (request.accept() != LookupRequest.ANY && request.accept() != LookupResult.LINK_FORMAT) {
            return LookupResult.refused(Outcome.NOT_ACCEPTABLE, "Accept " + request.accept()
                    + " cannot be served: lookups are application/link-format (" + LookupResult.LINK_FORMAT + ")");
        }
        LookupQuery query;
        try {
            query = LookupQuery.fromUriQuery(request.uriQuery());
        } catch (InvalidRequestException e) {
            return LookupResult.refused(Outcome.BAD_REQUEST, e.getMessage());
        }
        List<Link> links = request.kind() == LookupKind.ENDPOINT ? endpoints(query, request.origin())
                : resources(query, request.origin());
        byte[] payload = LinkFormatSerializer.serialize(links).getBytes(StandardCharsets.UTF_8);
        if (payload.length > options.lookupPayloadMaxBytes()) {
            return LookupResult.refused(Outcome.TOO_LARGE, "the result has " + links.size() + " links ("
                    + payload.length + " bytes), more than " + DirectoryOptions.LOOKUP_PAYLOAD_MAX + " ("
                    + options.lookupPayloadMaxBytes() + "); narrow the query or use page and count");
        }
        return LookupResult.content(payload);
    }

    @Override
    public void addListener(RegistrationListener listener) {
        store.addListener(listener);
    }

    @Override
    public void removeListener(RegistrationListener listener) {
        store.removeListener(listener);
    }
}
