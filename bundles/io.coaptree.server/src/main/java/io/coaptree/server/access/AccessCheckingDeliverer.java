package io.coaptree.server.access;

import java.util.function.Supplier;

import org.eclipse.californium.core.coap.Request;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.coap.Response;
import org.eclipse.californium.core.network.Exchange;
import org.eclipse.californium.core.server.DelivererException;
import org.eclipse.californium.core.server.ServerMessageDeliverer;
import org.eclipse.californium.core.server.resources.Resource;
import org.eclipse.californium.elements.config.Configuration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.api.PeerIdentity;
import io.coaptree.server.options.AccessPolicy;

/**
 * Where the access policy is enforced: before a request reaches its resource, it is checked against the server's
 * {@link AccessPolicy} and the target's own {@link io.coaptree.api.AccessControlled} requirement
 * ({@link AccessDecision}, which {@code CoAPServer.permits} asks too). Unknown paths are left to Californium (4.04), so
 * the check reveals nothing about what exists.
 */
public final class AccessCheckingDeliverer extends ServerMessageDeliverer {

    private static final Logger LOG = LoggerFactory.getLogger(AccessCheckingDeliverer.class);

    private final Supplier<AccessPolicy> policy;

    /**
     * @param root the server's root resource
     * @param config the endpoint's configuration (observe limits)
     * @param policy read for every request, so a new policy applies without re-binding
     */
    public AccessCheckingDeliverer(Resource root, Configuration config, Supplier<AccessPolicy> policy) {
        super(root, config);
        this.policy = policy;
    }

    @Override
    protected boolean preDeliverRequest(Exchange exchange) {
        Resource target;
        try {
            target = findResource(exchange);
        } catch (DelivererException notFound) {
            return false;
        }
        if (target == null) {
            return false;
        }
        Request request = exchange.getRequest();
        AccessDecision decision = AccessDecision.of(policy.get(), request.getCode(), PeerIdentity.of(request), target);
        if (decision == AccessDecision.ALLOWED) {
            return false;
        }
        LOG.debug("{} {} from {} refused: {}", request.getCode(), target.getURI(), request.getSourceContext()
                .getPeerAddress(), decision);
        Response refusal = new Response(decision.refusal());
        refusal.setPayload(decision.diagnostic());
        refusal.getOptions().setContentFormat(MediaTypeRegistry.TEXT_PLAIN);
        exchange.sendResponse(refusal);
        return true;
    }
}
