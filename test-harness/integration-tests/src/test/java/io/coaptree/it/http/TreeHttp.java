package io.coaptree.it.http;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** A real HTTP client (the JDK's) against one gateway's web server, as curl or a dashboard would call it. */
final class TreeHttp {

    private static final Duration TIMEOUT = Duration.ofSeconds(20);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private final String base;

    /** @param base {@code http://127.0.0.1:<port>/coaptree} */
    TreeHttp(String base) {
        this.base = base;
    }

    /** The URI of {@code path} under the prefix, for a client of a test's own. */
    URI uri(String path) {
        return URI.create(base + path);
    }

    HttpResponse<String> get(String path) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    HttpResponse<String> getAccepting(String path, String accept) throws Exception {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Accept", accept).GET());
    }

    /** A request without a body, with Basic credentials when {@code user} is not null. */
    HttpResponse<String> send(String method, String path, String user, String password) throws Exception {
        return sendAuthorized(method, path, user == null ? null : basic(user, password));
    }

    /** A request without a body, with this Authorization header when it is not null. */
    HttpResponse<String> sendAuthorized(String method, String path, String authorization) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .method(method, HttpRequest.BodyPublishers.noBody());
        if (authorization != null) {
            request.header("Authorization", authorization);
        }
        return send(request);
    }

    HttpResponse<String> put(String path, String body, String user, String password) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "text/plain").PUT(HttpRequest.BodyPublishers.ofString(body));
        if (user != null) {
            request.header("Authorization", basic(user, password));
        }
        return send(request);
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return client.send(request.timeout(TIMEOUT).build(), HttpResponse.BodyHandlers.ofString());
    }

    /** An HTTP call, for {@link #await}. */
    interface Call {
        HttpResponse<String> send() throws Exception;
    }

    /**
     * Repeats the call every 200 ms until its answer is the one wanted (a configuration applies, and a tree settles,
     * asynchronously); fails with the last answer at the deadline.
     */
    static HttpResponse<String> await(Call call, Predicate<HttpResponse<String>> wanted, Duration timeout)
            throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            HttpResponse<String> response = call.send();
            if (wanted.test(response)) {
                return response;
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(response.request().method() + " " + response.request().uri()
                        + " not answered as wanted within " + timeout + ": " + response.statusCode() + " "
                        + response.body());
            }
            Thread.sleep(200);
        }
    }

    static String basic(String user, String password) {
        return "Basic " + Base64.getEncoder().encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
    }

    /** Opens a server-sent event stream ({@code Accept: text/event-stream}); its data lines arrive in a queue. */
    Events events(String path) {
        return new Events(client, URI.create(base + path));
    }

    /** An open event stream; closing it ends the HTTP exchange (and with it the Observe relation). */
    static final class Events implements AutoCloseable {

        private final BlockingQueue<String> data = new LinkedBlockingQueue<>();
        private final CompletableFuture<HttpResponse<Stream<String>>> response;
        private volatile Stream<String> lines;

        Events(HttpClient client, URI uri) {
            HttpRequest request = HttpRequest.newBuilder(uri).header("Accept", "text/event-stream").GET().build();
            this.response = client.sendAsync(request, HttpResponse.BodyHandlers.ofLines());
            this.response.thenAcceptAsync(r -> {
                lines = r.body();
                lines.filter(line -> line.startsWith("data: ")).forEach(line -> data.add(line.substring(6)));
            });
        }

        HttpResponse<Stream<String>> response() throws Exception {
            return response.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        }

        /** The next event's data, or null after the timeout. */
        String next(Duration timeout) throws InterruptedException {
            return data.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        }

        @Override
        public void close() {
            Stream<String> open = lines;
            if (open != null) {
                open.close();
            }
            response.cancel(true);
        }
    }
}
