package io.coaptree.rd.component;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.eclipse.kura.configuration.ConfigurableComponent;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.api.CoAPServer;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.rd.coap.CoapResourceDirectory;
import io.coaptree.rd.directory.CurrentDirectory;
import io.coaptree.rd.options.DirectoryOptions;
import io.coaptree.rd.service.ResourceDirectoryService;
import io.coaptree.rd.store.MonotonicClock;
import io.coaptree.properties.ConfigurationChange;

/**
 * The OSGi shell of {@link CoapResourceDirectory}: Kura configuration in, the directory on the gateway's
 * {@link CoAPServer}, and the same directory as a {@link ResourceDirectoryService} for the gateway's other bundles
 * (registered for as long as the component is active; it serves the directory of the current configuration). It owns
 * the directory's one thread, a single-threaded scheduler shared by the expiry sweep, persistence, the node's own
 * registration and simple-registration timeouts.
 * <p>
 * Registrations are saved under Kura's data folder (or {@code persistence.file}) when the component stops and
 * periodically, and restored with their remaining lifetimes when it starts: they survive a bundle update, a
 * restart and a configuration change. A configuration that cannot be applied is logged naming the field and the
 * directory keeps running as it was.
 */
@Component(name = ResourceDirectory.PID, configurationPid = ResourceDirectory.PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true, service = ConfigurableComponent.class,
        property = "kura.service.pid=" + ResourceDirectory.PID)
public class ResourceDirectory implements ConfigurableComponent {

    public static final String PID = "io.coaptree.rd.ResourceDirectory";
    /**
     * Under Kura's data folder (framework property kura.data) when {@code persistence.file} is empty. Not the
     * bundle's data area: Kura boots with osgi.clean=true, which wipes it, registrations and all, at every start.
     */
    static final Path DEFAULT_FILE = Path.of("coaptree", "rd", "registrations.txt");
    private static final String KURA_DATA = "kura.data";

    private static final Logger LOG = LoggerFactory.getLogger(ResourceDirectory.class);

    @Reference
    private CoAPServer server;

    private BundleContext bundleContext;
    private ScheduledExecutorService scheduler;
    private CoapResourceDirectory directory;
    private final CurrentDirectory service = new CurrentDirectory();
    private ServiceRegistration<ResourceDirectoryService> registration;

    /** The properties of the last configuration applied. */
    private Map<String, Object> runningProperties = Map.of();

    @Activate
    protected void activate(BundleContext context, Map<String, Object> properties) {
        bundleContext = context;
        scheduler = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "coaptree-rd");
            thread.setDaemon(true);
            return thread;
        });
        configure(properties);
        registration = context.registerService(ResourceDirectoryService.class, service, null);
    }

    @Modified
    protected synchronized void modified(Map<String, Object> properties) {
        if (!ConfigurationChange.none(runningProperties, properties)) {
            configure(properties);
        }
    }

    @Deactivate
    protected synchronized void deactivate() {
        if (registration != null) {
            registration.unregister();
            registration = null;
        }
        service.use(null);
        if (directory != null) {
            directory.close();
            directory = null;
        }
        scheduler.shutdown();
        try {
            if (!scheduler.awaitTermination(5, TimeUnit.SECONDS)) {
                scheduler.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            scheduler.shutdownNow();
        }
    }

    /** Never throws: a refused configuration is logged and the running directory stays as it is. */
    private synchronized void configure(Map<String, Object> properties) {
        runningProperties = Map.copyOf(properties);
        DirectoryOptions next;
        try {
            next = DirectoryOptions.fromProperties(properties);
        } catch (InvalidPropertyException e) {
            LOG.error("Resource Directory configuration refused{}: {}",
                    directory == null ? "; the directory is not started" : ", keeping the previous one",
                    e.getMessage());
            return;
        }
        if (directory != null) {
            // the store's limits are fixed at construction: stop (which saves), then start with the new options,
            // which restores every registration they still allow
            service.use(null);
            directory.close();
            directory = null;
        }
        try {
            CoapResourceDirectory started = new CoapResourceDirectory(next, server, scheduler, new MonotonicClock(),
                    persistenceFile(next));
            started.start();
            directory = started;
            service.use(started.directory());
        } catch (RuntimeException e) {
            LOG.error("Resource Directory could not start", e);
        }
    }

    private Path persistenceFile(DirectoryOptions options) {
        if (!options.persistenceFile().isEmpty()) {
            return Path.of(options.persistenceFile());
        }
        String kuraData = bundleContext.getProperty(KURA_DATA);
        if (kuraData == null || kuraData.isBlank()) {
            LOG.warn("No {} folder and {} is empty: registrations are not persisted", KURA_DATA,
                    DirectoryOptions.PERSISTENCE_FILE);
            return null;
        }
        return Path.of(kuraData).resolve(DEFAULT_FILE);
    }
}
