package io.coaptree.rd.coap;

import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Supplier;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.server.resources.CoapExchange;

import io.coaptree.rd.lookup.DirectoryLookup;
import io.coaptree.rd.lookup.PeerLinks;
import io.coaptree.rd.options.DirectoryOptions;
import io.coaptree.rd.store.InvalidRequestException;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.RegistrationStore;
import io.coaptree.rd.store.StoreResult;

/** What the directory's resources share: the store, the lookups, the options and the one scheduler. */
final class DirectoryContext {

    private final DirectoryOptions options;
    private final RegistrationStore store;
    private final DirectoryLookup lookup;
    private final LinkPayload payload;
    private final Supplier<String> nodeDomain;
    private final ScheduledExecutorService scheduler;
    private final PeerLinks peerLinks;

    DirectoryContext(DirectoryOptions options, RegistrationStore store, DirectoryLookup lookup, LinkPayload payload,
            Supplier<String> nodeDomain, ScheduledExecutorService scheduler, PeerLinks peerLinks) {
        this.options = options;
        this.store = store;
        this.lookup = lookup;
        this.payload = payload;
        this.nodeDomain = nodeDomain;
        this.scheduler = scheduler;
        this.peerLinks = peerLinks;
    }

    DirectoryOptions options() {
        return options;
    }

    RegistrationStore store() {
        return store;
    }

    DirectoryLookup lookup() {
        return lookup;
    }

    LinkPayload payload() {
        return payload;
    }

    ScheduledExecutorService scheduler() {
        return scheduler;
    }

    /** Which of the host's links a peer is on: where link-local bases are shown (RFC 9176 sections 6.1, 6.4). */
    PeerLinks peerLinks() {
        return peerLinks;
    }

    /** Who sent the request, and from which link. */
    Registrant registrant(CoapExchange exchange) {
        return Registrant.of(exchange, peerLinks);
    }

    /** The sector of a registration without d: the configured default, else the node's domain (may be empty). */
    String defaultSector() {
        String configured = options.defaultSector();
        if (!configured.isEmpty()) {
            return configured;
        }
        String domain = nodeDomain.get();
        return domain == null ? "" : domain;
    }

    /**
     * Reads ep, d, lt, base and extra attributes, filling in the default sector; an explicit base is kept as
     * {@link Registrant#scopedBase} says (a link-local base records the registrant's link), or as given if
     * {@code registrant} is null (simple registration, which refuses any base).
     */
    RegistrationRequest.Builder registrationQuery(List<String> uriQuery, Registrant registrant)
            throws RefusedRequestException {
        try {
            RegistrationRequest.Builder builder = RegistrationRequest.fromUriQuery(uriQuery);
            RegistrationRequest parsed = builder.build();
            if (parsed.sector().isEmpty()) {
                String sector = defaultSector();
                builder.sector(sector.isEmpty() ? null : sector);
            }
            if (registrant != null && parsed.base().isPresent()) {
                builder.base(registrant.scopedBase(parsed.base().get()));
            }
            return builder;
        } catch (InvalidRequestException e) {
            throw new RefusedRequestException(ResponseCode.BAD_REQUEST, e.getMessage());
        }
    }

    /** Answers a failed store operation. */
    void respondFailure(CoapExchange exchange, StoreResult result) {
        Response response = StoreResponses.failure(result, options.store().sweepIntervalSeconds());
        exchange.respond(response);
    }
}
