package io.coaptree.rd.coap;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.server.resources.CoapExchange;

import io.coaptree.rd.directory.LocalDirectory;
import io.coaptree.rd.lookup.PeerLinks;
import io.coaptree.rd.options.DirectoryOptions;
import io.coaptree.rd.store.InvalidRequestException;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.StoreResult;

/**
 * What the directory's resources share: the running directory (every registration, update, removal and lookup goes
 * through it, as the Java service's do), the options and the one scheduler.
 */
final class DirectoryContext {

    private final DirectoryOptions options;
    private final LocalDirectory directory;
    private final LinkPayload payload;
    private final ScheduledExecutorService scheduler;
    private final PeerLinks peerLinks;

    DirectoryContext(DirectoryOptions options, LocalDirectory directory, LinkPayload payload,
            ScheduledExecutorService scheduler, PeerLinks peerLinks) {
        this.options = options;
        this.directory = directory;
        this.payload = payload;
        this.scheduler = scheduler;
        this.peerLinks = peerLinks;
    }

    DirectoryOptions options() {
        return options;
    }

    LocalDirectory directory() {
        return directory;
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

    /**
     * Reads ep, d, lt, base and extra attributes; an explicit base is kept as {@link Registrant#scopedBase} says (a
     * link-local base records the registrant's link), or as given if {@code registrant} is null (simple
     * registration, which refuses any base). A missing d is filled in by the directory.
     */
    RegistrationRequest.Builder registrationQuery(List<String> uriQuery, Registrant registrant)
            throws RefusedRequestException {
        RegistrationRequest.Builder builder;
        try {
            builder = RegistrationRequest.fromUriQuery(uriQuery);
        } catch (InvalidRequestException e) {
            throw new RefusedRequestException(ResponseCode.BAD_REQUEST, e.getMessage());
        }
        Optional<String> base = builder.base();
        if (registrant != null && base.isPresent()) {
            builder.base(registrant.scopedBase(base.get()));
        }
        return builder;
    }

    /** Answers a failed store operation. */
    void respondFailure(CoapExchange exchange, StoreResult result) {
        Response response = StoreResponses.failure(result, options.store().sweepIntervalSeconds());
        exchange.respond(response);
    }
}
