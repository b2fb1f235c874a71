package io.coaptree.harness.hierarchy.cloud.bundle;

import java.net.InetSocketAddress;
import java.util.Hashtable;

import org.eclipse.kura.cloudconnection.publisher.CloudPublisher;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/**
 * Registers the {@link StandInCloudPublisher} as Kura registers a configured cloud publisher: under
 * {@code CloudPublisher} with its {@code kura.service.pid} (and {@code service.pid}), which is what a
 * {@code CloudPublisher.target} filter selects.
 */
public final class StandInCloudActivator implements BundleActivator {

    /** Manifest headers, written by CloudPublisherBundle. */
    public static final String PID_HEADER = "CoAPTree-CloudPublisher-Pid";
    public static final String FORWARD_HEADER = "CoAPTree-CloudPublisher-Forward";

    private StandInCloudPublisher publisher;
    private ServiceRegistration<?> registration;

    @Override
    public void start(BundleContext context) throws Exception {
        String pid = context.getBundle().getHeaders().get(PID_HEADER);
        String forward = context.getBundle().getHeaders().get(FORWARD_HEADER);
        InetSocketAddress to = forward == null || forward.isEmpty() ? null
                : new InetSocketAddress(forward.substring(0, forward.lastIndexOf(':')),
                        Integer.parseInt(forward.substring(forward.lastIndexOf(':') + 1)));
        publisher = new StandInCloudPublisher(to);
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("kura.service.pid", pid);
        properties.put("service.pid", pid);
        registration = context.registerService(
                new String[] { CloudPublisher.class.getName(), java.util.function.Supplier.class.getName() },
                publisher, properties);
    }

    @Override
    public void stop(BundleContext context) {
        registration.unregister();
        publisher.close();
    }
}
