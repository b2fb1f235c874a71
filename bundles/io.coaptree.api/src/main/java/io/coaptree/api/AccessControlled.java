package io.coaptree.api;

/**
 * Implemented by a published resource (typically an {@link ExtendedResource}) that wants a stricter access policy
 * than the server's: an actuator that only some identities may drive, or a resource that must not even be read
 * anonymously. The server checks it centrally, before the resource's handler runs, for requests addressed to this
 * resource; the handler only sees requests that passed. The authenticated peer is available to the handler through
 * {@link PeerIdentity#of(org.eclipse.californium.core.server.resources.CoapExchange)}.
 */
public interface AccessControlled {

    /**
     * Called for every request to this resource, so the answer may change at run time.
     *
     * @return the requirement, never {@code null} (use {@link AccessRequirement#none()})
     */
    AccessRequirement accessRequirement();
}
