package io.coaptree.rd.coap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.californium.core.CoapResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.api.CoAPServer;
import io.coaptree.api.ExtendedResource;
import io.coaptree.linkformat.LinkFormatParser;
import io.coaptree.rd.directory.LocalDirectory;
import io.coaptree.rd.lookup.DirectoryLookup;
import io.coaptree.rd.lookup.InterfaceLinks;
import io.coaptree.rd.lookup.LookupKind;
import io.coaptree.rd.lookup.PeerLinks;
import io.coaptree.rd.options.DirectoryOptions;
import io.coaptree.rd.store.ExpirySweeper;
import io.coaptree.rd.store.RegistrationFile;
import io.coaptree.rd.store.RegistrationStore;

/**
 * The Resource Directory on a gateway's CoAP server, without OSGi: the store, the lookups and the CoAP resources
 * {@code /rd}, {@code /rd/{id}}, {@code /rd-lookup/ep}, {@code /rd-lookup/res} and {@code /.well-known/rd},
 * published through the {@link CoAPServer} API. Every periodic task (expiry sweep, saving, the node's own
 * registration, simple-registration timeouts, observe notifications) runs on the one scheduler the caller passes;
 * the directory creates no thread of its own. Pass a single-threaded scheduler: the tasks rely on running one at a
 * time.
 */
public final class CoapResourceDirectory implements AutoCloseable {

    /** Registration resources are {@code /rd/{id}}. */
    public static final String REGISTRATION_PATH_PREFIX = "/" + RegistrationCollectionResource.NAME + "/";

    private static final Logger LOG = LoggerFactory.getLogger(CoapResourceDirectory.class);
    private static final long CLOSE_TIMEOUT_SECONDS = 10;

    private final DirectoryOptions options;
    private final CoAPServer server;
    private final ScheduledExecutorService scheduler;
    private final Path persistenceFile;
    private final RegistrationStore store;
    private final LocalDirectory directory;
    private final DirectoryContext context;
    private final List<ExtendedResource> published = new ArrayList<>();
    private final List<ScheduledFuture<?>> tasks = new ArrayList<>();
    private final AtomicBoolean unsaved = new AtomicBoolean();
    private final Object saveLock = new Object();
    private ExpirySweeper sweeper;
    private boolean started;
    private boolean closed;

    /**
     * @param persistenceFile where registrations are loaded from at {@link #start()} and saved to; null keeps
     *        them in memory only
     */
    public CoapResourceDirectory(DirectoryOptions options, CoAPServer server, ScheduledExecutorService scheduler,
            Clock clock, Path persistenceFile) {
        this(options, server, scheduler, clock, persistenceFile,
                new InterfaceLinks(options.interfacesRefreshInterval()));
    }

    /** @param peerLinks which of the host's links a peer is on (tests place loopback peers on links of their own) */
    CoapResourceDirectory(DirectoryOptions options, CoAPServer server, ScheduledExecutorService scheduler,
            Clock clock, Path persistenceFile, PeerLinks peerLinks) {
        this.options = options;
        this.server = server;
        this.scheduler = scheduler;
        this.persistenceFile = persistenceFile;
        this.store = new RegistrationStore(options.store(), clock);
        this.directory = new LocalDirectory(store, new DirectoryLookup(store, REGISTRATION_PATH_PREFIX),
                () -> options.defaultSector().isEmpty() ? server.getDomain() : options.defaultSector(), options);
        this.context = new DirectoryContext(options, directory,
                new LinkPayload(new LinkFormatParser(options.payloadLimits())), scheduler, peerLinks);
    }

    public RegistrationStore store() {
        return store;
    }

    public DirectoryLookup lookup() {
        return directory.lookup();
    }

    /** The directory the resources serve, which the Java service forwards to while this one runs. */
    public LocalDirectory directory() {
        return directory;
    }

    public DirectoryOptions options() {
        return options;
    }

