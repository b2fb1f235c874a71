package io.coaptree.api;

import java.security.Principal;
import java.util.Objects;
import java.util.Optional;

import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.server.resources.CoapExchange;
import org.eclipse.californium.elements.EndpointContext;
import org.eclipse.californium.elements.auth.PreSharedKeyIdentity;
import org.eclipse.californium.elements.auth.RawPublicKeyIdentity;
import org.eclipse.californium.elements.auth.X509CertPath;

/**
 * The authenticated peer of a request received over DTLS, in a form resource code can compare and log without
 * knowing Californium's principal classes.
 *
 * <ul>
 * <li>{@value #PSK}: {@code name} is the PSK identity;</li>
 * <li>{@value #X509}: {@code name} is the subject DN of the peer's certificate;</li>
 * <li>{@value #RPK}: {@code name} is the RFC 6920 named-information URI of the raw public key
 * ({@code ni:///sha-256;...});</li>
 * <li>{@value #KURA}: {@code name} is a Kura identity authenticated by the gateway's web server (HTTP access).</li>
 * </ul>
 * {@link #toString()} gives {@code type:name}, the form used in allow-lists ({@code psk:sensor-7}).
 *
 * @param type one of {@value #PSK}, {@value #X509}, {@value #RPK}, {@value #KURA}
 * @param name the identity inside that type
 */
public record PeerIdentity(String type, String name) implements Principal {

    /** Type of a peer authenticated with a pre-shared key. */
    public static final String PSK = "psk";
    /** Type of a peer authenticated with an X.509 certificate. */
    public static final String X509 = "x509";
    /** Type of a peer authenticated with a raw public key. */
    public static final String RPK = "rpk";
    /**
     * Type of a caller authenticated as a Kura identity by a gateway's web server (HTTP Basic against Kura's
     * identities); it travels like a DTLS identity.
     *
     * @since 1.3
     */
    public static final String KURA = "kura";

    public PeerIdentity {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(name, "name");
    }

    /**
     * @param exchange a server exchange
     * @return the authenticated peer, empty when the request did not arrive over an authenticated DTLS session
     */
    public static Optional<PeerIdentity> of(CoapExchange exchange) {
        return exchange == null ? Optional.empty() : of(exchange.advanced().getRequest());
    }

    /**
     * @param request a received request
     * @return the authenticated peer, empty when the request did not arrive over an authenticated DTLS session
     */
    public static Optional<PeerIdentity> of(Request request) {
        if (request == null) {
            return Optional.empty();
        }
        EndpointContext context = request.getSourceContext();
        return context == null ? Optional.empty() : of(context.getPeerIdentity());
    }

    /**
     * @param principal a principal as Scandium reports it, may be {@code null}
     * @return the peer identity, empty for {@code null} or an unknown principal type
     */
    public static Optional<PeerIdentity> of(Principal principal) {
        if (principal instanceof PeerIdentity carried) {
            return Optional.of(carried); // authenticated by another gateway, carried with a remote request
        }
        if (principal instanceof PreSharedKeyIdentity psk) {
            return Optional.of(new PeerIdentity(PSK, psk.getIdentity()));
        }
        if (principal instanceof X509CertPath x509) {
            return Optional.of(new PeerIdentity(X509, x509.getName()));
        }
        if (principal instanceof RawPublicKeyIdentity rpk) {
            return Optional.of(new PeerIdentity(RPK, rpk.getName()));
        }
        return Optional.empty();
    }

    /**
     * Parses the {@code type:name} form produced by {@link #toString()}.
     *
     * @param text for example {@code psk:sensor-7}, {@code x509:CN=client,O=Example} or {@code kura:operator}
     * @return the identity
     * @throws IllegalArgumentException if the type is not one of the four known types or the name is empty
     */
    public static PeerIdentity parse(String text) {
        int colon = text == null ? -1 : text.indexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("expected <type>:<name> (psk, x509, rpk or kura), got '" + text + "'");
        }
        String type = text.substring(0, colon).trim();
        if (!PSK.equals(type) && !X509.equals(type) && !RPK.equals(type) && !KURA.equals(type)) {
            throw new IllegalArgumentException("unknown identity type '" + type + "' (psk, x509, rpk or kura)");
        }
        return new PeerIdentity(type, text.substring(colon + 1).trim());
    }

    /**
     * As a {@link Principal}: the {@code type:name} form. A PeerIdentity is the principal of a request that
     * {@link CoAPServer#execute} runs for a caller authenticated elsewhere.
     *
     * @since 1.2
     */
    @Override
    public String getName() {
        return toString();
    }

    @Override
    public String toString() {
        return type + ":" + name;
    }
}
