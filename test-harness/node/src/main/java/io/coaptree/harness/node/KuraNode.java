package io.coaptree.harness.node;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.function.Predicate;

import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleException;
import org.osgi.framework.Constants;
import org.osgi.framework.FrameworkEvent;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.framework.launch.Framework;

import io.coaptree.harness.kura.crypto.AesGcmPasswordCipher;
import io.coaptree.harness.kura.snapshot.PasswordValue;

/**
 * One emulated Kura 5.6 gateway: Equinox 3.16.0 with Kura's runtime bundles at Kura's versions and emulated Kura
 * services, booted as Kura boots (clean framework cache, the newest snapshot pushed into ConfigAdmin by the
 * ConfigurationService, deployment packages re-installed from dpa.properties), configured only through Kura's
 * ConfigurationService (the WebUI's Apply and snapshot upload) and fed deployment packages through
 * DeploymentAdmin. Several nodes can run in one JVM; each keeps its state under its storage dir.
 */
public final class KuraNode implements AutoCloseable {

    /** How long start-up and service calls wait for a framework service to appear. */
    static final Duration SERVICE_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(30);

    static final String CONFIGURATION_SERVICE = "org.eclipse.kura.configuration.ConfigurationService";
    static final String WEB_UI = "io.coaptree.harness.kura.webui.WebUi";
    static final String SERVICE_FACTORY_PID = "service.factoryPid";
    /** Kura's HTTP server manager: its {@value #HTTP_PORTS} are the ports of the gateway's web server (Jetty). */
    public static final String HTTP_SERVICE_PID = "org.eclipse.kura.http.server.manager.HttpService";
    static final String HTTP_PORTS = "http.ports";

    private final String name;
    private final Path storage;
    private final boolean ownsStorage;
    private final Framework framework;
    private final AesGcmPasswordCipher cipher;
    private final ConfigAdminClient configAdmin;
    private final ServiceAccess webUi;
    private final DeploymentAdminClient deploymentAdmin;
    private final PackagesFolder packages;
    private final KeystoreAccess keystores;
    private boolean closed;

    private KuraNode(Builder builder, Path storage, boolean ownsStorage, Framework framework, String cryptoKey) {
        this.name = builder.name;
        this.storage = storage;
        this.ownsStorage = ownsStorage;
        this.framework = framework;
        this.cipher = AesGcmPasswordCipher.fromBase64Key(cryptoKey);
        this.configAdmin = new ConfigAdminClient(framework.getBundleContext(), SERVICE_TIMEOUT);
        this.webUi = new ServiceAccess(framework.getBundleContext(), WEB_UI, SERVICE_TIMEOUT);
        this.deploymentAdmin = new DeploymentAdminClient(framework.getBundleContext(), SERVICE_TIMEOUT);
        this.packages = new PackagesFolder(storage.resolve("packages"));
        this.keystores = new KeystoreAccess(framework.getBundleContext(), this.configAdmin, this.cipher,
                SERVICE_TIMEOUT);
    }

    /**
     * The PKCS12 file of the node's SSLKeystore (the keystore every Kura gateway has), under its storage. A harness
     * may write it before the first boot, as an installer puts a gateway's credentials in place, under
     * {@link #SHIPPED_KEYSTORE_PASSWORD}; the first boot replaces that password with a random one of the gateway's
     * own, so afterwards read it with {@link #keyStore(String)}.
     */
    public static Path sslKeystore(Path storage) {
        return storage.toAbsolutePath().resolve("security").resolve("sslkeystore.p12");
    }

    /**
     * The password Kura's distribution ships SSLKeystore with (and so what a file put in place before the first boot
     * must be protected with). The node is provisioned as Kura is, with {@code randomize.password=true}: the keystore
     * service replaces it at the first boot, so nothing may open the keystore with it afterwards.
     */
    public static final String SHIPPED_KEYSTORE_PASSWORD = "changeit";

    public static Builder builder(String nodeName) {
        return new Builder(nodeName);
    }

