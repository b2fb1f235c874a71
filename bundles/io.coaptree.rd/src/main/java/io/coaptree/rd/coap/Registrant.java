package io.coaptree.rd.coap;

import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.util.Optional;

import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.network.Endpoint;
import org.eclipse.californium.core.server.resources.CoapExchange;

import io.coaptree.api.PeerIdentity;
import io.coaptree.rd.lookup.PeerLinks;
import io.coaptree.rd.store.LinkLocalBase;

/**
 * Who sent a registration request: its URI (the default base of a registration, RFC 9176 section 5), its
 * authenticated DTLS identity in {@link PeerIdentity#toString()} form (or null), and the link it came from.
 * <p>
 * Link-local bases (RFC 9176 sections 3.4 and 5): the directory records the link a link-local base is on as the
 * zone of the stored base ({@link LinkLocalBase}), so that lookups show it only on that link. A source address that
 * is link-local gets the link it came from; an explicit link-local base MUST be on the link the request came in on,
 * so it gets that link too, and is refused if the request did not come from one of the directory's links. A base
 * carrying its own zone identifier is refused: RFC 9176 forbids them, and the registrant's zone names one of ITS
 * interfaces, not ours.
 */
final class Registrant {

    /**
     * The scheme of the endpoint that last served a registration: an endpoint builds a new {@link URI} on every
     * {@code getUri()}, which would be parsed once per registration for a value that never changes.
     */
    private static volatile EndpointScheme lastScheme;

    private record EndpointScheme(Endpoint endpoint, String scheme) {
    }

    private final InetAddress address;
    private final String sourceUri;
    private final String identity;
    private final PeerLinks links;

    private Registrant(InetAddress address, String sourceUri, String identity, PeerLinks links) {
        this.address = address;
        this.sourceUri = sourceUri;
        this.identity = identity;
        this.links = links;
    }

    static Registrant of(CoapExchange exchange, PeerLinks links) {
        String identity = PeerIdentity.of(exchange).map(PeerIdentity::toString).orElse(null);
        InetAddress address = exchange.getSourceAddress();
        return of(schemeOf(exchange.advanced().getEndpoint()), address, exchange.getSourcePort(), identity, links);
    }

    /** Without Californium, for tests of the base rules. */
    static Registrant of(String scheme, InetAddress address, int port, String identity, PeerLinks links) {
        String uri = scheme + "://" + hostLiteral(address) + ":" + port;
        if (address.isLinkLocalAddress()) {
            Optional<String> link = links.linkOf(address);
            if (link.isPresent()) {
                uri = LinkLocalBase.withZone(uri, link.get());
            }
            // else: no link recorded, so no lookup will show this base until the registrant is seen on a link
        }
        return new Registrant(address, uri, identity, links);
    }

    /** The registrant's own URI, scheme://address:port, with the recorded link if the address is link-local. */
    String sourceUri() {
        return sourceUri;
    }

    /** The authenticated identity, or null. */
    String identity() {
        return identity;
    }

    /**
     * An explicit {@code base} as the store keeps it: a link-local base with the link the request came from as its
     * zone, any other base as it is.
     *
     * @throws RefusedRequestException 4.00 if the base has a zone identifier, or is link-local while the request
     *         came from none of the directory's links
     */
    String scopedBase(String base) throws RefusedRequestException {
        if (LinkLocalBase.hasZone(base)) {
            throw new RefusedRequestException(ResponseCode.BAD_REQUEST, "base '" + base + "' must not contain a zone "
                    + "identifier (RFC 9176 section 5): the directory records the link itself");
        }
        if (!LinkLocalBase.isLinkLocal(base)) {
            return base;
        }
        Optional<String> link = links.linkOf(address);
        if (link.isEmpty()) {
            throw new RefusedRequestException(ResponseCode.BAD_REQUEST, "base '" + base + "' is a link-local address, "
                    + "but this request did not come from a link of the directory: a link-local base must be on the "
                    + "link the registration is received on (RFC 9176 section 5); give a base of wider scope");
        }
        return LinkLocalBase.withZone(base, link.get());
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

    /** An address literal without zone identifier (RFC 9176 forbids them in the bases lookups show). */
    static String hostLiteral(InetAddress address) {
        String host = address.getHostAddress();
        if (address instanceof Inet6Address) {
            int zone = host.indexOf('%');
            return "[" + (zone < 0 ? host : host.substring(0, zone)) + "]";
        }
        return host;
    }
}
