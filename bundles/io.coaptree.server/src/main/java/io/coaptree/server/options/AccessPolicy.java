package io.coaptree.server.options;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javax.security.auth.x500.X500Principal;

import io.coaptree.api.PeerIdentity;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;

/**
 * The server-wide access policy, typed and validated; it applies to the plain and the DTLS endpoint alike (over plain
 * CoAP no peer is ever authenticated). Each setting is defined once below. What it decides for one request is
 * {@code io.coaptree.server.access.AccessDecision#of}.
 *
 * @param readsAuthenticated GET/FETCH need an authenticated peer
 * @param writesAuthenticated POST/PUT/PATCH/iPATCH/DELETE need an authenticated peer
 * @param writers if not empty, only these identities may write
 */
public record AccessPolicy(boolean readsAuthenticated, boolean writesAuthenticated, Set<PeerIdentity> writers) {

    /** Who may do something: the values of {@link #READS} and {@link #WRITES}. */
    public enum Level {
        /** Anyone. */
        OPEN,
        /** Only peers authenticated over DTLS (or callers authenticated elsewhere, see {@code CoAPServer.execute}). */
        AUTHENTICATED
    }

    public static final Setting<Level> READS = Setting.choice("access.reads", Level.OPEN)
            .labelled("open", "open", "authenticated", "authenticated").named("Access: reads")
            .describedAs("Who may GET resources, on both endpoints: open (anyone) or authenticated (only peers "
                    + "authenticated over DTLS; others get 4.01 Unauthorized). A resource can demand more for itself.");
    public static final Setting<Level> WRITES = Setting.choice("access.writes", Level.AUTHENTICATED)
            .labelled("authenticated", "authenticated", "open", "open").named("Access: writes")
            .describedAs("Who may POST, PUT, PATCH and DELETE, on both endpoints: authenticated (only peers "
                    + "authenticated over DTLS; plain CoAP gets 4.01 Unauthorized) or open (anyone on the network: "
                    + "only for closed test networks).");
    public static final Setting<String> WRITERS = Setting.text("access.writers", "").optional()
            .named("Access: allowed writers")
            .describedAs("Optional allow-list of identities that may write, one per line (or separated by ';'): "
                    + "psk:IDENTITY, x509:SUBJECT-DN (e.g. x509:CN=client,O=Example), rpk:ni:///sha-256;..., "
                    + "kura:NAME (a Kura identity calling through HTTP) name peers this gateway authenticated itself; "
                    + "GATEWAY:TYPE:NAME (e.g. A/1/gA1:psk:maint) a caller that gateway authenticated, writing "
                    + "through the tree; *:TYPE:NAME that identity from any gateway (fleet-wide). Other "
                    + "authenticated peers get 4.03 Forbidden. Empty: any authenticated peer (of any gateway: "
                    + "see docs/hierarchy.md, Threat model).|TextArea");

    /** This class's settings, in WebUI order. */
    public static final List<Setting<?>> ALL = List.of(READS, WRITES, WRITERS);

    private static final AccessPolicy DEFAULTS = fromProperties(Map.of());

    public AccessPolicy {
        writers = Set.copyOf(writers);
    }

    /** @return every setting at its default: reads open, writes for authenticated peers, no allow-list */
    public static AccessPolicy defaults() {
        return DEFAULTS;
    }

    /** @return everything open (writes too): for tests and closed networks only */
    public static AccessPolicy open() {
        return fromProperties(Map.of(WRITES.id(), "open"));
    }

    /**
     * @param properties component properties; missing ones take their defaults
     * @throws InvalidPropertyException naming the refused property
     */
    public static AccessPolicy fromProperties(Map<String, ?> properties) {
        return new AccessPolicy(READS.from(properties) == Level.AUTHENTICATED,
                WRITES.from(properties) == Level.AUTHENTICATED, identities(WRITERS.from(properties)));
    }

    /** One identity per line (or separated by ';', since a DN contains commas). */
    private static Set<PeerIdentity> identities(String text) {
        Set<PeerIdentity> identities = new LinkedHashSet<>();
        for (String entry : text.split("[;\\r\\n]+")) {
            if (entry.isBlank()) {
                continue;
            }
            try {
                PeerIdentity identity = PeerIdentity.parse(entry.trim());
                if (PeerIdentity.X509.equals(identity.type())) {
                    new X500Principal(identity.name());
                }
                identities.add(identity);
            } catch (IllegalArgumentException e) {
                throw new InvalidPropertyException(WRITERS.id(), e.getMessage());
            }
        }
        return identities;
    }
}