    /** A Password value for {@link Builder#configuration}, given in plain; the gateway encrypts it when it loads it. */
    public static Object password(String plain) {
        return new PasswordValue(plain, false);
    }

    /** How to put a node together; {@link #start()} boots it. */
    public static final class Builder {

        private final String name;
        private Path storage;
        private final Map<String, String> frameworkProperties = new LinkedHashMap<>();
        private final List<Path> snapshots = new ArrayList<>();
        private final Map<String, Map<String, Object>> configurations = new LinkedHashMap<>();
        private final List<Path> deploymentPackages = new ArrayList<>();

        private Builder(String name) {
            if (name == null || name.isBlank()) {
                throw new IllegalArgumentException("nodeName must not be blank");
            }
            this.name = name;
        }

        /** Where the node keeps framework cache, configuration and packages; default: a fresh temp dir. */
        public Builder storage(Path dir) {
            this.storage = Objects.requireNonNull(dir, "storage");
            return this;
        }

        /** A framework launch property; overrides the node's defaults (e.g. coaptree.harness.crypto.key). */
        public Builder frameworkProperty(String key, String value) {
            this.frameworkProperties.put(Objects.requireNonNull(key, "key"), Objects.requireNonNull(value, "value"));
            return this;
        }

        /**
         * A Kura snapshot the gateway is provisioned with, as Kura's distribution ships snapshot_0.xml: on the first
         * boot of a storage (no snapshot yet) these snapshots, later ones winning per pid, become snapshot_0.xml,
         * which the ConfigurationService pushes into ConfigAdmin before any deployment package is installed. On a
         * later boot the newest saved snapshot counts, as on a gateway.
         */
        public Builder snapshot(Path snapshotXml) {
            this.snapshots.add(Objects.requireNonNull(snapshotXml, "snapshot"));
            return this;
        }

        /**
         * Provisioning values for one pid, merged over the snapshots' (same first-boot rule as {@link #snapshot}):
         * how a gateway is set up before its packages arrive, since Kura ignores Apply for a pid no installed
         * component has registered yet. Give Password values with {@link KuraNode#password(String)}; a factory
         * instance needs "service.factoryPid" among the properties.
         */
        public Builder configuration(String pid, Map<String, Object> properties) {
            this.configurations.computeIfAbsent(Objects.requireNonNull(pid, "pid"), p -> new LinkedHashMap<>())
                    .putAll(properties);
            return this;
        }

        /**
         * The web server's port, provisioned as {@code http.ports} of Kura's HTTP server manager (first boot only, like
         * every provisioning value); default: a port free at the first boot. The port is kept across reboots.
         */
        public Builder httpPort(int port) {
            if (port < 1 || port > 65535) {
                throw new IllegalArgumentException("httpPort: " + port + " is outside 1..65535");
            }
            return configuration(HTTP_SERVICE_PID, Map.of(HTTP_PORTS, new Integer[] { port }));
        }

        /** A deployment package installed at start through DeploymentAdmin. */
        public Builder deploymentPackage(Path dpFile) {
            this.deploymentPackages.add(Objects.requireNonNull(dpFile, "deploymentPackage"));
            return this;
        }

        /** Boots the node; returns once every bundle is started, every snapshot applied, every package installed. */
        public KuraNode start() throws Exception {
            return KuraNode.boot(this);
        }
    }

