package io.coaptree.harness.hierarchy.cloud;

import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.Map;

import org.osgi.framework.BundleContext;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;

/**
 * A harness's hold on an emulated cloud connection in a gateway (installed by {@link CloudPublisherBundle}): what an
 * operator does in Kura's Cloud Connections page (connect, disconnect), what the network does (the link drops, the
 * cloud's broker is slow to acknowledge), and what the connection holds. Calls the publisher service by reflection:
 * its classes live in the gateway.
 */
public final class CloudConnection {

    private final BundleContext gateway;
    private final String pid;

    CloudConnection(BundleContext gateway, String pid) {
        this.gateway = gateway;
        this.pid = pid;
    }

    public void connect() {
        call("connect");
    }

    /** Closed on purpose: publishers hear {@code onDisconnected}. */
    public void disconnect() {
        call("disconnect");
    }

    /** The link drops: publishers hear {@code onConnectionLost}. */
    public void loseConnection() {
        call("loseConnection");
    }

    /** The cloud's broker acknowledges no QoS 1 message until {@link #releaseConfirmations()}. */
    public void holdConfirmations() {
        call("holdConfirmations");
    }

    public void releaseConfirmations() {
        call("releaseConfirmations");
    }

    /**
     * {@code connected}; messages {@code stored} (the count the capacity applies to), {@code unsent},
     * {@code inFlight} (sent at QoS 1, not yet confirmed); and since the start, messages {@code sent},
     * {@code confirmed}, {@code refused} by publish, {@code dropped} (in flight when a new session began, without
     * republishing), {@code received} by the cloud; acknowledgements {@code heldBack} now.
     */
    @SuppressWarnings("unchecked")
    public Map<String, Object> state() {
        return (Map<String, Object>) call("state");
    }

    /** What the cloud received, oldest first (the newest 10,000): maps of body, metrics, properties, timestamp. */
    @SuppressWarnings("unchecked")
    public List<Map<String, Object>> received() {
        return (List<Map<String, Object>>) call("get");
    }

    private Object call(String method) {
        ServiceReference<?> reference = reference();
        Object publisher = this.gateway.getService(reference);
        if (publisher == null) {
            throw new IllegalStateException("cloud publisher " + this.pid + " went away");
        }
        try {
            return publisher.getClass().getMethod(method).invoke(publisher);
        } catch (InvocationTargetException e) {
            throw new IllegalStateException("cloud publisher " + this.pid + ": " + method + " failed", e.getCause());
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cloud publisher " + this.pid + " has no " + method, e);
        } finally {
            this.gateway.ungetService(reference);
        }
    }

    private ServiceReference<?> reference() {
        try {
            ServiceReference<?>[] references = this.gateway.getAllServiceReferences(
                    "org.eclipse.kura.cloudconnection.publisher.CloudPublisher", "(kura.service.pid=" + this.pid + ")");
            if (references == null) {
                throw new IllegalStateException("no cloud publisher " + this.pid + " in this gateway");
            }
            return references[0];
        } catch (InvalidSyntaxException e) {
            throw new IllegalArgumentException("pid: " + this.pid, e);
        }
    }
}
