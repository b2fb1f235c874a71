package io.coaptree.tree.options;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * The default broker name of a gateway ({@link TreeOptions#BROKER_NAME} left empty): the host and port of the
 * broker URL its transport connects to. Two gateways with equal names are taken to share a broker and send remote
 * requests straight to each other. Getting it wrong is safe one way only: gateways that reach one broker under
 * different URLs (an IP address and a host name) merely keep the hop-by-hop route, so the operator who wants the
 * direct route there sets the same name on each; gateways behind different brokers always get different defaults.
 */
public final class BrokerNames {

    private BrokerNames() {
    }

    /** {@code host:port} of {@code brokerUrl} in lower case, or "" when it has no host (nothing is announced). */
    public static String fromBrokerUrl(String brokerUrl) {
        if (brokerUrl == null || brokerUrl.isBlank()) {
            return "";
        }
        try {
            URI uri = new URI(brokerUrl.trim());
            if (uri.getHost() == null) {
                return "";
            }
            String host = uri.getHost().toLowerCase(Locale.ROOT);
            return uri.getPort() < 0 ? host : host + ":" + uri.getPort();
        } catch (URISyntaxException e) {
            return "";
        }
    }
}
