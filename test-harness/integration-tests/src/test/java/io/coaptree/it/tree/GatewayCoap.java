package io.coaptree.it.tree;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import java.time.Duration;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapObserveRelation;
import org.eclipse.californium.core.CoapResponse;

import io.coaptree.harness.hierarchy.TreeHierarchy;

/** One CoAP request to a gateway of a running tree, with a client of its own (the tree scenarios' plain calls). */
final class GatewayCoap {

    /** What to do with the client: a GET, a PUT with a payload, ... */
    interface Call {
        CoapResponse on(CoapClient client) throws Exception;
    }

    private GatewayCoap() {
    }

    /** The answer, or null when none came within 15 s. */
    static CoapResponse call(TreeHierarchy tree, String gateway, String pathAndQuery, Call call) throws Exception {
        CoapClient client = new CoapClient("coap://127.0.0.1:" + tree.coapPort(gateway) + pathAndQuery);
        try {
            client.setTimeout(15_000L);
            return call.on(client);
        } finally {
            client.shutdown();
        }
    }

    /**
     * Observes {@code path} at {@code gateway} until its first answer and one notification have arrived (the example
     * thermometer changes every 5 s), then cancels the relation.
     */
    static void observeOneNotification(TreeHierarchy tree, String gateway, String path) throws Exception {
        Notifications notifications = new Notifications();
        CoapClient observer = new CoapClient("coap://127.0.0.1:" + tree.coapPort(gateway) + path);
        try {
            CoapObserveRelation relation = observer.observe(notifications);
            assertNotNull(notifications.next(Duration.ofSeconds(10)), "the relayed relation's first answer");
            assertNotNull(notifications.next(Duration.ofSeconds(20)), "a notification of " + path + " at " + gateway);
            relation.proactiveCancel();
        } finally {
            observer.shutdown();
        }
    }
}
