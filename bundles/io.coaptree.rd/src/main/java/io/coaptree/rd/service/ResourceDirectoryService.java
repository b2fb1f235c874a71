package io.coaptree.rd.service;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

import io.coaptree.linkformat.Link;
import io.coaptree.rd.lookup.LookupOrigin;
import io.coaptree.rd.lookup.LookupQuery;
import io.coaptree.rd.lookup.LookupRequest;
import io.coaptree.rd.lookup.LookupResult;
import io.coaptree.rd.store.RegistrationListener;
import io.coaptree.rd.store.RegistrationRequest;
import io.coaptree.rd.store.StoreResult;
import io.coaptree.rd.store.UpdateRequest;

/**
 * The gateway's Resource Directory (RFC 9176) as a Java service: what a CoAP client does with {@code /rd},
 * {@code /rd/{id}} and {@code /rd-lookup/*}, for code running on the gateway itself (RD synchronisation keeps its
 * children's resources here; the directory keeps the gateway's own resources here). Every write carries the
 * caller's identity ({@link RegistrationRequest#identity()}, or the {@code identity} argument), and passes the same
 * rules as a CoAP request: the directory's limits, {@code registration.require.authentication}, and
 * First-Come-First-Remembered. A registration without a sector ({@code d}) gets the directory's default sector, as
 * over CoAP.
 * <p>
 * Lookups: {@link #endpoints} and {@link #resources} read the directory as it is (for the gateway's own bundles);
 * {@link #lookup(LookupRequest)} answers a caller as the CoAP lookup resources do.
 * <p>
 * Registered by the {@code io.coaptree.rd.ResourceDirectory} component while it is active; the same object serves
 * across configuration changes (a reconfigured directory keeps its registrations and the listeners added here).
 * While the directory is not running, writes answer {@link StoreResult.Outcome#STORE_FULL} (5.03 over CoAP) and
 * lookups answer nothing. Thread-safe; calls never block on the network.
 */
@ProviderType
public interface ResourceDirectoryService {

    /** Registers an endpoint, or replaces the registration with the same ep and d (same id). */
    StoreResult register(RegistrationRequest request);

    /** Refreshes and changes the registration {@code registrationId} (the last segment of its location). */
    StoreResult update(String registrationId, UpdateRequest request);

    /**
     * @param identity the caller's identity, null for an unauthenticated caller
     */
    StoreResult remove(String registrationId, String identity);

    /** Endpoint lookup ({@code /rd-lookup/ep}) as a requester from {@code origin} sees it. */
    List<Link> endpoints(LookupQuery query, LookupOrigin origin);

    /** Resource lookup ({@code /rd-lookup/res}): targets and anchors resolved against each registration's base. */
    List<Link> resources(LookupQuery query, LookupOrigin origin);

    /**
     * A lookup on behalf of a caller, answered as {@code GET /rd-lookup/<kind>} answers that caller over CoAP, under
     * the directory's lookup settings: {@code lookup.access} with the caller's identity, the Accept option, the
     * criteria and paging, and {@code lookup.payload.max.bytes}. For a bundle that answers, for a caller who did not
     * come through the gateway's CoAP server, what the lookup resources would (lookups from other gateways of the
     * tree); the server's own access policy is not applied here (see {@code CoAPServer.permits}).
     *
     * @since 1.1
     */
    LookupResult lookup(LookupRequest request);

    /**
     * Tells {@code listener} about every change from now on, on the thread that made it, after the change: keep it
     * short and never block.
     */
    void addListener(RegistrationListener listener);

    void removeListener(RegistrationListener listener);
}
