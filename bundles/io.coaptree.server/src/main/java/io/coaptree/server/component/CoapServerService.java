package io.coaptree.server.component;

import java.security.KeyStore;
import java.util.ArrayList;
import java.util.Dictionary;
import java.util.Hashtable;
import java.util.List;
import java.util.Map;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.configuration.ConfigurableComponent;
import org.eclipse.kura.crypto.CryptoService;
import org.eclipse.kura.security.keystore.KeystoreService;
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
import org.osgi.service.component.annotations.ReferencePolicyOption;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.ExtendedResource;
import io.coaptree.properties.ConfigurationChange;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.server.core.GatewayCoapServer;
import io.coaptree.server.dtls.DtlsCredentials;
import io.coaptree.server.dtls.KeystoreEntries;
import io.coaptree.server.options.AccessPolicy;
import io.coaptree.server.options.CapacityOptions;
import io.coaptree.server.options.CertificateSource;
import io.coaptree.server.options.DtlsOptions;
import io.coaptree.server.options.ServerOptions;

/**
 * The OSGi shell of {@link GatewayCoapServer}: Kura configuration in, {@link CoAPServer} service out, and the
 * whiteboard of {@link ExtendedResource} services. Password properties are decrypted with Kura's
 * {@link CryptoService}; with {@code dtls.certificates.source=kura-keystore} the DTLS key and trusted CAs come from the
 * {@link KeystoreService}s selected by {@code KeystoreService.target} and {@code TruststoreKeystoreService.target}
 * (references named like Kura's SSL manager's, so the WebUI shows its keystore picker), and re-key the endpoint
 * whenever those services change.
 *
 * <p>
 * The CoAPServer service is registered by hand rather than by DS so that its {@code coap.port} property can follow
 * re-binding; the component itself is registered as {@link ConfigurableComponent} for the Kura WebUI.
 * <p>
 * Kura's rule for every configurable component (see test-harness/kura-emulator's ConfigurationService): Kura's
 * ConfigurationService tracks a component only if it carries service.pid and kura.service.pid the moment it is
 * registered; without them there is no WebUI page and snapshot blocks for the pid are dropped. Configuration is
 * therefore required: the ConfigurationService seeds the metatype defaults into ConfigAdmin when it sees the bundle,
 * which starts the component with service.pid (and kura.service.pid) from that configuration. service.pid is not
 * declared as a component property as well: with a DS 1.3+ descriptor Felix SCR would then register both values as
 * a list, which Kura reads as the text "[pid, pid]", a pid no configuration has.
 */
@Component(name = CoapServerService.PID, configurationPid = CoapServerService.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true, service = ConfigurableComponent.class,
        property = "kura.service.pid=" + CoapServerService.PID)
public class CoapServerService implements ConfigurableComponent {

    public static final String PID = ServerOptions.PID;

    private static final Logger LOG = LoggerFactory.getLogger(CoapServerService.class);

    /** Exists from construction so that whiteboard resources bound before activation have a tree to go into. */
    private final GatewayCoapServer server = new GatewayCoapServer();
    private ServiceRegistration<CoAPServer> registration;
    /** Why the last configuration was refused, published so the refusal is visible without the log; null if applied. */
    private volatile String refusal;

    @Reference
    private CryptoService crypto;
    /** The Kura keystores picked in the WebUI; read only when dtls.certificates.source is kura-keystore. */
    private volatile KeystoreService keystoreService;
    private volatile KeystoreService truststoreService;
    /** The last configuration, re-applied when a selected KeystoreService comes, goes or changes. */
    private Map<String, Object> properties;
    private boolean active;

    @Activate
    protected synchronized void activate(BundleContext context, Map<String, Object> properties) {
        this.properties = properties;
        active = true;
        configure(properties);
        registration = context.registerService(CoAPServer.class, server, serviceProperties());
    }

    @Modified
    protected synchronized void modified(Map<String, Object> properties) {
        if (ConfigurationChange.none(this.properties, properties)) {
            return;
        }
        this.properties = properties;
        reconfigure();
    }

    private void reconfigure() {
        if (!active) {
            return;
        }
        configure(properties);
        if (registration != null) {
            registration.setProperties(serviceProperties());
        }
    }

    @Reference(name = "KeystoreService", service = KeystoreService.class, cardinality = ReferenceCardinality.OPTIONAL,
            policy = ReferencePolicy.DYNAMIC, policyOption = ReferencePolicyOption.GREEDY,
            target = DtlsOptions.KURA_SSL_KEYSTORE, unbind = "unbindKeystoreService",
            updated = "updatedKeystoreService")
    protected synchronized void bindKeystoreService(KeystoreService service) {
        keystoreService = service;
        reconfigureIfKuraKeystore();
    }

