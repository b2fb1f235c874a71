package io.coaptree.remotequery.coap;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import org.eclipse.californium.core.coap.CoAP.Code;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.PeerIdentity;
import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.rd.lookup.LookupKind;
import io.coaptree.rd.lookup.LookupOrigin;
import io.coaptree.rd.lookup.LookupRequest;
import io.coaptree.rd.lookup.LookupResult;
import io.coaptree.rd.service.ResourceDirectoryService;
import io.coaptree.remotequery.lookup.LocalLookups;

/**
 * {@link LocalLookups} on the gateway's Resource Directory through its Java service, in memory: the part is what
 * {@code GET /rd-lookup/<kind>} answers the request's caller here, without a CoAP request to the gateway's own server.
 * The caller meets the same checks as such a request: the server's access policy ({@code access.reads}, through
 * {@link CoAPServer#permits}), then the directory's {@code lookup.access}, Accept, criteria and paging, and
 * {@code lookup.payload.max.bytes} ({@link ResourceDirectoryService#lookup}, the code the directory's CoAP lookup
 * resources answer with). Only GET is answered; a refused lookup adds nothing to the merge, as a refused CoAP request
 * did. A request from another gateway is on none of the directory's links, so it sees no link-local registration.
 */
public final class ResourceDirectoryLookups implements LocalLookups {

    private final String self;
    private final ResourceDirectoryService directory;
    private final CoAPServer server;

    /**
     * @param self this gateway's tree address (callers it authenticated itself are its own peers)
     * @param server the gateway's CoAP server, whose access policy the caller meets
     */
    public ResourceDirectoryLookups(String self, ResourceDirectoryService directory, CoAPServer server) {
        this.self = Objects.requireNonNull(self, "self");
        this.directory = Objects.requireNonNull(directory, "directory");
        this.server = Objects.requireNonNull(server, "server");
    }

    @Override
    public Optional<String> answer(String kind, CoapEnvelope request) {
        Optional<LookupKind> lookup = LookupKind.named(kind);
        if (request.code() != CoapCodes.GET || lookup.isEmpty()) {
            return Optional.empty();
        }
        PeerIdentity caller = EnvelopeMapping.callerOf(request, self);
        if (!server.permits(Code.GET, lookup.get().path(), caller)) {
            return Optional.empty();
        }
        LookupResult result = directory.lookup(new LookupRequest(lookup.get(), uriQuery(request.query()),
                request.accept() == CoapEnvelope.ABSENT ? LookupRequest.ANY : request.accept(),
                caller == null ? null : caller.toString(), LookupOrigin.OFF_LINK));
        return result.isSuccess() ? Optional.of(result.linkFormat()) : Optional.empty();
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
