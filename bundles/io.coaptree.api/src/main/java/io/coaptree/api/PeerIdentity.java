package io.coaptree.api;

import java.security.Principal;
import java.util.Objects;
import java.util.Optional;
import java.util.regex.Pattern;

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
 * A caller authenticated by <em>another</em> gateway and carried to this one through the tree is qualified by that
 * gateway's tree address ({@link #gateway()}, e.g. {@code A/1/gA1}): a PSK identity {@code maint} known to gA1 is
 * {@code A/1/gA1:psk:maint} everywhere else, never the same caller as a {@code maint} of another gateway. A peer this
 * gateway authenticated itself (DTLS to it, a Kura identity over its own HTTP) has no gateway.
 * <p>
 * {@link #toString()} gives {@code type:name} or {@code gateway:type:name}, the forms used in allow-lists
 * ({@code psk:sensor-7}, {@code A/1/gA1:psk:maint}); in an allow-list {@value #ANY_GATEWAY} as the gateway names the
 * identity authenticated by any gateway, this one included ({@code *:psk:maint}), see {@link #admits}.
 *
 * @param type one of {@value #PSK}, {@value #X509}, {@value #RPK}, {@value #KURA}
 * @param name the identity inside that type
 * @param gateway the tree address ({@code domain/group/node}, {@code -} for an absent level) of the gateway that
 *            authenticated the caller, {@code null} for a peer of this gateway; in an allow-list entry also
 *            {@value #ANY_GATEWAY}
 */
public record PeerIdentity(String type, String name, String gateway) implements Principal {

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

    /**
     * The gateway of an allow-list entry that names an identity authenticated by any gateway of the tree
     * ({@code *:psk:maint}): fleet-wide, written out so that nobody grants it by accident.
     *
     * @since 1.6
     */
    public static final String ANY_GATEWAY = "*";

    /** A tree address: three levels, none empty, without ':' or white space ({@code -} for an absent level). */
    private static final Pattern GATEWAY = Pattern.compile("[^/:\\s]+/[^/:\\s]+/[^/:\\s]+");

    public PeerIdentity {
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(name, "name");
    }

    /** A peer this gateway authenticated itself. */
    public PeerIdentity(String type, String name) {
        this(type, name, null);
    }

    /**
     * @param authenticatedBy the tree address of the gateway that authenticated the caller
     * @return this identity as carried through the tree from that gateway
     * @since 1.6
     */
    public PeerIdentity qualifiedBy(String authenticatedBy) {
        return new PeerIdentity(type, name, authenticatedBy);
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
     * Parses the forms produced by {@link #toString()}, and the fleet-wide allow-list form.
     *
     * @param text {@code type:name} (a peer of this gateway: {@code psk:sensor-7}, {@code x509:CN=client,O=Example},
     *            {@code kura:operator}), {@code gateway:type:name} (a caller that gateway authenticated, carried through
     *            the tree: {@code A/1/gA1:psk:maint}) or {@code *:type:name} (that identity from any gateway)
     * @return the identity
     * @throws IllegalArgumentException if the type is not one of the four known types, the name is empty, or the
     *             gateway is neither a tree address nor {@value #ANY_GATEWAY}
     */
    public static PeerIdentity parse(String text) {
        int colon = text == null ? -1 : text.indexOf(':');
        if (colon <= 0 || colon == text.length() - 1) {
            throw new IllegalArgumentException("expected [<gateway>:]<type>:<name> (psk, x509, rpk or kura), got '"
                    + text + "'");
        }
        String first = text.substring(0, colon).trim();
        if (isType(first)) {
            return new PeerIdentity(first, text.substring(colon + 1).trim());
        }
        if (!ANY_GATEWAY.equals(first) && !GATEWAY.matcher(first).matches()) {
            throw new IllegalArgumentException("'" + first + "' is neither an identity type (psk, x509, rpk or kura) "
                    + "nor a gateway (domain/group/node, or * for any gateway) in '" + text + "'");
        }
        PeerIdentity identity = parse(text.substring(colon + 1));
        if (identity.gateway() != null) {
            throw new IllegalArgumentException("two gateways in '" + text + "'");
        }
        return identity.qualifiedBy(first);
    }

    private static boolean isType(String type) {
        return PSK.equals(type) || X509.equals(type) || RPK.equals(type) || KURA.equals(type);
    }

    /**
     * Whether {@code caller} is the identity this allow-list entry names: the same type and name, authenticated by the
     * same gateway (no gateway: this one), or by any if this entry's gateway is {@value #ANY_GATEWAY}. Names compare
     * exactly; an allow-list that compares X.509 names as distinguished names does so itself, after this check of
     * type and gateway ({@link #sameAuthenticator}).
     *
     * @since 1.6
     */
    public boolean admits(PeerIdentity caller) {
        return sameAuthenticator(caller) && name.equals(caller.name());
    }

    /**
     * Whether {@code caller} has this entry's type and was authenticated by the gateway this entry names (or by any,
     * for {@value #ANY_GATEWAY}).
     *
     * @since 1.6
     */
    public boolean sameAuthenticator(PeerIdentity caller) {
        return type.equals(caller.type())
                && (ANY_GATEWAY.equals(gateway) || Objects.equals(gateway, caller.gateway()));
    }

    /**
     * As a {@link Principal}: the {@code type:name} or {@code gateway:type:name} form. A PeerIdentity is the principal of a request that
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
        return gateway == null ? type + ":" + name : gateway + ":" + type + ":" + name;
    }
}