    private static KuraNode boot(Builder builder) throws Exception {
        boolean ownsStorage = builder.storage == null;
        Path storage = ownsStorage ? Files.createTempDirectory("kura-node-" + safe(builder.name) + "-")
                : Files.createDirectories(builder.storage.toAbsolutePath());
        Log4jApiConfig.configureOnce();
        builder.configurations.computeIfAbsent(HTTP_SERVICE_PID, pid -> new LinkedHashMap<>())
                .putIfAbsent(HTTP_PORTS, new Integer[] { FreePort.pick() });
        Map<String, String> properties = frameworkProperties(builder, storage);
        AesGcmPasswordCipher cipher = AesGcmPasswordCipher.fromBase64Key(properties.get(AesGcmPasswordCipher.KEY_PROPERTY));
        new Provisioning(storage.resolve("snapshots"), storage.resolve("security"), cipher).writeIfFirstBoot(
                builder.snapshots, builder.configurations);
        Framework framework = new org.eclipse.osgi.launch.EquinoxFactory().newFramework(properties);
        framework.init();
        framework.start();
        KuraNode node = new KuraNode(builder, storage, ownsStorage, framework,
                properties.get(AesGcmPasswordCipher.KEY_PROPERTY));
        try {
            node.installRuntime();
            node.awaitService(CONFIGURATION_SERVICE);
            node.awaitService(WEB_UI);
            node.awaitLazyBundlesActive();
            List<Path> packages = new ArrayList<>(node.packages.recorded());
            for (Path dp : builder.deploymentPackages) {
                packages.removeIf(p -> p.getFileName().equals(dp.getFileName()));
                packages.add(dp);
            }
            for (Path dp : packages) {
                node.installDeploymentPackage(dp);
            }
            node.requireStarted("node " + builder.name, bundle -> true);
            return node;
        } catch (Exception | Error e) {
            try {
                node.close();
            } catch (RuntimeException closeFailure) {
                e.addSuppressed(closeFailure);
            }
            throw e;
        }
    }

