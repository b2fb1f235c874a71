package io.coaptree.http.servlet;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;

import javax.servlet.AsyncContext;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;

import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;

import com.google.gson.JsonObject;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.PeerIdentity;
import io.coaptree.api.RequestOrigin;
import io.coaptree.http.auth.Caller;
import io.coaptree.http.auth.KuraCallers;
import io.coaptree.http.mapping.AcceptedFormat;
import io.coaptree.http.mapping.CoapRequests;
import io.coaptree.http.mapping.HttpAnswer;
import io.coaptree.http.mapping.HttpAnswers;
import io.coaptree.http.mapping.HttpRequestParts;
import io.coaptree.http.mapping.MappingException;
import io.coaptree.http.mapping.PathSegments;
import io.coaptree.http.options.HttpAccessOptions;

/**
 * Everything under {@value #PREFIX}: the page of the tree at {@code /coaptree/}, its data under {@value #PAGE_DATA},
 * and every other path as a CoAP request to this gateway's server (RFC 8075 mapping) with the caller's Kura identity:
 * local resources, {@code /coaptree/tree/<domain>/<group>/<node>/<path>} through the tree, {@code /coaptree/rd-lookup/...}
 * and {@code /coaptree/tree-lookup/...}. A GET that accepts {@code text/event-stream} observes the resource instead.
 */
