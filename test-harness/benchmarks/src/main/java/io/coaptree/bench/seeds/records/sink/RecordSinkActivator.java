package io.coaptree.bench.seeds.records.sink;

import org.osgi.framework.BundleActivator;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;

import io.coaptree.api.ExtendedResource;

/** Publishes {@link RecordsResource} through the CoAP server's whiteboard, as the examples bundle does. */
public final class RecordSinkActivator implements BundleActivator {

    /** Bundle header: how many device resources to create. */
    public static final String DEVICES_HEADER = "X-Record-Devices";

    private ServiceRegistration<ExtendedResource> registration;

    @Override
    public void start(BundleContext context) {
        int devices = Integer.parseInt(context.getBundle().getHeaders().get(DEVICES_HEADER));
        registration = context.registerService(ExtendedResource.class, new RecordsResource(devices), null);
    }

    @Override
    public void stop(BundleContext context) {
        registration.unregister();
    }
}
