package io.coaptree.server.access;

import java.util.Optional;
import java.util.Set;

import javax.security.auth.x500.X500Principal;

import org.eclipse.californium.core.coap.CoAP.Code;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.server.resources.Resource;

import io.coaptree.api.AccessControlled;
import io.coaptree.api.AccessRequirement;
import io.coaptree.api.PeerIdentity;
import io.coaptree.server.options.AccessPolicy;

/** The outcome of the access check, with the response a refused request gets; {@link #of} makes the check. */
public enum AccessDecision {
    ALLOWED(null, null),
    /** No authenticated peer where one is needed. */
    UNAUTHENTICATED(ResponseCode.UNAUTHORIZED, "authentication required: use coaps:// (DTLS) with credentials this gateway accepts"),
    /** An authenticated peer that is not on an allow-list. */
    FORBIDDEN(ResponseCode.FORBIDDEN, "this identity may not change this resource");

    private final ResponseCode refusal;
    private final String diagnostic;

    AccessDecision(ResponseCode refusal, String diagnostic) {
        this.refusal = refusal;
        this.diagnostic = diagnostic;
    }

    /**
     * @param policy the server's policy
     * @param method the request's method
     * @param peer the authenticated peer, empty over plain CoAP
     * @param resource what the target resource demands on top ({@link AccessRequirement#none()} if nothing)
     * @return whether the request may reach the resource
     */
    public static AccessDecision of(AccessPolicy policy, Code method, Optional<PeerIdentity> peer,
            AccessRequirement resource) {
        boolean write = isWrite(method);
        boolean needsPeer = write ? policy.writesAuthenticated() || resource.writesAuthenticated()
                : policy.readsAuthenticated() || resource.readsAuthenticated();
        if (write) {
            needsPeer |= !policy.writers().isEmpty() || !resource.allowedWriters().isEmpty();
        }
        if (!needsPeer) {
            return ALLOWED;
        }
        if (peer.isEmpty()) {
            return UNAUTHENTICATED;
        }
        if (write && !(listed(policy.writers(), peer.get()) && listed(resource.allowedWriters(), peer.get()))) {
            return FORBIDDEN;
        }
        return ALLOWED;
    }

    /**
     * The check of a request on {@code target}: the server's policy, and the target's own requirement if it is
     * {@link AccessControlled}.
     *
     * @param target the resource the request is for, {@code null} if none (the policy alone decides)
     */
    public static AccessDecision of(AccessPolicy policy, Code method, Optional<PeerIdentity> peer, Resource target) {
        AccessRequirement own = target instanceof AccessControlled controlled ? controlled.accessRequirement() : null;
        return of(policy, method, peer, own == null ? AccessRequirement.none() : own);
    }

    /** @return whether a request with this method changes state */
    public static boolean isWrite(Code method) {
        return method != Code.GET && method != Code.FETCH;
    }

    /**
     * Whether an allow-list names {@code peer}: the same identity authenticated by the same gateway (an unqualified
     * entry names a peer of this gateway, a qualified one a caller that gateway authenticated, {@code *:} any), see
     * {@link PeerIdentity#admits}.
     */
    private static boolean listed(Set<PeerIdentity> list, PeerIdentity peer) {
        if (list.isEmpty()) {
            return true;
        }
        for (PeerIdentity entry : list) {
            if (entry.admits(peer)) {
                return true;
            }
        }
        if (PeerIdentity.X509.equals(peer.type())) {
            // a DN may be written with other spacing or attribute case than the certificate carries
            X500Principal subject = new X500Principal(peer.name());
            for (PeerIdentity entry : list) {
                if (entry.sameAuthenticator(peer) && new X500Principal(entry.name()).equals(subject)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** @return the diagnostic payload of a refusal, so a client learns what to do; {@code null} for {@link #ALLOWED} */
    public String diagnostic() {
        return diagnostic;
    }

    /** @return the response code of a refusal, {@code null} for {@link #ALLOWED} */
    public ResponseCode refusal() {
        return refusal;
    }
}