public final class CoapTreeServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    /** Where the servlet is registered on the whiteboard. */
    public static final String PREFIX = "/coaptree";
    /** The page's own paths; a CoAP resource cannot be reached under this name through HTTP. */
    static final String PAGE_DATA = "/.tree/";
    /** Kura's REST realm: browsers and curl then offer the same credentials as for Kura's REST API. */
    static final String CHALLENGE = "Basic realm=\"kura-rest-api\"";
    private static final long KEEP_ALIVE_SECONDS = 15;
    /** When a caller refused an event stream for want of slots may try again: streams last as long as a page. */
    private static final int STREAM_RETRY_SECONDS = 30;

    private final transient CoAPServer server;
    private final transient KuraCallers callers;
    private final transient Supplier<JsonObject> gateways;
    private final transient HttpAccessOptions options;
    private final transient EventStreams streams;

    /**
     * @param timer where keep-alives of event streams are sent from (the component owns and stops it)
     */
    public CoapTreeServlet(CoAPServer server, KuraCallers callers, Supplier<JsonObject> gateways,
            HttpAccessOptions options, ScheduledExecutorService timer) {
        this.server = server;
        this.callers = callers;
        this.gateways = gateways;
        this.options = options;
        this.streams = new EventStreams(options.maxEventStreams());
        timer.scheduleWithFixedDelay(streams::keepAlive, KEEP_ALIVE_SECONDS, KEEP_ALIVE_SECONDS, TimeUnit.SECONDS);
    }

    /** Ends every event stream (and so every Observe relation opened from HTTP). */
    public void closeStreams() {
        streams.closeAll();
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = rawPath(request);
        if (path.isEmpty()) {
            response.sendRedirect(PREFIX + "/");
            return;
        }
        if (path.equals("/") || path.startsWith(PAGE_DATA)) {
            page(path, request, response);
            return;
        }
        Caller caller = callers.identify(request.getHeader("Authorization"));
        if (caller instanceof Caller.Refused refused) {
            refuse(refused, response);
            return;
        }
        PeerIdentity identity = caller instanceof Caller.Authenticated a ? a.identity() : null;
        if (identity == null && (!readsOnly(request) || carriesBody(request))) {
            // Anonymous callers only read. Answered before the body is read or its type judged: what someone without
            // credentials sends costs this gateway no buffer, and the answer is the challenge, whatever the body.
            refuse(new Caller.Refused(401, "writes need a Kura identity with the permission rest.coaptree"),
                    response);
            return;
        }
        HttpRequestParts parts;
        Request coap;
        try {
            parts = parts(request, path);
            coap = CoapRequests.toCoap(parts);
        } catch (MappingException e) {
            write(response, HttpAnswer.text(e.httpStatus(), e.getMessage()), true);
            return;
        }
        if (coap.getCode() == org.eclipse.californium.core.coap.CoAP.Code.GET
                && AcceptedFormat.wantsEventStream(parts.accept())) {
            stream(request, response, List.of(new EventStream.Observation(PREFIX + path, observing(coap))), identity);
            return;
        }
        forward(request, response, parts, coap, identity);
    }

    private static boolean readsOnly(HttpServletRequest request) {
        return "GET".equals(request.getMethod()) || "HEAD".equals(request.getMethod());
    }

    /** A declared length above zero, or a body of unknown length (chunked). */
    private static boolean carriesBody(HttpServletRequest request) {
        return request.getContentLengthLong() > 0 || request.getHeader("Transfer-Encoding") != null;
    }

    /** Runs the CoAP request asynchronously: no Jetty thread waits for the tree. */
    private void forward(HttpServletRequest request, HttpServletResponse response, HttpRequestParts parts,
            Request coap, PeerIdentity identity) {
        AsyncContext async = request.startAsync();
        async.setTimeout(options.requestTimeoutMillis() + 5_000);
        boolean anonymous = identity == null;
        boolean head = "HEAD".equals(request.getMethod());
        CompletableFuture<Response> answer = server.execute(coap, identity, origin(request)).toCompletableFuture()
                .orTimeout(options.requestTimeoutMillis(), TimeUnit.MILLISECONDS);
        answer.whenComplete((coapResponse, failure) -> {
            HttpServletResponse out = (HttpServletResponse) async.getResponse();
            try {
                if (failure != null) {
                    coap.cancel();
                    boolean timeout = failure instanceof TimeoutException || failure.getCause() instanceof TimeoutException;
                    write(out, HttpAnswer.text(timeout ? 504 : 503, timeout ? "no CoAP answer within "
                            + options.requestTimeoutMillis() + " ms" : "the CoAP server cannot run requests"), true);
                } else if (anonymous && coapResponse.getCode() == org.eclipse.californium.core.coap.CoAP.ResponseCode.UNAUTHORIZED) {
                    // the resource wants an authenticated caller, and this one can authenticate here
                    out.setHeader("WWW-Authenticate", CHALLENGE);
                    write(out, HttpAnswer.text(401, coapResponse.getPayloadString()), !head);
                } else {
                    write(out, HttpAnswers.toHttp(coapResponse, parts.isConditional(), PREFIX), !head);
                }
            } catch (IOException | RuntimeException e) {
                // the client went away; nothing to answer
            } finally {
                async.complete();
            }
        });
    }

    private void stream(HttpServletRequest request, HttpServletResponse response,
            List<EventStream.Observation> observations, PeerIdentity identity) throws IOException {
        boolean anonymous = identity == null;
        if (!streams.admit(anonymous)) {
            response.setHeader("Retry-After", Integer.toString(STREAM_RETRY_SECONDS));
            write(response, HttpAnswer.text(503, anonymous && streams.anonymousMax() < options.maxEventStreams()
                    ? "callers without credentials hold their share (" + streams.anonymousMax()
                            + ") of the event streams (" + HttpAccessOptions.MAX_EVENT_STREAMS + " "
                            + options.maxEventStreams() + ")"
                    : "too many event streams open on this gateway (" + HttpAccessOptions.MAX_EVENT_STREAMS + " "
                            + options.maxEventStreams() + ")"), true);
            return;
        }
        response.setStatus(200);
        response.setContentType("text/event-stream;charset=utf-8");
        response.setHeader("Cache-Control", "no-cache");
        AsyncContext async = request.startAsync();
        async.setTimeout(0); // as long as the relations last
        EventStream[] created = new EventStream[1];
        try {
            created[0] = new EventStream(async, observations, () -> streams.release(created[0], anonymous));
        } catch (IOException | RuntimeException e) {
            streams.release(null, anonymous);
            async.complete();
            throw e;
        }
        streams.add(created[0], anonymous);
        EventStream.Refused refused = created[0].start(server, identity, origin(request));
        if (refused != null) {
            // nothing was sent yet: the whole stream is refused as a request would be (RFC 8075: 5.03 Max-Age is
            // Retry-After)
            response.reset();
            response.setHeader("Retry-After", Integer.toString(refused.retryAfterSeconds()));
            write(response, HttpAnswer.text(503, refused.reason()), true);
            created[0].close();
            return;
        }
        // Nothing more here: the stream has written and flushed its head, and from now on only it touches the
        // response, under its own lock. The first answers of its relations arrive on other threads while this one is
        // still here, and Jetty's output refuses two writers at once (IllegalStateException "api=BLOCKED"): a flush
        // from this thread once ended a freshly opened stream and with it every relation it held.
    }

    /** Where the caller reached this gateway: the server limits anonymous callers per address. */
    private static RequestOrigin origin(HttpServletRequest request) {
        return RequestOrigin.client(request.getRemoteAddr());
    }

    private void page(String path, HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!options.pageEnabled()) {
            write(response, HttpAnswer.text(404, "the page is off (" + HttpAccessOptions.PAGE_ENABLED + ")"), true);
            return;
        }
        if (!"GET".equals(request.getMethod()) && !"HEAD".equals(request.getMethod())) {
            response.setHeader("Allow", "GET, HEAD");
            write(response, HttpAnswer.text(405, "the page is read-only"), true);
            return;
        }
        if (path.equals(PAGE_DATA + "gateways")) {
            byte[] json = gateways.get().toString().getBytes(StandardCharsets.UTF_8);
            write(response, new HttpAnswer(200, Map.of("Content-Type", "application/json", "Cache-Control", "no-cache"),
                    json), true);
        } else if (path.equals(PAGE_DATA + "events")) {
            events(request, response);
        } else {
            PageAsset asset = PageAsset.of(path.equals("/") ? "index.html" : path.substring(PAGE_DATA.length()));
            if (asset == null) {
                write(response, HttpAnswer.text(404, "no such page file"), true);
                return;
            }
            try (InputStream in = asset.open()) {
                write(response, new HttpAnswer(200, Map.of("Content-Type", asset.contentType()), in.readAllBytes()),
                        true);
            }
        }
    }

    /** One stream for the page: {@code /coaptree/.tree/events?uri=/tree/...&uri=...}, a browser's connections being few. */
    private void events(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Caller caller = callers.identify(request.getHeader("Authorization"));
        if (caller instanceof Caller.Refused refused) {
            refuse(refused, response);
            return;
        }
        String[] uris = request.getParameterValues("uri");
        if (uris == null || uris.length == 0 || uris.length > options.maxStreamResources()) {
            write(response, HttpAnswer.text(400, "1 to " + options.maxStreamResources() + " uri parameters ("
                    + HttpAccessOptions.MAX_STREAM_RESOURCES + ")"), true);
            return;
        }
        List<EventStream.Observation> observations = new ArrayList<>();
        for (String uri : uris) {
            int q = uri.indexOf('?');
            try {
                Request get = CoapRequests.toCoap(HttpRequestParts.get(
                        PathSegments.path(q < 0 ? uri : uri.substring(0, q)),
                        PathSegments.query(q < 0 ? null : uri.substring(q + 1)), null));
                observations.add(new EventStream.Observation(uri, observing(get)));
            } catch (MappingException e) {
                write(response, HttpAnswer.text(e.httpStatus(), uri + ": " + e.getMessage()), true);
                return;
            }
        }
        stream(request, response, observations, caller instanceof Caller.Authenticated a ? a.identity() : null);
    }

    private static Request observing(Request get) {
        get.setObserve();
        return get;
    }

    private HttpRequestParts parts(HttpServletRequest request, String path) throws MappingException, IOException {
        String contentType = request.getContentType();
        String mediaType = contentType == null ? null : contentType.split(";", 2)[0].trim();
        return new HttpRequestParts(request.getMethod(), PathSegments.path(path),
                PathSegments.query(request.getQueryString()), mediaType, request.getCharacterEncoding(),
                request.getHeader("Accept"), request.getHeader("If-Match"), request.getHeader("If-None-Match"),
                body(request));
    }

    private byte[] body(HttpServletRequest request) throws MappingException, IOException {
        long declared = request.getContentLengthLong();
        int max = options.maxRequestBytes();
        if (declared > max) {
            throw new MappingException(413, "body larger than " + max + " bytes (" + HttpAccessOptions.MAX_REQUEST_BYTES + ")");
        }
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        try (InputStream in = request.getInputStream()) {
            byte[] buffer = new byte[4096];
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                if (body.size() + n > max) {
                    throw new MappingException(413, "body larger than " + max + " bytes ("
                            + HttpAccessOptions.MAX_REQUEST_BYTES + ")");
                }
                body.write(buffer, 0, n);
            }
        }
        return body.toByteArray();
    }

    private static void refuse(Caller.Refused refused, HttpServletResponse response) throws IOException {
        if (refused.status() == 401) {
            response.setHeader("WWW-Authenticate", CHALLENGE);
        }
        write(response, HttpAnswer.text(refused.status(), refused.reason()), true);
    }

    private static void write(HttpServletResponse response, HttpAnswer answer, boolean withBody) throws IOException {
        response.setStatus(answer.status());
        answer.headers().forEach(response::setHeader);
        if (withBody && answer.body().length > 0) {
            response.setContentLength(answer.body().length);
            response.getOutputStream().write(answer.body());
        }
    }

    /** The encoded path after {@value #PREFIX}, from the raw request URI ({@code ""} for the prefix itself). */
    private static String rawPath(HttpServletRequest request) {
        String uri = request.getRequestURI();
        String prefix = request.getContextPath() + request.getServletPath();
        if (uri.startsWith(prefix)) {
            return uri.substring(prefix.length());
        }
        return request.getPathInfo() == null ? "" : request.getPathInfo();
    }
}
