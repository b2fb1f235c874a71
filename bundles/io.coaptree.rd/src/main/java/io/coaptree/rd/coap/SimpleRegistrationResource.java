package io.coaptree.rd.coap;

import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.MessageObserverAdapter;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.network.Endpoint;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.api.ExtendedResource;
import io.coaptree.linkformat.Link;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.StoreResult;

/**
 * {@code /.well-known/rd}: simple registration (RFC 9176 section 5.1). The endpoint POSTs with an empty payload;
 * the directory GETs the endpoint's {@code /.well-known/core} from the same server endpoint (so over the same DTLS
 * session), registers the links and only then answers 2.04. Nothing blocks a protocol thread while it waits: the
 * answer is sent from the GET's response callback, or from a timeout on the directory's scheduler.
 */
final class SimpleRegistrationResource extends ExtendedResource {

    static final String PARENT = ".well-known";
    static final String NAME = "rd";

    private static final Logger LOG = LoggerFactory.getLogger(SimpleRegistrationResource.class);

    private final DirectoryContext context;

    SimpleRegistrationResource(DirectoryContext context) {
        // RFC 9176 does not list it in /.well-known/core: registrants know the well-known path
        super(NAME, false);
        this.context = context;
    }

    @Override
    public void handlePOST(CoapExchange exchange) {
        try {
            if (exchange.getRequestPayloadSize() > 0) {
                throw new RefusedRequestException(ResponseCode.BAD_REQUEST,
                        "simple registration takes an empty payload; POST links to /rd instead");
            }
            RegistrationRequest.Builder request = context.registrationQuery(exchange.getRequestOptions().getUriQuery(),
                    null);
            if (request.base().isPresent()) {
                throw new RefusedRequestException(ResponseCode.BAD_REQUEST,
                        "simple registration does not accept 'base' (RFC 9176 section 5.1); use /rd");
            }
            // the base is the source address, with the link it came from if it is link-local (RFC 9176 section 5.1)
            Registrant registrant = context.registrant(exchange);
            // refused before the fetch, with the answer the registration itself would get
            StoreResult unauthenticated = context.directory().store().rules().checkIdentity(registrant.identity());
            if (unauthenticated != null) {
                context.respondFailure(exchange, unauthenticated);
                return;
            }
            request.sourceAddress(registrant.sourceUri()).identity(registrant.identity());
            fetchAndRegister(exchange, request);
        } catch (RefusedRequestException e) {
            e.respondTo(exchange);
        }
    }

    private void fetchAndRegister(CoapExchange exchange, RegistrationRequest.Builder request) {
        Endpoint endpoint = exchange.advanced().getEndpoint();
        Request get = Request.newGet();
        get.setDestinationContext(exchange.advanced().getRequest().getSourceContext());
        get.getOptions().setUriPath("/.well-known/core");
        get.getOptions().setAccept(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
        Fetch fetch = new Fetch(exchange, request, get);
        get.addMessageObserver(fetch);
        try {
            fetch.timeout = context.scheduler().schedule(fetch::timedOut,
                    context.options().simpleRegistrationTimeout().toMillis(), TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException stopping) {
            exchange.respond(ResponseCode.SERVICE_UNAVAILABLE, "the directory is stopping");
            return;
        }
        get.send(endpoint);
    }

    /** One pending simple registration: exactly one answer, whichever of response, failure or timeout comes first. */
    private final class Fetch extends MessageObserverAdapter {

        private final CoapExchange exchange;
        private final RegistrationRequest.Builder request;
        private final Request get;
        private final AtomicBoolean answered = new AtomicBoolean();
        private volatile ScheduledFuture<?> timeout;

        Fetch(CoapExchange exchange, RegistrationRequest.Builder request, Request get) {
            this.exchange = exchange;
            this.request = request;
            this.get = get;
        }

        @Override
        public void onResponse(Response response) {
            if (!claim()) {
                return;
            }
            try {
                exchange.respond(register(response));
            } catch (RefusedRequestException e) {
                e.respondTo(exchange);
            } catch (RuntimeException e) {
                LOG.warn("Simple registration failed", e);
                exchange.respond(ResponseCode.SERVICE_UNAVAILABLE, "simple registration failed: " + e);
            }
        }

        @Override
        public void onTimeout() {
            fail("the endpoint did not answer GET /.well-known/core");
        }

        @Override
        public void onReject() {
            fail("the endpoint rejected GET /.well-known/core");
        }

        @Override
        protected void failed() {
            fail("GET /.well-known/core to the endpoint failed");
        }

        @Override
        public void onSendError(Throwable error) {
            fail("GET /.well-known/core could not be sent: " + error.getMessage());
        }

        void timedOut() {
            if (claim()) {
                get.cancel();
                exchange.respond(ResponseCode.SERVICE_UNAVAILABLE, "the endpoint did not answer GET /.well-known/core within "
                        + "simple.registration.timeout.seconds (" + context.options().simpleRegistrationTimeout().toSeconds()
                        + ")");
            }
        }

        private void fail(String diagnostic) {
            if (claim()) {
                exchange.respond(ResponseCode.SERVICE_UNAVAILABLE, diagnostic);
            }
        }

        private boolean claim() {
            if (!answered.compareAndSet(false, true)) {
                return false;
            }
            ScheduledFuture<?> pending = timeout;
            if (pending != null) {
                pending.cancel(false);
            }
            return true;
        }

        private Response register(Response fetched) throws RefusedRequestException {
            if (fetched.getCode() != ResponseCode.CONTENT) {
                throw new RefusedRequestException(ResponseCode.BAD_REQUEST,
                        "the endpoint answered GET /.well-known/core with " + fetched.getCode().text);
            }
            if (fetched.getOptions().hasContentFormat()
                    && fetched.getOptions().getContentFormat() != MediaTypeRegistry.APPLICATION_LINK_FORMAT) {
                throw new RefusedRequestException(ResponseCode.BAD_REQUEST, "the endpoint's /.well-known/core has "
                        + "Content-Format " + fetched.getOptions().getContentFormat() + ", not application/link-format");
            }
            int max = context.options().simpleRegistrationMaxBytes();
            if (fetched.getPayloadSize() > max) {
                throw new RefusedRequestException(ResponseCode.REQUEST_ENTITY_TOO_LARGE, "the endpoint's "
                        + "/.well-known/core has " + fetched.getPayloadSize()
                        + " bytes, more than simple.registration.max.bytes (" + max + ")");
            }
            List<Link> links = context.payload().parse(fetched.getPayload(), "the endpoint's /.well-known/core");
            StoreResult result = context.directory().register(request.links(links).build());
            if (!result.isSuccess()) {
                return StoreResponses.failure(result, context.options().store().sweepIntervalSeconds());
            }
            // RFC 9176 section 5.1: 2.04, and no location (the registrant has nothing to update)
            return new Response(ResponseCode.CHANGED);
        }
    }
}