    /** Loads saved registrations, publishes the resources and schedules the periodic tasks. */
    public synchronized void start() {
        if (started || closed) {
            throw new IllegalStateException(closed ? "directory is closed" : "directory is started");
        }
        started = true;
        load();
        store.addListener(event -> unsaved.set(true));

        RegistrationCollectionResource registration = new RegistrationCollectionResource(context);
        LookupResource endpoints = new LookupResource(context, LookupKind.ENDPOINT);
        LookupResource resources = new LookupResource(context, LookupKind.RESOURCE);
        publish(registration, null);
        publish(endpoints, LookupKind.PARENT);
        publish(resources, LookupKind.PARENT);
        if (options.simpleRegistrationEnabled()) {
            publish(new SimpleRegistrationResource(context), SimpleRegistrationResource.PARENT);
        }
        store.addListener(new LookupNotifier(List.<CoapResource>of(endpoints, resources), scheduler));

        sweeper = ExpirySweeper.start(store, scheduler);
        long saveMillis = options.persistenceInterval().toMillis();
        if (persistenceFile != null && saveMillis > 0) {
            tasks.add(scheduler.scheduleWithFixedDelay(this::saveIfChanged, saveMillis, saveMillis,
                    TimeUnit.MILLISECONDS));
        }
        if (options.localRegistrationEnabled()) {
            long checkMillis = options.localCheckInterval().toMillis();
            tasks.add(scheduler.scheduleWithFixedDelay(new LocalRegistration(context, server, published), 0,
                    checkMillis, TimeUnit.MILLISECONDS));
        }
        LOG.info("Resource Directory started with {} registrations", store.size());
    }

    /** Writes the live registrations to the persistence file now (no-op without one). */
    public void save() throws IOException {
        if (persistenceFile == null) {
            return;
        }
        // not this object's monitor: close() holds it while it waits for the last save on the scheduler
        synchronized (saveLock) {
            unsaved.set(false);
            try {
                Path parent = persistenceFile.toAbsolutePath().getParent();
                if (parent != null) {
                    Files.createDirectories(parent);
                }
                RegistrationFile.save(store, persistenceFile);
            } catch (IOException e) {
                unsaved.set(true);
                throw e;
            }
        }
    }

    /**
     * Withdraws the resources, stops the periodic tasks and saves. The last save runs on the scheduler, after any
     * task already running there, so nothing changes the store behind it.
     */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        for (ExtendedResource resource : published) {
            server.removeResource(resource, ExtendedResource.class);
        }
        published.clear();
        tasks.forEach(task -> task.cancel(false));
        tasks.clear();
        if (sweeper != null) {
            sweeper.close();
        }
        if (started) {
            saveOnScheduler();
        }
        LOG.info("Resource Directory stopped with {} registrations", store.size());
    }

    private void publish(ExtendedResource resource, String parent) {
        if (server.addResource(resource, ExtendedResource.class, parent)) {
            published.add(resource);
        } else {
            LOG.error("Resource Directory cannot publish {}/{}: another resource has that path",
                    parent == null ? "" : "/" + parent, resource.getName());
        }
    }

    private void load() {
        if (persistenceFile == null) {
            return;
        }
        try {
            RegistrationFile.LoadReport report = RegistrationFile.load(store, persistenceFile);
            LOG.info("Restored {} registrations from {} ({} expired meanwhile, {} refused)", report.restored(),
                    persistenceFile, report.expired(), report.refused());
        } catch (IOException e) {
            // keep the unreadable file for inspection rather than overwrite it at the next save
            Path aside = persistenceFile.resolveSibling(persistenceFile.getFileName() + ".unreadable");
            LOG.error("Cannot restore registrations from {}: {}; moved it to {}", persistenceFile, e.getMessage(),
                    aside);
            try {
                Files.move(persistenceFile, aside, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException moveFailed) {
                LOG.error("Cannot move {} aside", persistenceFile, moveFailed);
            }
        }
    }

    private void saveIfChanged() {
        if (!unsaved.get()) {
            return;
        }
        try {
            save();
        } catch (IOException | RuntimeException e) {
            LOG.error("Cannot save registrations to {}; retrying at the next interval", persistenceFile, e);
        }
    }

    private void saveOnScheduler() {
        if (persistenceFile == null) {
            return;
        }
        try {
            Future<?> done = scheduler.submit(this::saveLogged);
            done.get(CLOSE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (RejectedExecutionException | ExecutionException | TimeoutException e) {
            saveLogged();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            saveLogged();
        }
    }

    private void saveLogged() {
        try {
            save();
        } catch (IOException | RuntimeException e) {
            LOG.error("Cannot save registrations to {}", persistenceFile, e);
        }
    }
}
