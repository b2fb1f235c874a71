package io.coaptree.bench.fleet;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.HdrHistogram.Histogram;
import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.core.network.CoapEndpoint;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.exception.ConnectorException;

import io.coaptree.bench.coap.CoapRequestIssuer;
import io.coaptree.linkformat.LinkFormatSerializer;

/**
 * One page of a paged lookup at the root, as a client sees it: a Californium client on its own UDP port asks the
 * root's CoAP server for {@code /rd-lookup/res?page=K&count=C}, page after page through the whole fleet, and each page
 * is timed from the request until its last block arrived (a page is tens of kilobytes, so Californium's client fetches
 * it blockwise, block after block, and the time is the whole transfer). Every page is checked: 2.05, and exactly the
 * links of page K as the root's directory lists them in-process (before or after the request, so that a
 * registration renewed meanwhile does not count as wrong); otherwise it is failed. Pages are asked one at a time,
 * pass after pass, until the window has passed, but at least one whole pass (yet never more than 30 s: at N=1000 a
 * pass is 200 pages).
 *
 * @param pageSize C, links a page
 * @param pages pages asked
 * @param failed among them, pages not answered 2.05 with the expected links (or not at all)
 * @param p50Millis the median time of a page answered right
 * @param p99Millis their 99th percentile
 * @param firstFailure what the first failed page got, or null
 */
record RootPages(int pageSize, long pages, long failed, double p50Millis, double p99Millis, String firstFailure) {

    /** A page not answered this long is failed; Californium retransmits a lost block within it. */
    private static final long TIMEOUT_MILLIS = 10_000;
    /**
     * Pages asked through one client endpoint before it is replaced: a page is about a hundred blocks, and one
     * endpoint's 65,536 message IDs towards a peer stay taken for the exchange lifetime (247 s).
     */
    private static final int PAGES_PER_ENDPOINT = 400;
    /** Even a slow pass ends: the step must stay bounded. */
    private static final Duration MOST = Duration.ofSeconds(30);

    /**
     * @param root the root's remote queries, whose directory is served over CoAP
     * @param links the links the root's directory holds (complete: every gateway's, each once)
     * @param window how long to keep paging after the first whole pass started
     */
    static RootPages run(SimulatedRemoteQuery root, long links, int pageSize, Duration window) throws IOException {
        int port = root.coapPort().orElseThrow(() -> new IllegalStateException("the root serves no CoAP"));
        int pagesPerPass = (int) Math.max(1, (links + pageSize - 1) / pageSize);
        Histogram micros = new Histogram(TimeUnit.MINUTES.toMicros(1), 3);
        long start = System.nanoTime();
        long windowEnd = start + window.toNanos();
        long hardEnd = start + MOST.toNanos();
        long pages = 0;
        long failed = 0;
        String firstFailure = null;
        CoapEndpoint endpoint = null;
        try {
            for (int pass = 0; pass == 0 || System.nanoTime() < windowEnd; pass++) {
                for (int page = 0; page < pagesPerPass; page++) {
                    if (System.nanoTime() > hardEnd || (pass > 0 && System.nanoTime() > windowEnd)) {
                        break;
                    }
                    if (pages % PAGES_PER_ENDPOINT == 0) {
                        if (endpoint != null) {
                            endpoint.destroy();
                        }
                        endpoint = endpoint();
                    }
                    String before = expected(root, page, pageSize);
                    CoapClient client = new CoapClient("coap://127.0.0.1:" + port + "/rd-lookup/res?page=" + page
                            + "&count=" + pageSize).setEndpoint(endpoint).setTimeout(TIMEOUT_MILLIS);
                    long sent = System.nanoTime();
                    String problem;
                    CoapResponse response = null;
                    try {
                        response = client.get(MediaTypeRegistry.APPLICATION_LINK_FORMAT);
                        problem = response == null ? "no answer within " + TIMEOUT_MILLIS + " ms" : null;
                    } catch (ConnectorException | IOException e) {
                        problem = e.toString();
                    } finally {
                        client.shutdown();
                    }
                    long nanos = System.nanoTime() - sent;
                    pages++;
                    if (problem == null) {
                        problem = check(response, page, before, expected(root, page, pageSize));
                    }
                    if (problem == null) {
                        micros.recordValue(Math.min(micros.getHighestTrackableValue(), nanos / 1000));
                    } else {
                        failed++;
                        firstFailure = firstFailure == null ? problem : firstFailure;
                    }
                }
                if (System.nanoTime() > hardEnd) {
                    break;
                }
            }
        } finally {
            if (endpoint != null) {
                endpoint.destroy();
            }
        }
        return new RootPages(pageSize, pages, failed, micros.getValueAtPercentile(50) / 1e3,
                micros.getValueAtPercentile(99) / 1e3, firstFailure);
    }

    /** Page {@code page} as the root's directory lists it in-process, in the lookup's own link format. */
    private static String expected(SimulatedRemoteQuery root, int page, int pageSize) {
        return LinkFormatSerializer.serialize(root.page(page, pageSize));
    }

    /** Null when {@code response} is 2.05 with the links of {@code before} or {@code after}, else what is wrong. */
    private static String check(CoapResponse response, int page, String before, String after) {
        if (response.getCode() != ResponseCode.CONTENT) {
            return "page " + page + ": " + response.getCode() + " " + response.getResponseText();
        }
        String text = response.getResponseText();
        if (text.equals(before) || text.equals(after)) {
            return null;
        }
        return "page " + page + ": " + text.length() + " characters, not the " + after.length()
                + " of the directory's page";
    }

    /**
     * A client endpoint on its own port, taking lookup answers of up to 1 MiB (the default stops at 8 KiB), started
     * here so that no page's time includes starting it.
     */
    private static CoapEndpoint endpoint() throws IOException {
        Configuration config = CoapRequestIssuer.clientConfiguration();
        config.set(CoapConfig.MAX_RESOURCE_BODY_SIZE, 1024 * 1024);
        CoapEndpoint endpoint = CoapEndpoint.builder().setConfiguration(config)
                .setInetSocketAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0)).build();
        endpoint.start();
        return endpoint;
    }
}
