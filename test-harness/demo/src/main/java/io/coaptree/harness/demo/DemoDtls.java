package io.coaptree.harness.demo;

import java.io.PrintStream;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;

import io.coaptree.harness.hierarchy.TreeHierarchy;
import io.coaptree.harness.node.KuraNode;

/**
 * DTLS on one gateway of the demo, with a pre-shared key generated at every start (never stored in the repository)
 * and printed, so a user can try {@code coaps://} at once. Printing a key is the point of a demo and nothing a
 * gateway does: the server never logs it.
 */
final class DemoDtls {

    static final String IDENTITY = "demo";

    private final String gateway;
    private final int plainPort;
    private final Integer securePort;
    private final String key;
    private final Object refusal;

    private DemoDtls(String gateway, int plainPort, Integer securePort, String key, Object refusal) {
        this.gateway = gateway;
        this.plainPort = plainPort;
        this.securePort = securePort;
        this.key = key;
        this.refusal = refusal;
    }

    /** Enables DTLS (PSK) on {@code gateway}, as Apply in the WebUI would (the node encrypts the Password). */
    static DemoDtls enable(TreeHierarchy hierarchy, String gateway) throws Exception {
        byte[] random = new byte[12];
        new SecureRandom().nextBytes(random);
        String key = HexFormat.of().formatHex(random);
        KuraNode node = hierarchy.node(gateway);
        node.updateConfiguration(TreeHierarchy.SERVER_PID,
                Map.of("coaps.enabled", true, "coaps.port", 0, "dtls.certificates.source", "none",
                        "dtls.psk.credentials", IDENTITY + "=" + key));
        Integer securePort = null;
        if (node.awaitServiceProperty(TreeHierarchy.SERVER_SERVICE, "(coaps.port=*)", Duration.ofSeconds(30))) {
            securePort = ((Number) node.serviceProperty(TreeHierarchy.SERVER_SERVICE, "(coaps.port=*)", "coaps.port"))
                    .intValue();
        }
        Object refusal = node.serviceProperty(TreeHierarchy.SERVER_SERVICE, "(coap.port=*)", "coap.config.error");
        return new DemoDtls(gateway, hierarchy.coapPort(gateway), securePort, key, refusal);
    }

    void print(PrintStream out) {
        out.println();
        if (securePort == null) {
            out.println("DTLS on " + gateway + " did not come up: " + refusal);
            return;
        }
        String secure = "coaps://127.0.0.1:" + securePort;
        String credentials = "-u " + IDENTITY + " -k " + key;
        out.println("DTLS (coaps://) on gateway " + gateway + ", with a pre-shared key generated for this run:");
        out.println("  PSK identity: " + IDENTITY);
        out.println("  PSK key:      " + key);
        out.println("  coap-client-openssl -m get " + credentials + " " + secure + "/temperature");
        out.println("  coap-client-openssl -m put -e on " + credentials + " " + secure + "/switch");
        out.println("The identity travels with a request across the tree; the owning gateway's access policy admits it:");
        out.println("  coap-client-openssl -m put -e on " + credentials + " " + secure + "/tree/B/2/gB2/switch");
        out.println("Writes need an authenticated peer: over plain CoAP the same PUT gets 4.01 Unauthorized:");
        out.println("  coap-client-notls -m put -e on coap://127.0.0.1:" + plainPort + "/switch");
        out.println("  coap-client-notls -m put -e on coap://127.0.0.1:" + plainPort + "/tree/B/2/gB2/switch");
    }
}