    protected synchronized void unbindKeystoreService(KeystoreService service) {
        if (keystoreService == service) {
            keystoreService = null;
            reconfigureIfKuraKeystore();
        }
    }

    protected synchronized void updatedKeystoreService(KeystoreService service) {
        reconfigureIfKuraKeystore();
    }

    @Reference(name = "TruststoreKeystoreService", service = KeystoreService.class,
            cardinality = ReferenceCardinality.OPTIONAL, policy = ReferencePolicy.DYNAMIC,
            policyOption = ReferencePolicyOption.GREEDY, target = DtlsOptions.KURA_SSL_KEYSTORE,
            unbind = "unbindTruststoreKeystoreService", updated = "updatedTruststoreKeystoreService")
    protected synchronized void bindTruststoreKeystoreService(KeystoreService service) {
        truststoreService = service;
        reconfigureIfKuraKeystore();
    }

    protected synchronized void unbindTruststoreKeystoreService(KeystoreService service) {
        if (truststoreService == service) {
            truststoreService = null;
            reconfigureIfKuraKeystore();
        }
    }

    protected synchronized void updatedTruststoreKeystoreService(KeystoreService service) {
        reconfigureIfKuraKeystore();
    }

    private void reconfigureIfKuraKeystore() {
        if (active && properties != null && CertificateSource.KURA_KEYSTORE.value()
                .equalsIgnoreCase(String.valueOf(properties.get(DtlsOptions.CERTIFICATE_SOURCE.id())).trim())) {
            reconfigure();
        }
    }

    @Deactivate
    protected synchronized void deactivate() {
        active = false;
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

    /**
     * Never throws: each part (plain endpoint, access policy, DTLS endpoint) is applied on its own, so a refused DTLS
     * configuration leaves the plain endpoint serving; a refused part is logged and keeps what it had.
     */
    private void configure(Map<String, Object> properties) {
        List<String> refusals = new ArrayList<>();
        apply("CoAP server", refusals, () -> server.apply(ServerOptions.fromProperties(properties)));
        apply("Access policy", refusals, () -> server.applyAccessPolicy(AccessPolicy.fromProperties(properties)));
        apply("Capacity", refusals, () -> server.applyCapacity(CapacityOptions.fromProperties(properties)));
        apply("DTLS", refusals, () -> {
            DtlsOptions dtls = DtlsOptions.fromProperties(properties, this::decrypt);
            server.applyDtls(dtls, DtlsCredentials.load(dtls, kuraKeystores(dtls)));
        });
        refusal = refusals.isEmpty() ? null : String.join("; ", refusals);
    }

    private static void apply(String part, List<String> refusals, Runnable step) {
        try {
            step.run();
        } catch (InvalidPropertyException e) {
            // the message names the field and never carries a secret; the cause might, so it is not logged
            refusals.add(e.getMessage());
            LOG.error("{} configuration refused, keeping the previous one: {}", part, e.getMessage());
        } catch (RuntimeException e) {
            refusals.add("configuration: " + e.getClass().getSimpleName());
            LOG.error("{} configuration failed, keeping the previous one: {}", part, e.getClass().getName());
        }
    }

    private char[] decrypt(String field, String stored) {
        try {
            return crypto.decryptAes(stored.toCharArray());
        } catch (KuraException | RuntimeException e) {
            throw new InvalidPropertyException(field,
                    "cannot be decrypted with this gateway's CryptoService; enter it again in the WebUI");
        }
    }

    private KeystoreEntries kuraKeystores(DtlsOptions dtls) {
        if (!dtls.enabled() || dtls.certificateSource() != CertificateSource.KURA_KEYSTORE) {
            return KeystoreEntries.NONE;
        }
        return new KeystoreEntries(entries(keystoreService, DtlsOptions.KEYSTORE_SERVICE_TARGET.id()),
                entries(truststoreService, DtlsOptions.TRUSTSTORE_SERVICE_TARGET.id()));
    }

    private static Map<String, KeyStore.Entry> entries(KeystoreService service, String field) {
        if (service == null) {
            return null;
        }
        try {
            return service.getEntries();
        } catch (KuraException e) {
            throw new InvalidPropertyException(field, "the selected KeystoreService cannot be read (" + e.getMessage()
                    + ")");
        }
    }

    private Dictionary<String, Object> serviceProperties() {
        Hashtable<String, Object> props = new Hashtable<>();
        int port = server.getPort();
        if (port >= 0) {
            props.put(CoAPServer.PORT_PROPERTY, port);
        }
        int securePort = server.getSecurePort();
        if (securePort >= 0) {
            props.put(CoAPServer.SECURE_PORT_PROPERTY, securePort);
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
