package io.coaptree.it;

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
}
