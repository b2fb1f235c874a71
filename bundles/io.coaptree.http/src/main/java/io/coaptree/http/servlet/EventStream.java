package io.coaptree.http.servlet;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import javax.servlet.AsyncContext;
import javax.servlet.AsyncEvent;
import javax.servlet.AsyncListener;
import javax.servlet.ServletOutputStream;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MessageObserverAdapter;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;

import com.google.gson.JsonObject;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.PeerIdentity;
import io.coaptree.api.RequestOrigin;
import io.coaptree.http.mapping.ContentFormats;
import io.coaptree.http.mapping.EntityTags;
import io.coaptree.http.mapping.HttpAnswers;
import io.coaptree.http.mapping.ResponseCodes;

/**
 * One server-sent event stream (text/event-stream) carrying CoAP Observe relations: every response of every relation,
 * the first included, is one {@code notification} event whose data is a JSON object: {@code uri} (the HTTP path it
 * was asked for), {@code status} (HTTP), {@code code} (CoAP, {@code 2.05}), {@code contentType}, {@code etag}, and
 * {@code payload} (text) or {@code payloadBase64}. A relation the resource ends (a response without Observe) is
 * reported and dropped; the stream ends when none is left, when the client goes away, or when the gateway closes it.
 * Closing cancels every relation, which deregisters at the resource, also across the tree.
 */
final class EventStream implements AsyncListener {

    /** One observed resource: the HTTP path it was asked for and the CoAP GET with Observe. */
    record Observation(String uri, Request request) {
    }

    private final AsyncContext async;
    private final ServletOutputStream out;
    private final List<Observation> observations;
    private final Runnable onClose;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicInteger live;
    /** While {@link #start} runs: refusals on its thread are held back until it knows whether any relation started. */
    private volatile boolean startingUp = true;

    EventStream(AsyncContext async, List<Observation> observations, Runnable onClose) throws IOException {
        this.async = async;
        this.out = async.getResponse().getOutputStream();
        this.observations = new ArrayList<>(observations);
        this.onClose = onClose;
        this.live = new AtomicInteger(observations.size());
        async.addListener(this);
    }

    /** Every relation of a stream refused at once by the server's capacity: nothing was started or sent. */
    record Refused(int retryAfterSeconds, String reason) {
    }

    private record Answer(Observation observation, Response response) {
    }

    /**
     * Starts every relation through the local server with the caller's identity and origin, then sends the stream's
     * head. A relation the server refuses at once for want of capacity (5.03 on this thread, before anything runs) is
     * reported as an event; if every one is, nothing is sent and the refusal is returned, for a 503 with Retry-After
     * instead of a stream that would end at once.
     *
     * @return {@code null} if the stream goes on
     */
    Refused start(CoAPServer server, PeerIdentity caller, RequestOrigin origin) {
        List<Answer> refusedAtOnce = new ArrayList<>();
        Thread starting = Thread.currentThread();
        for (Observation observation : observations) {
            observation.request().addMessageObserver(new MessageObserverAdapter() {
                @Override
                public void onResponse(Response response) {
                    if (Thread.currentThread() == starting && startingUp
                            && response.getCode() == ResponseCode.SERVICE_UNAVAILABLE) {
                        refusedAtOnce.add(new Answer(observation, response));
                    } else {
                        deliver(observation, response);
                    }
                }
            });
            server.execute(observation.request(), caller, origin).whenComplete((first, failure) -> {
                if (failure != null) {
                    relationEnded(observation, "{\"uri\":" + quoted(observation.uri())
                            + ",\"status\":503,\"code\":\"5.03\",\"payload\":\"the CoAP server cannot run requests\"}");
                }
            });
        }
        startingUp = false;
        if (!observations.isEmpty() && refusedAtOnce.size() == observations.size()) {
            Response first = refusedAtOnce.get(0).response();
            Long maxAge = first.getOptions().getMaxAge();
            return new Refused(maxAge == null ? 60 : maxAge.intValue(), first.getPayloadString());
        }
        // the browser reconnects after this long if the stream breaks
        write("retry: 5000\n\n");
        for (Answer refused : refusedAtOnce) {
            deliver(refused.observation(), refused.response());
        }
        return null;
    }

    private void deliver(Observation observation, Response response) {
        String event = event(observation.uri(), response).toString();
        if (response.getOptions().hasObserve()) {
            write("event: notification\ndata: " + event + "\n\n");
        } else {
            relationEnded(observation, event);
        }
    }

    private void relationEnded(Observation observation, String event) {
        write("event: notification\ndata: " + event + "\n\n");
        observation.request().cancel();
        if (live.decrementAndGet() <= 0) {
            close();
        }
    }

    /** A comment line: keeps proxies from timing the stream out and finds clients that went away. */
    void keepAlive() {
        write(": keep-alive\n\n");
    }

    static JsonObject event(String uri, Response response) {
        JsonObject json = new JsonObject();
        json.addProperty("uri", uri);
        json.addProperty("status", ResponseCodes.httpStatus(response.getCode(), false, response.getPayloadSize() > 0));
        json.addProperty("code", response.getCode().toString());
        json.addProperty("contentType", HttpAnswers.contentTypeOf(response));
        if (!response.getOptions().getETags().isEmpty()) {
            json.addProperty("etag", EntityTags.toHttp(response.getOptions().getETags().get(0)));
        }
        boolean text = !response.getOptions().hasContentFormat()
                || ContentFormats.isText(response.getOptions().getContentFormat());
        if (text) {
            json.addProperty("payload", response.getPayloadString());
        } else {
            json.addProperty("payloadBase64", Base64.getEncoder().encodeToString(response.getPayload()));
        }
        return json;
    }

    private static String quoted(String text) {
        return new com.google.gson.JsonPrimitive(text).toString();
    }

    private void write(String text) {
        if (closed.get()) {
            return;
        }
        try {
            synchronized (this) {
                out.write(text.getBytes(StandardCharsets.UTF_8));
                out.flush();
            }
        } catch (IOException | IllegalStateException e) {
            close(); // the client went away
        }
    }

    /** Cancels every relation and ends the HTTP response. Idempotent. */
    void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        for (Observation observation : observations) {
            observation.request().cancel();
        }
        try {
            async.complete();
        } catch (IllegalStateException e) {
            // already completed by the container (client gone, timeout)
        }
        onClose.run();
    }

    @Override
    public void onComplete(AsyncEvent event) {
        close();
    }

    @Override
    public void onTimeout(AsyncEvent event) {
        close();
    }

    @Override
    public void onError(AsyncEvent event) {
        close();
    }

    @Override
    public void onStartAsync(AsyncEvent event) {
        // not restarted
    }
}
