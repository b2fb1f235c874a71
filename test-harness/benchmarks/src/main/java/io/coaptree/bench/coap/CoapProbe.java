package io.coaptree.bench.coap;

import java.time.Duration;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.network.CoapEndpoint;

/** Waits until a CoAP resource answers with success, so a load step never starts against a half-started server. */
public final class CoapProbe {

    private CoapProbe() {
    }

    /** @throws IllegalStateException if {@code coap://host:port/path} has not answered 2.xx within {@code timeout} */
    public static void awaitSuccess(String host, int port, String path, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String uri = "coap://" + host + ":" + port + "/" + path;
        CoapEndpoint endpoint = CoapEndpoint.builder().setConfiguration(CoapRequestIssuer.clientConfiguration()).build();
        CoapClient client = new CoapClient(uri).setEndpoint(endpoint).setTimeout(1_000L);
        String last = "no answer";
        try {
            while (System.nanoTime() < deadline) {
                try {
                    CoapResponse response = client.get();
                    if (response != null && response.isSuccess()) {
                        return;
                    }
                    last = response == null ? "no answer" : response.getCode().text;
                } catch (Exception e) {
                    last = e.toString();
                }
                Thread.sleep(200);
            }
        } finally {
            client.shutdown();
            endpoint.destroy();
        }
        throw new IllegalStateException(uri + " did not answer 2.xx within " + timeout + " (last: " + last + ")");
    }
}
