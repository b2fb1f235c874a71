package io.coaptree.server;

import java.util.Dictionary;
import java.util.Hashtable;
import java.util.Map;

import org.eclipse.kura.configuration.ConfigurableComponent;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.ExtendedResource;
import io.coaptree.server.core.GatewayCoapServer;
import io.coaptree.server.options.InvalidOptionException;
import io.coaptree.server.options.ServerOptions;

/**
 * The OSGi shell of {@link GatewayCoapServer}: Kura configuration in, {@link CoAPServer} service out, and the
 * whiteboard of {@link ExtendedResource} services.
 *
 * <p>
 * The CoAPServer service is registered by hand rather than by DS so that its {@code coap.port} property can follow
 * re-binding; the component itself is registered as {@link ConfigurableComponent} for the Kura WebUI. Configuration is
 * optional because Kura hands a configurable component its metatype defaults only once the component is registered.
 */
@Component(name = CoapServerService.PID, configurationPid = CoapServerService.PID,
        configurationPolicy = ConfigurationPolicy.OPTIONAL, immediate = true, service = ConfigurableComponent.class)
public class CoapServerService implements ConfigurableComponent {

    public static final String PID = "io.coaptree.server.CoapServerService";

    private static final Logger LOG = LoggerFactory.getLogger(CoapServerService.class);

    /** Exists from construction so that whiteboard resources bound before activation have a tree to go into. */
    private final GatewayCoapServer server = new GatewayCoapServer();
    private ServiceRegistration<CoAPServer> registration;
    /** Why the last configuration was refused, published so the refusal is visible without the log; null if applied. */
    private volatile String refusal;

    @Activate
    protected void activate(BundleContext context, Map<String, Object> properties) {
        configure(properties);
        registration = context.registerService(CoAPServer.class, server, serviceProperties());
    }

    @Modified
    protected void modified(Map<String, Object> properties) {
        configure(properties);
        if (registration != null) {
            registration.setProperties(serviceProperties());
        }
    }

    @Deactivate
    protected void deactivate() {
        if (registration != null) {
            try {
                registration.unregister();
            } catch (IllegalStateException alreadyGone) {
                // the framework is stopping and unregistered it first
            }
            registration = null;
        }
        server.close();
        LOG.info("CoAP server stopped");
    }

    @Reference(service = ExtendedResource.class, cardinality = ReferenceCardinality.MULTIPLE,
            policy = ReferencePolicy.DYNAMIC)
    protected void addExtendedResource(ExtendedResource resource, Map<String, Object> properties) {
        Object path = properties.get(CoAPServer.RESOURCE_PATH_PROPERTY);
        try {
            server.addResource(resource, ExtendedResource.class, path == null ? null : path.toString());
        } catch (IllegalArgumentException e) {
            LOG.warn("not publishing whiteboard resource {}: {}", resource.getName(), e.getMessage());
        }
    }

    protected void removeExtendedResource(ExtendedResource resource, Map<String, Object> properties) {
        server.removeResource(resource, ExtendedResource.class);
    }

    /** Never throws: a refused configuration is logged and the server keeps what it had. */
    private void configure(Map<String, Object> properties) {
        try {
            server.apply(ServerOptions.from(properties));
            refusal = null;
        } catch (InvalidOptionException e) {
            refusal = e.getMessage();
            LOG.error("CoAP server configuration refused, keeping the previous one: {}", e.getMessage());
        } catch (RuntimeException e) {
            refusal = "configuration: " + e;
            LOG.error("CoAP server configuration failed, keeping the previous one", e);
        }
    }

    private Dictionary<String, Object> serviceProperties() {
        Hashtable<String, Object> props = new Hashtable<>();
        int port = server.getPort();
        if (port >= 0) {
            props.put(CoAPServer.PORT_PROPERTY, port);
        }
        props.put(CoAPServer.DOMAIN_PROPERTY, server.getDomain());
        props.put(CoAPServer.GROUP_PROPERTY, server.getGroup());
        String refused = refusal;
        if (refused != null) {
            props.put(CoAPServer.CONFIG_ERROR_PROPERTY, refused);
        }
        return props;
    }
}
