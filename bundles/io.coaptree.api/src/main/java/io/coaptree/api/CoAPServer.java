package io.coaptree.api;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;

import org.eclipse.californium.core.coap.CoAP.Code;
import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.Response;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The gateway's CoAP server, as an OSGi service. Resource bundles publish their {@link ExtendedResource}s on it,
 * either by calling {@link #addResource(ExtendedResource, Class)} (typically from their DS {@code activate}) or by
 * registering the resource itself as an OSGi service under {@code io.coaptree.api.ExtendedResource} (the whiteboard:
 * see {@link #RESOURCE_PATH_PROPERTY}).
 *
 * <p>
 * Published resources survive re-binding: when the server's address or port changes in the Kura WebUI, the same
 * resources are served on the new endpoint. Observe relations of clients of the old endpoint are dropped, because
 * those clients can no longer be reached from the new one.
 *
 * <p>
 * Access: requests that change state (POST, PUT, PATCH, iPATCH, DELETE) need a peer authenticated over DTLS unless
 * the gateway's configuration opens them; a resource can demand more for itself by implementing
 * {@link AccessControlled}. Resource code reads the peer with {@link PeerIdentity#of}.
 *
 * <p>
 * Service properties of the registered service:
 * <ul>
 * <li>{@value #PORT_PROPERTY} (Integer): the UDP port actually bound; absent while no endpoint is bound (disabled or
 * refused configuration);</li>
 * <li>{@value #SECURE_PORT_PROPERTY} (Integer): the UDP port of the DTLS endpoint ({@code coaps://}); absent while
 * DTLS is off or its configuration was refused;</li>
 * <li>{@value #DOMAIN_PROPERTY} and {@value #GROUP_PROPERTY} (String): the node's domain and group, empty when not
 * configured.</li>
 * </ul>
 */
@ProviderType
public interface CoAPServer {

    /** Service property: the UDP port the server is bound to (Integer). */
    String PORT_PROPERTY = "coap.port";

    /**
     * Service property: the UDP port of the DTLS ({@code coaps://}) endpoint (Integer); absent while no DTLS endpoint
     * is bound (DTLS disabled, or its configuration refused).
     *
     * @since 1.1
     */
    String SECURE_PORT_PROPERTY = "coaps.port";

    /** Service property: the node's domain (String, may be empty). */
    String DOMAIN_PROPERTY = "node.domain";

    /** Service property: the node's group inside its domain (String, may be empty). */
    String GROUP_PROPERTY = "node.group";

    /**
     * Service property (String) present while the last configuration was refused: the refusal, starting with the name
     * of the offending field (e.g. {@code "coap.port: 70000 is outside 0..65535"}). The server keeps serving with the
     * configuration it had; the property goes away once a configuration is applied.
     */
    String CONFIG_ERROR_PROPERTY = "coap.config.error";

    /**
     * Whiteboard service property of an {@link ExtendedResource} service: the path of the parent under which the
     * resource is published, segments separated by {@code /}, for example {@code sensors/kitchen} publishes a
     * resource named {@code temperature} at {@code /sensors/kitchen/temperature}. Absent or empty: the root.
     * Missing parents are created as invisible resources and removed when their last child goes.
     */
    String RESOURCE_PATH_PROPERTY = "coap.path";

    /**
     * Publishes a resource at the root of the server, as {@code /<name>}.
     *
     * @param resource the resource; its name is its path segment
     * @param type the type the resource is published as, usually {@code ExtendedResource.class}; the resource must be
     *            an instance of it
     * @return {@code true} if published (or already published), {@code false} if another resource has that path
     * @throws IllegalArgumentException if the resource has no valid name or is not an instance of {@code type}
     */
    boolean addResource(ExtendedResource resource, Class<?> type);

    /**
     * Publishes a resource under a parent path, as {@code /<parentPath>/<name>}.
     *
     * @param resource the resource; its name is its last path segment
     * @param type the type the resource is published as; the resource must be an instance of it
     * @param parentPath the parent's path, segments separated by {@code /}; {@code null} or empty means the root
     * @return {@code true} if published (or already published at that path), {@code false} if another resource has that
     *         path
     * @throws IllegalArgumentException if a name or path segment is invalid or the resource is not an instance of
     *             {@code type}
     */
    boolean addResource(ExtendedResource resource, Class<?> type, String parentPath);

    /**
     * Withdraws a published resource. Its observers receive 4.04 Not Found.
     *
     * @param resource the resource passed to {@code addResource}
     * @param type the type it was published as (kept so the call mirrors {@code addResource}; the resource's identity
     *            decides what is withdrawn)
     * @return {@code true} if it was published and is now withdrawn
     */
    boolean removeResource(ExtendedResource resource, Class<?> type);

    /** @return the resources currently published, through either route, in publication order */
    List<ExtendedResource> getResources();

    /** @return the node's domain (the RD sector), empty if not configured; never {@code null} */
    String getDomain();

    /** @return the node's group inside its domain, empty if not configured; never {@code null} */
    String getGroup();

    /** @return the UDP port the server is bound to, or -1 if no endpoint is bound */
    int getPort();

    /**
     * @return the UDP port of the DTLS ({@code coaps://}) endpoint, or -1 if none is bound
     * @since 1.1
     */
    default int getSecurePort() {
        return -1;
    }

    /**
     * Runs a request against this server as if {@code caller} had sent it over an authenticated DTLS session: it goes
     * through the same access policy and resources as a request from the network, without a socket (the remote-query
     * bundle uses this for requests that arrive from other gateways). {@link PeerIdentity#of(Request)} of the
     * delivered request is {@code caller}.
     * <p>
     * The stage completes with the first response. For an Observe registration every response, the first included,
     * is also reported to the {@link org.eclipse.californium.core.coap.MessageObserver}s added to {@code request}
     * before the call, until {@code request.cancel()} ends the relation.
     *
     * @param request a request with method, options and payload; destination, message id and token are set here
     * @param caller the authenticated caller, or {@code null} for an unauthenticated one
     * @return the first response; completes exceptionally if the server cannot run requests (no endpoint, closed)
     * @since 1.2
     */
    default CompletionStage<Response> execute(Request request, PeerIdentity caller) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException("local execution not supported"));
    }

    /**
     * As {@link #execute(Request, PeerIdentity)}, with where the request came from: the server admits it by class
     * ({@link RequestOrigin}). A request it cannot admit now is answered at once with 5.03 Service Unavailable and a
     * Max-Age saying when to retry (RFC 7252, 5.9.3.4), reported to the request's observers like any response.
     *
     * @param origin where the request entered; the two-argument form runs it as from an anonymous client at an
     *            unknown address
     * @since 1.6
     */
    default CompletionStage<Response> execute(Request request, PeerIdentity caller, RequestOrigin origin) {
        return execute(request, caller);
    }

    /**
     * Whether this server would let {@code caller} make a request with {@code method} on the resource at {@code path}:
     * the check a request passes before it reaches its resource, from the network or through {@link #execute} (the
     * server's access policy and the resource's own {@link AccessControlled} requirement). For a bundle that answers,
     * from a Java service, what one of this server's resources answers over CoAP, for a caller who did not come
     * through this server (the remote-query bundle answers lookups from other gateways from the Resource Directory's
     * Java service): with this, that caller meets the same policy as a request to the resource would.
     *
     * @param method the request's method
     * @param path the resource's path, segments separated by {@code /} (for example {@code rd-lookup/res}); a path no
     *            resource serves is judged by the server's policy alone
     * @param caller the authenticated caller, or {@code null} for an unauthenticated one
     * @return whether such a request would reach the resource; {@code false} from a server that cannot tell
     * @since 1.5
     */
    default boolean permits(Code method, String path, PeerIdentity caller) {
        return false;
    }
}