    private static Map<String, String> frameworkProperties(Builder builder, Path storage) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put(Constants.FRAMEWORK_STORAGE, storage.resolve("framework").toString());
        // Kura starts Equinox with osgi.clean=true: the cache, ConfigAdmin's store with it, is wiped at every boot;
        // configuration comes back from snapshots and deployment packages from dpa.properties.
        p.put(Constants.FRAMEWORK_STORAGE_CLEAN, Constants.FRAMEWORK_STORAGE_CLEAN_ONFIRSTINIT);
        p.put("osgi.clean", "true");
        // Several frameworks share this JVM: no configuration from system properties, no console log.
        p.put("osgi.framework.useSystemProperties", "false");
        p.put("eclipse.consoleLog", "true");
        p.put(AesGcmPasswordCipher.KEY_PROPERTY, AesGcmPasswordCipher.DEFAULT_KEY_BASE64);
        p.put("kura.name", builder.name);
        p.put("kura.device.name", builder.name);
        p.put("kura.home", storage.toString());
        p.put("kura.data", storage.resolve("data").toString());
        p.put("kura.tmp", storage.resolve("tmp").toString());
        p.put("kura.snapshots", storage.resolve("snapshots").toString());
        p.put("kura.packages", storage.resolve("packages").toString());
        p.put("kura.user.config", storage.resolve("user").toString());
        p.put("kura.framework.config", storage.resolve("framework-config").toString());
        p.putAll(builder.frameworkProperties);
        return p;
    }

    private static String safe(String text) {
        return text.replaceAll("[^A-Za-z0-9._-]", "_");
    }

    private void installRuntime() throws IOException, BundleException {
        BundleContext context = bundleContext();
        List<Bundle> installed = new ArrayList<>();
        List<Bundle> lazy = new ArrayList<>();
        for (String entry : RuntimeBundles.entries()) {
            String file = RuntimeBundles.fileName(entry);
            try (InputStream in = RuntimeBundles.open(file)) {
                Bundle bundle = context.installBundle(RuntimeBundles.LOCATION_PREFIX + file, in);
                (RuntimeBundles.isLazy(entry) ? lazy : installed).add(bundle);
            }
        }
        try (InputStream in = Log4jApiConfig.fragment()) {
            installed.add(context.installBundle(Log4jApiConfig.LOCATION, in));
        }
        // nothing starts (and so resolves) before the log4j fragment is installed: its host must resolve with it
        for (Bundle bundle : lazy) {
            bundle.start(Bundle.START_ACTIVATION_POLICY);
        }
        for (Bundle bundle : installed) {
            if (!isFragment(bundle)) {
                bundle.start();
            }
        }
    }

    public String name() {
        return this.name;
    }

    public Path storage() {
        return this.storage;
    }

    /** The (first) port of Kura's web server (Jetty, through Equinox's http.jetty), as its configuration says. */
    public int httpPort() {
        try {
            Map<String, Object> configuration = configuration(HTTP_SERVICE_PID);
            Object ports = configuration == null ? null : configuration.get(HTTP_PORTS);
            if (ports instanceof Integer[] array && array.length > 0) {
                return array[0];
            }
        } catch (Exception e) {
            throw new IllegalStateException("node " + this.name + ": ConfigAdmin unavailable", e);
        }
        throw new IllegalStateException("node " + this.name + ": no HTTP port configured in " + HTTP_SERVICE_PID);
    }

    /** Installs (or upgrades) a .dp through DeploymentAdmin and checks that every bundle it brought is started. */
    public void installDeploymentPackage(Path dpFile) throws Exception {
        if (!Files.isRegularFile(dpFile)) {
            throw new IOException("deployment package " + dpFile + " does not exist");
        }
        Path copy = this.packages.copyIn(dpFile);
        DeploymentAdminClient.Installed installed = this.deploymentAdmin.install(copy);
        this.packages.record(installed.name(), copy);
        requireStarted("deployment package " + installed.name() + " " + installed.version(),
                bundle -> installed.bundles().contains(bundle.getSymbolicName()));
    }

    /** Removes a deployment package by name (DeploymentAdmin uninstalls its bundles) and forgets it for reboots. */
    public void uninstallDeploymentPackage(String packageName) throws Exception {
        this.deploymentAdmin.uninstall(packageName);
        this.packages.forget(packageName);
    }

    /** Settings &gt; Snapshots &gt; Upload and Apply in the WebUI: the snapshot goes through the ConfigurationService. */
    public void applySnapshot(Path snapshotXml) throws Exception {
        this.webUi.call("uploadSnapshot", new Class<?>[] { String.class }, Files.readString(snapshotXml));
    }

    /**
     * Apply in the WebUI's page for this pid: the given properties replace those of the same name, the others are
     * kept; Password fields may be given in plain and are encrypted by the ConfigurationService. With
     * "service.factoryPid" among the properties and a pid Kura does not know yet, creates that factory instance.
     */
    public void updateConfiguration(String pid, Map<String, Object> properties) throws Exception {
        Map<String, Object> values = new LinkedHashMap<>(properties);
        Object factoryPid = values.remove(SERVICE_FACTORY_PID);
        this.webUi.call("apply", new Class<?>[] { String.class, String.class, Map.class }, pid,
                factoryPid == null ? null : factoryPid.toString(), values);
    }

    /** The pids the WebUI lists under Services (Kura's ConfigurationService tracks them). */
    @SuppressWarnings("unchecked")
    public List<String> services() throws Exception {
        return (List<String>) this.webUi.call("services", new Class<?>[0]);
    }

    /**
     * Waits until the WebUI lists every one of these pids. Components register asynchronously once their
     * configuration is seeded, and Kura drops an Apply or a snapshot block for a pid it does not list yet, as an
     * operator would see: wait for the page before configuring it. False if one is still missing at the timeout.
     */
    public boolean awaitListed(Duration timeout, String... pids) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        List<String> wanted = List.of(pids);
        while (!services().containsAll(wanted)) {
            if (System.nanoTime() >= deadline) {
                return false;
            }
            Thread.sleep(20);
        }
        return true;
    }

    /** The fields of the pid's WebUI form (its metatype attribute ids), or null when the WebUI has no form for it. */
    @SuppressWarnings("unchecked")
    public List<String> formFields(String pid) throws Exception {
        return (List<String>) this.webUi.call("formFields", new Class<?>[] { String.class }, pid);
    }

    /** What ConfigAdmin holds for this pid (service.pid, or kura.service.pid of a factory instance); null if none. */
    public Map<String, Object> configuration(String pid) throws Exception {
        return this.configAdmin.properties(pid);
    }

    /** The keystore of a KeystoreService instance ({@code kura.service.pid}, e.g. SSLKeystore), read through it. */
    public KeyStore keyStore(String keystorePid) throws Exception {
        return this.keystores.keyStore(keystorePid);
    }

    /**
     * The password of a keystore instance where Kura keeps it, its configuration (decrypted with the node's key),
     * once a randomization asked for at the first boot is written there: for handing a keystore to a tool outside
     * the gateway. Components read keystores through the KeystoreService.
     */
    public char[] keystorePassword(String keystorePid) throws Exception {
        return this.keystores.password(keystorePid);
    }

    /** The ciphertext this node's CryptoService would produce: what a snapshot's encrypted Password holds. */
    public String encryptPassword(String plain) {
        try {
            return this.cipher.encrypt(plain);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("AES-GCM unavailable in this JRE", e);
        }
    }

    public List<BundleInfo> bundles() {
        List<BundleInfo> list = new ArrayList<>();
        for (Bundle bundle : bundleContext().getBundles()) {
            list.add(new BundleInfo(bundle.getSymbolicName(), bundle.getVersion().toString(), stateName(bundle)));
        }
        return list;
    }

    /** True as soon as a service of that class matching the filter (may be null) exists; false after the timeout. */
    public <T> boolean awaitServiceProperty(String objectClass, String ldapFilter, Duration timeout) {
        return ServiceAccess.await(bundleContext(), filter(objectClass, ldapFilter), timeout) != null;
    }

    /** A property of the best-ranked matching service, or null when no service matches. */
    public Object serviceProperty(String objectClass, String ldapFilter, String key) {
        return bestMatch(objectClass, ldapFilter).map(r -> r.getProperty(key)).orElse(null);
    }

    /** Every property of the best-ranked matching service, sorted by key; empty when no service matches. */
    public SortedMap<String, Object> serviceProperties(String objectClass, String ldapFilter) {
        SortedMap<String, Object> properties = new TreeMap<>();
        bestMatch(objectClass, ldapFilter).ifPresent(r -> {
            for (String key : r.getPropertyKeys()) {
                properties.put(key, r.getProperty(key));
            }
        });
        return properties;
    }

    private Optional<ServiceReference<?>> bestMatch(String objectClass, String ldapFilter) {
        try {
            ServiceReference<?>[] references = bundleContext().getAllServiceReferences(null,
                    filter(objectClass, ldapFilter));
            return references == null ? Optional.empty()
                    : Arrays.stream(references).max(Comparator.naturalOrder());
        } catch (InvalidSyntaxException e) {
            throw new IllegalArgumentException("bad LDAP filter " + ldapFilter + ": " + e.getMessage(), e);
        }
    }

    private static String filter(String objectClass, String ldapFilter) {
        String classFilter = "(objectClass=" + Objects.requireNonNull(objectClass, "objectClass") + ")";
        if (ldapFilter == null || ldapFilter.isBlank()) {
            return classFilter;
        }
        String extra = ldapFilter.trim().startsWith("(") ? ldapFilter.trim() : "(" + ldapFilter.trim() + ")";
        return "(&" + classFilter + extra + ")";
    }

    /** The system bundle's context, for tests that need the framework directly. */
    public BundleContext bundleContext() {
        return this.framework.getBundleContext();
    }

    /** Stops the framework and waits for it; deletes the storage only if the node created it. Idempotent. */
    @Override
    public synchronized void close() {
        if (this.closed) {
            return;
        }
        this.closed = true;
        try {
            this.framework.stop();
            FrameworkEvent event = this.framework.waitForStop(STOP_TIMEOUT.toMillis());
            if (event.getType() == FrameworkEvent.WAIT_TIMEDOUT) {
                throw new IllegalStateException("node " + this.name + " did not stop within " + STOP_TIMEOUT);
            }
        } catch (BundleException e) {
            throw new IllegalStateException("node " + this.name + " failed to stop", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            if (this.ownsStorage) {
                deleteStorage();
            }
        }
    }

    private void awaitService(String objectClass) {
        // Kura's core services come up before any deployment package is installed; so must the emulated ones.
        if (ServiceAccess.await(bundleContext(), filter(objectClass, null), SERVICE_TIMEOUT) == null) {
            throw new IllegalStateException("node " + this.name + ": " + objectClass + " did not appear within "
                    + SERVICE_TIMEOUT + "; bundles: " + bundles());
        }
    }

    /**
     * Waits until no bundle waits for its lazy activation: Kura's web server is up (http.jetty activated by the HTTP
     * server manager) before any deployment package is installed, as on a gateway.
     */
    private void awaitLazyBundlesActive() throws InterruptedException {
        long deadline = System.nanoTime() + SERVICE_TIMEOUT.toNanos();
        while (true) {
            List<String> waiting = new ArrayList<>();
            for (Bundle bundle : bundleContext().getBundles()) {
                if (bundle.getState() == Bundle.STARTING) {
                    waiting.add(bundle.getSymbolicName());
                }
            }
            if (waiting.isEmpty()) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("node " + this.name + ": " + waiting + " not activated within "
                        + SERVICE_TIMEOUT + " (is " + HTTP_SERVICE_PID + " configured?)");
            }
            Thread.sleep(20);
        }
    }

    /**
     * Fails when a bundle (not a fragment) is not ACTIVE, with the framework's reason: DeploymentAdmin only logs a
     * bundle that will not start, and Kura would show it as installed but dead.
     */
    private void requireStarted(String what, Predicate<Bundle> concerned) {
        List<String> problems = new ArrayList<>();
        for (Bundle bundle : bundleContext().getBundles()) {
            // STARTING: started with its activation policy and not yet needed (http.jetty until Kura's HTTP server
            // manager calls it); starting it eagerly would start Jetty's default server, which Kura never runs
            if (!concerned.test(bundle) || bundle.getState() == Bundle.ACTIVE || bundle.getState() == Bundle.STARTING
                    || isFragment(bundle)) {
                continue;
            }
            try {
                bundle.start();
            } catch (BundleException | IllegalStateException e) {
                problems.add(bundle.getSymbolicName() + " " + bundle.getVersion() + ": " + e.getMessage());
                continue;
            }
            if (bundle.getState() != Bundle.ACTIVE) {
                problems.add(bundle.getSymbolicName() + " " + bundle.getVersion() + " is " + stateName(bundle));
            }
        }
        if (!problems.isEmpty()) {
            throw new IllegalStateException(what + ": bundles not started: " + String.join("; ", problems));
        }
    }

    private static boolean isFragment(Bundle bundle) {
        return bundle.getHeaders("").get(Constants.FRAGMENT_HOST) != null;
    }

    private static String stateName(Bundle bundle) {
        switch (bundle.getState()) {
        case Bundle.UNINSTALLED:
            return "UNINSTALLED";
        case Bundle.INSTALLED:
            return "INSTALLED";
        case Bundle.RESOLVED:
            return "RESOLVED";
        case Bundle.STARTING:
            return "STARTING";
        case Bundle.STOPPING:
            return "STOPPING";
        case Bundle.ACTIVE:
            return "ACTIVE";
        default:
            return "UNKNOWN(" + bundle.getState() + ")";
        }
    }

    /** Equinox may still flush its cache files just after reporting STOPPED, so a failed delete is retried briefly. */
    private void deleteStorage() {
        for (int attempt = 0; attempt < 10 && Files.exists(this.storage); attempt++) {
            deleteTree(this.storage);
            if (Files.exists(this.storage)) {
                try {
                    Thread.sleep(100);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private static void deleteTree(Path root) {
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    Files.deleteIfExists(file);
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult postVisitDirectory(Path dir, IOException e) throws IOException {
                    Files.deleteIfExists(dir);
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            // A leftover temp dir is harmless; never fail close() over it.
        }
    }

    @Override
    public String toString() {
        return "KuraNode[" + this.name + ", " + this.storage + "]";
    }
}
