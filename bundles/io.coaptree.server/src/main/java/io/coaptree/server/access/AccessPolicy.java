package io.coaptree.server.access;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import javax.security.auth.x500.X500Principal;

import org.eclipse.californium.core.coap.CoAP.Code;

import io.coaptree.api.AccessRequirement;
import io.coaptree.api.PeerIdentity;
import io.coaptree.properties.ComponentProperties;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Refusal;

/**
 * The server-wide access policy, typed and validated, and the decision it makes for one request. Applies to the plain
 * and the DTLS endpoint alike: over plain CoAP no peer is ever authenticated.
 *
 * @param readsAuthenticated {@value #READS}: GET/FETCH need an authenticated peer
 * @param writesAuthenticated {@value #WRITES}: POST/PUT/PATCH/iPATCH/DELETE need an authenticated peer
 * @param writers {@value #WRITERS}: if not empty, only these identities may write
 */
public record AccessPolicy(boolean readsAuthenticated, boolean writesAuthenticated, Set<PeerIdentity> writers) {

    public static final String READS = "access.reads";
    public static final String WRITES = "access.writes";
    public static final String WRITERS = "access.writers";

    /** Metatype option value: anyone may. */
    public static final String OPEN = "open";
    /** Metatype option value: only peers authenticated over DTLS may. */
    public static final String AUTHENTICATED = "authenticated";

    private static final AccessPolicy DEFAULTS = new AccessPolicy(false, true, Set.of());

    public AccessPolicy {
        writers = Set.copyOf(writers);
    }

    /** @return reads open, writes for authenticated peers, no allow-list */
    public static AccessPolicy defaults() {
        return DEFAULTS;
    }

    /** @return everything open: for tests and closed networks only */
    public static AccessPolicy open() {
        return new AccessPolicy(false, false, Set.of());
    }

    /**
     * @param properties component properties; missing ones take their defaults
     * @throws InvalidPropertyException naming the refused property
     */
    public static AccessPolicy from(Map<String, ?> properties) {
        Map<String, ?> p = properties == null ? Map.of() : properties;
        return new AccessPolicy(readLevel(p, READS, DEFAULTS.readsAuthenticated),
                readLevel(p, WRITES, DEFAULTS.writesAuthenticated), readIdentities(p.get(WRITERS)));
    }

    /**
     * @param method the request's method
     * @param peer the authenticated peer, empty over plain CoAP
     * @param resource what the target resource demands on top ({@link AccessRequirement#none()} if nothing)
     * @return whether the request may reach the resource
     */
    public AccessDecision decide(Code method, Optional<PeerIdentity> peer, AccessRequirement resource) {
        boolean write = isWrite(method);
        boolean needsPeer = write ? writesAuthenticated || resource.writesAuthenticated()
                : readsAuthenticated || resource.readsAuthenticated();
        if (write) {
            needsPeer |= !writers.isEmpty() || !resource.allowedWriters().isEmpty();
        }
        if (!needsPeer) {
            return AccessDecision.ALLOWED;
        }
        if (peer.isEmpty()) {
            return AccessDecision.UNAUTHENTICATED;
        }
        if (write && !(listed(writers, peer.get()) && listed(resource.allowedWriters(), peer.get()))) {
            return AccessDecision.FORBIDDEN;
        }
        return AccessDecision.ALLOWED;
    }

    /** @return whether a request with this method changes state */
    public static boolean isWrite(Code method) {
        return method != Code.GET && method != Code.FETCH;
    }

    private static boolean listed(Set<PeerIdentity> list, PeerIdentity peer) {
        if (list.isEmpty() || list.contains(peer)) {
            return true;
        }
        if (PeerIdentity.X509.equals(peer.type())) {
            // a DN may be written with other spacing or attribute case than the certificate carries
            X500Principal subject = new X500Principal(peer.name());
            for (PeerIdentity entry : list) {
                if (PeerIdentity.X509.equals(entry.type()) && new X500Principal(entry.name()).equals(subject)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean readLevel(Map<String, ?> p, String field, boolean fallback) {
        return ComponentProperties.of(p, Refusal.STANDARD)
                .enumValue(field, fallback ? Level.AUTHENTICATED : Level.OPEN) == Level.AUTHENTICATED;
    }

    /** The metatype options of {@value #READS} and {@value #WRITES}. */
    private enum Level {
        OPEN, AUTHENTICATED
    }

    /** One identity per line (or separated by ';', since a DN contains commas). */
    static Set<PeerIdentity> readIdentities(Object value) {
        Set<PeerIdentity> identities = new LinkedHashSet<>();
        for (String entry : entries(value)) {
            PeerIdentity identity;
            try {
                identity = PeerIdentity.parse(entry);
                if (PeerIdentity.X509.equals(identity.type())) {
                    new X500Principal(identity.name());
                }
            } catch (IllegalArgumentException e) {
                throw new InvalidPropertyException(WRITERS, e.getMessage());
            }
            identities.add(identity);
        }
        return identities;
    }

    private static List<String> entries(Object value) {
        List<String> entries = new ArrayList<>();
        if (value == null) {
            return entries;
        }
        Iterable<?> items = value instanceof Object[] array ? List.of(array) : List.of(value);
        for (Object item : items) {
            for (String entry : item.toString().split("[;\\r\\n]+")) {
                if (!entry.isBlank()) {
                    entries.add(entry.trim());
                }
            }
        }
        return entries;
    }
}
