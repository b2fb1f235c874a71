package io.coaptree.it;

import static org.junit.jupiter.api.Assertions.assertNotNull;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;

/** Californium client set-up shared by the tests. */
final class Clients {

    static {
        // The standard configuration would write Californium3.properties into the working directory.
        CoapConfig.register();
        UdpConfig.register();
        Configuration.setStandard(Configuration.createStandardWithoutFile());
    }

    private Clients() {
    }

    /** Call before creating a CoapClient. */
    static void configure() {
        // the static initialiser does the work once
    }

    /** GET with a client of its own; fails the test when no answer comes. */
    static CoapResponse get(String uri) throws Exception {
        CoapClient client = new CoapClient(uri);
        try {
            CoapResponse response = client.get();
            assertNotNull(response, "GET " + uri + " answered");
            return response;
        } finally {
            client.shutdown();
        }
    }
}
