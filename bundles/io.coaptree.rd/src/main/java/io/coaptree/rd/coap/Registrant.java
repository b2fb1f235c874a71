package io.coaptree.rd.coap;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;

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

    private static String sourceUri(CoapExchange exchange) {
        URI endpointUri = exchange.advanced().getEndpoint() == null ? null : exchange.advanced().getEndpoint().getUri();
        String scheme = endpointUri == null || endpointUri.getScheme() == null ? "coap" : endpointUri.getScheme();
        return scheme + "://" + hostLiteral(exchange.getSourceAddress()) + ":" + exchange.getSourcePort();
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
