package io.coaptree.rd.coap;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;

import org.eclipse.californium.core.network.Endpoint;
import org.eclipse.californium.core.server.resources.CoapExchange;

import io.coaptree.api.PeerIdentity;

/**
 * Who sent a request: its URI (the default base of a registration, RFC 9176 section 5) and its authenticated
 * DTLS identity in {@link PeerIdentity#toString()} form, or null.
 */
record Registrant(String sourceUri, String identity) {

    static Registrant of(CoapExchange exchange) {
        String identity = PeerIdentity.of(exchange).map(PeerIdentity::toString).orElse(null);
        return new Registrant(sourceUri(exchange), identity);
    }

    /**
     * The scheme of the endpoint that last served a registration: an endpoint builds a new {@link URI} on every
     * {@code getUri()}, which would be parsed once per registration for a value that never changes.
     */
    private static volatile EndpointScheme lastScheme;

    private record EndpointScheme(Endpoint endpoint, String scheme) {
    }

    private static String sourceUri(CoapExchange exchange) {
        return schemeOf(exchange.advanced().getEndpoint()) + "://" + hostLiteral(exchange.getSourceAddress()) + ":"
                + exchange.getSourcePort();
    }

    private static String schemeOf(Endpoint endpoint) {
        if (endpoint == null) {
            return "coap";
        }
        EndpointScheme known = lastScheme;
        if (known != null && known.endpoint() == endpoint) {
            return known.scheme();
        }
        URI endpointUri = endpoint.getUri();
        String scheme = endpointUri == null || endpointUri.getScheme() == null ? "coap" : endpointUri.getScheme();
        lastScheme = new EndpointScheme(endpoint, scheme);
        return scheme;
    }

    /** An address literal without zone identifier (RFC 9176 forbids them in base URIs). */
    static String hostLiteral(InetAddress address) {
        String host = address.getHostAddress();
        if (address instanceof Inet6Address) {
            int zone = host.indexOf('%');
            return "[" + (zone < 0 ? host : host.substring(0, zone)) + "]";
        }
        return host;
    }
}
