package io.coaptree.harness.hierarchy.cloud.bundle;

import java.net.InetSocketAddress;
import java.util.Hashtable;
import java.util.function.Supplier;

import org.eclipse.kura.cloudconnection.publisher.CloudPublisher;
import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

/**
 * Puts the emulated cloud connection together (the cloud's end, the DataService, the publisher) from the settings in
 * the bundle's manifest, connects it if {@code connect.auto-on-startup} says so, and registers the
 * {@link StandInCloudPublisher} as Kura registers a configured cloud publisher: under {@code CloudPublisher} with its
 * {@code kura.service.pid} (and {@code service.pid}), which is what a {@code CloudPublisher.target} filter selects.
 */
public final class StandInCloudActivator implements BundleActivator {

    /** Manifest headers, written by CloudPublisherBundle. */
    public static final String PID_HEADER = "CoAPTree-CloudPublisher-Pid";
    public static final String SETTINGS_HEADER = "CoAPTree-CloudConnection-Settings";

    private StandInCloudPublisher publisher;
    private ServiceRegistration<?> registration;

    @Override
    public void start(BundleContext context) throws Exception {
        String pid = context.getBundle().getHeaders().get(PID_HEADER);
        CloudConnectionSettings settings = CloudConnectionSettings
                .parse(context.getBundle().getHeaders().get(SETTINGS_HEADER));
        String forward = settings.text(CloudConnectionSettings.FORWARD);
        InetSocketAddress to = forward == null ? null
                : new InetSocketAddress(forward.substring(0, forward.lastIndexOf(':')),
                        Integer.parseInt(forward.substring(forward.lastIndexOf(':') + 1)));
        String name = "cloud-" + pid;
        publisher = new StandInCloudPublisher(name, settings);
        long confirmDelay = settings.number(CloudConnectionSettings.CONFIRM_DELAY);
        publisher.attach(new EmulatedDataService(name, settings,
                acknowledgements -> new CloudEndpoint(name, confirmDelay, to, acknowledgements), publisher));
        if (settings.flag(CloudConnectionSettings.AUTO_CONNECT)) {
            publisher.connect();
        }
        Hashtable<String, Object> properties = new Hashtable<>();
        properties.put("kura.service.pid", pid);
        properties.put("service.pid", pid);
        registration = context.registerService(new String[] { CloudPublisher.class.getName(), Supplier.class.getName() },
                publisher, properties);
    }

    @Override
    public void stop(BundleContext context) {
        registration.unregister();
        publisher.close();
    }
}
