package io.coaptree.harness.demo;

import io.coaptree.harness.node.KuraNode;

import org.eclipse.californium.core.CoapClient;
import org.eclipse.californium.core.WebLink;
import org.eclipse.californium.core.server.resources.ResourceAttributes;
import org.eclipse.californium.core.config.CoapConfig;
import org.eclipse.californium.elements.config.Configuration;
import org.eclipse.californium.elements.config.UdpConfig;
import org.eclipse.californium.elements.exception.ConnectorException;

import java.io.IOException;
import java.io.PrintStream;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/** What the demo prints once the gateway is up: the resources it serves and commands to try them. */
final class DemoBanner {

    private final KuraNode node;
    private final int port;

    DemoBanner(KuraNode node, int port) {
        this.node = node;
        this.port = port;
    }

    void print(PrintStream out) throws ConnectorException, IOException {
        String base = "coap://127.0.0.1:" + port;
        List<WebLink> links = discover(base);
        out.println();
        out.println("CoAPTree is running in an emulated Kura gateway '" + node.name() + "' (storage " + node.storage() + ").");
        out.println("Resources served:");
        out.println("  " + base + "/.well-known/core");
        for (WebLink link : links) {
            out.println("  " + base + link.getURI() + "   " + attributesOf(link));
        }
        out.println();
        out.println("Try them with libcoap (Debian package libcoap3-bin) or any CoAP client:");
        out.println("  coap-client-notls -m get " + base + "/.well-known/core");
        links.stream().filter(link -> link.getURI().endsWith("temperature")).findFirst().ifPresent(link -> {
            out.println("  coap-client-notls -m get " + base + link.getURI());
            out.println("  coap-client-notls -m get -s 30 " + base + link.getURI() + "      (observe for 30 s)");
        });
        links.stream().filter(link -> !link.getURI().endsWith("temperature")).findFirst().ifPresent(link ->
            out.println("  coap-client-notls -m put -e on " + base + link.getURI()));
        out.println();
        out.println("Press Ctrl-C to stop.");
    }

    /** The link's CoRE attributes as link-format parameters, e.g. {@code rt="temp";obs}. */
    private static String attributesOf(WebLink link) {
        ResourceAttributes attributes = link.getAttributes();
        StringBuilder text = new StringBuilder();
        for (String name : new TreeSet<>(attributes.getAttributeKeySet())) {
            for (String value : attributes.getAttributeValues(name)) {
                text.append(text.length() == 0 ? "" : ";").append(name);
                if (!value.isEmpty()) {
                    text.append("=\"").append(value).append('"');
                }
            }
        }
        return text.toString();
    }

    private static List<WebLink> discover(String base) throws ConnectorException, IOException {
        // The standard configuration would write Californium3.properties into the working directory.
        CoapConfig.register();
        UdpConfig.register();
        Configuration.setStandard(Configuration.createStandardWithoutFile());
        CoapClient client = new CoapClient(base);
        try {
            Set<WebLink> links = client.discover();
            if (links == null) {
                return List.of();
            }
            return links.stream()
                    .filter(link -> !link.getURI().startsWith("/.well-known"))
                    .sorted(Comparator.comparing(WebLink::getURI))
                    .toList();
        } finally {
            client.shutdown();
        }
    }
}
