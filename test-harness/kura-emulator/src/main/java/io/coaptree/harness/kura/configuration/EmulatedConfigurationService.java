package io.coaptree.harness.kura.configuration;

import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.kura.KuraErrorCode;
import org.eclipse.kura.KuraException;
import org.eclipse.kura.configuration.ComponentConfiguration;
import org.eclipse.kura.configuration.ConfigurableComponent;
import org.eclipse.kura.configuration.ConfigurationService;
import org.eclipse.kura.configuration.Password;
import org.eclipse.kura.configuration.SelfConfiguringComponent;
import org.eclipse.kura.configuration.metatype.OCD;
import org.eclipse.kura.crypto.CryptoService;
import org.eclipse.kura.system.SystemService;
import org.osgi.framework.Bundle;
import org.osgi.framework.BundleContext;
import org.osgi.framework.BundleEvent;
import org.osgi.framework.Constants;
import org.osgi.framework.Filter;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.framework.ServiceReference;
import org.osgi.service.cm.Configuration;
import org.osgi.service.cm.ConfigurationAdmin;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.osgi.service.metatype.MetaTypeInformation;
import org.osgi.service.metatype.MetaTypeService;
import org.osgi.util.tracker.BundleTracker;

import io.coaptree.harness.kura.snapshot.PasswordValue;
import io.coaptree.harness.kura.snapshot.SnapshotConfiguration;

/**
 * Kura's ConfigurationService, emulated by Kura 5.6's rules, because these rules decide whether our components
 * appear in the WebUI and whether snapshots reach them:
 * <ul>
 * <li>At activation the newest snapshot is pushed into ConfigAdmin (the framework cache, and with it ConfigAdmin's
 * store, is wiped at every boot: snapshots are what survives).</li>
 * <li>For every ACTIVE bundle, the pids its MetaTypeService information lists are read from
 * OSGI-INF/metatype/&lt;pid&gt;.xml; a singleton pid gets its configuration seeded with the metatype defaults
 * (which is what starts a configuration-policy=require component).</li>
 * <li>ConfigurableComponent and SelfConfiguringComponent services are bound by reference and tracked only if they
 * carry service.pid and kura.service.pid when they are registered. One registered without them is ignored for good
 * (a later property change is not looked at): no WebUI page, and snapshot blocks for its pid are dropped.</li>
 * <li>Updates merge defaults, the running configuration and the new values; Password values are encrypted unless
 * they already decrypt. Like Kura, values are not validated against the metatype (Kura looks the definition up in
 * its own bundle and finds none), so components must refuse bad values themselves.</li>
 * </ul>
 */
@Component(name = EmulatedConfigurationService.PID, immediate = true, service = ConfigurationService.class,
        property = { "service.pid=" + EmulatedConfigurationService.PID,
                "kura.service.pid=" + EmulatedConfigurationService.PID })
public final class EmulatedConfigurationService implements ConfigurationService {

    public static final String PID = "org.eclipse.kura.configuration.ConfigurationService";
    private static final String ANY_LOCATION = "?";
    private static final String METATYPE_FOLDER = "OSGI-INF/metatype/";

    @Reference
    private ConfigurationAdmin configurationAdmin;
    @Reference
    private MetaTypeService metaTypeService;
    @Reference
    private CryptoService crypto;
    @Reference
    private SystemService system;

    private BundleContext context;
    private SnapshotStore snapshots;

    /** Definitions by pid (singletons) or factory pid, as read from the bundles' metatype. */
    private final Map<String, OCD> ocds = new HashMap<>();
    private final Set<String> factoryPids = new HashSet<>();
    /** Tracked components: kura.service.pid to service.pid, factory pid and self-configuring ones. */
    private final Map<String, String> servicePidByPid = new LinkedHashMap<>();
    private final Map<String, String> factoryPidByPid = new HashMap<>();
    private final Set<String> selfConfiguring = new HashSet<>();
    /** Factory instances deleted since the last snapshot: not carried over from it. */
    private final Set<String> deletedSinceSnapshot = new HashSet<>();

    private BundleTracker<Bundle> metatypeTracker;

    @Activate
    void activate(BundleContext bundleContext) throws KuraException {
        this.context = bundleContext;
        this.snapshots = new SnapshotStore(Path.of(this.system.getKuraSnapshotsDirectory()),
                this.system.getKuraSnapshotsCount(), this.crypto);
        loadNewestSnapshot();
        this.metatypeTracker = new BundleTracker<>(bundleContext, Bundle.ACTIVE, null) {
            @Override
            public Bundle addingBundle(Bundle bundle, BundleEvent event) {
                readMetatype(bundle);
                return bundle;
            }

            @Override
            public void removedBundle(Bundle bundle, BundleEvent event, Bundle object) {
                forgetFactories(bundle);
            }
        };
        this.metatypeTracker.open();
    }

    @Deactivate
    void deactivate() {
        this.metatypeTracker.close();
    }

    private BundleContext bundleContext() {
        return this.context;
    }

    // ---- tracking: Kura binds these services by reference, reading only the properties they are registered with

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            unbind = "removeConfigurableComponent")
    synchronized void addConfigurableComponent(ServiceReference<ConfigurableComponent> reference) {
        String servicePid = text(reference.getProperty(Constants.SERVICE_PID));
        String pid = text(reference.getProperty(KURA_SERVICE_PID));
        if (servicePid != null && pid != null) {
            registerComponent(pid, servicePid, text(reference.getProperty(ConfigurationAdmin.SERVICE_FACTORYPID)));
        }
    }

    synchronized void removeConfigurableComponent(ServiceReference<ConfigurableComponent> reference) {
        forgetService(reference);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC,
            unbind = "removeSelfConfiguringComponent")
    synchronized void addSelfConfiguringComponent(ServiceReference<SelfConfiguringComponent> reference) {
        String servicePid = text(reference.getProperty(Constants.SERVICE_PID));
        String pid = text(reference.getProperty(KURA_SERVICE_PID));
        if (servicePid != null && pid != null) {
            this.servicePidByPid.putIfAbsent(pid, servicePid);
            this.selfConfiguring.add(pid);
        }
    }

    synchronized void removeSelfConfiguringComponent(ServiceReference<SelfConfiguringComponent> reference) {
        forgetService(reference);
    }

    private void forgetService(ServiceReference<?> reference) {
        String pid = text(reference.getProperty(KURA_SERVICE_PID));
        if (pid != null && reference.getProperty(Constants.SERVICE_PID) != null) {
            forget(pid);
        }
    }

    private static String text(Object value) {
        return value == null ? null : value.toString();
    }

    private void registerComponent(String pid, String servicePid, String factoryPid) {
        if (this.servicePidByPid.containsKey(pid)) {
            return;
        }
        this.servicePidByPid.put(pid, servicePid);
        if (factoryPid != null) {
            this.factoryPidByPid.put(pid, factoryPid);
            OCD factoryOcd = this.ocds.get(factoryPid);
            if (factoryOcd != null) {
                seedDefaults(pid, factoryOcd);
            }
        }
    }

    private void forget(String pid) {
        this.servicePidByPid.remove(pid);
        this.factoryPidByPid.remove(pid);
        this.selfConfiguring.remove(pid);
    }

    private synchronized void readMetatype(Bundle bundle) {
        MetaTypeInformation information = this.metaTypeService.getMetaTypeInformation(bundle);
        if (information == null) {
            return;
        }
        List<String> pids = new ArrayList<>(List.of(information.getPids()));
        pids.addAll(List.of(information.getFactoryPids()));
        for (String pid : pids) {
            URL entry = bundle.getEntry(METATYPE_FOLDER + pid + ".xml");
            if (entry == null) {
                continue; // Kura reads only <pid>.xml: a definition in another file is invisible to it.
            }
            MetatypeFile.Definition definition;
            try (InputStream in = entry.openStream()) {
                definition = MetatypeFile.read(in, pid);
            } catch (IOException | RuntimeException e) {
                continue; // Kura logs and skips a metatype it cannot read; so the pid has no WebUI page.
            }
            if (definition == null) {
                continue;
            }
            if (definition.factoryPid() != null) {
                this.ocds.put(definition.factoryPid(), definition.ocd());
                this.factoryPids.add(definition.factoryPid());
                this.factoryPidByPid.forEach((instance, factory) -> {
                    if (factory.equals(definition.factoryPid())) {
                        seedDefaults(instance, definition.ocd());
                    }
                });
            } else {
                this.ocds.put(pid, definition.ocd());
                seedDefaults(pid, definition.ocd());
            }
        }
    }

    private synchronized void forgetFactories(Bundle bundle) {
        MetaTypeInformation information = this.metaTypeService.getMetaTypeInformation(bundle);
        if (information != null) {
            this.factoryPids.removeAll(List.of(information.getFactoryPids()));
        }
    }

    /** Merges the metatype defaults into the pid's ConfigAdmin configuration, creating it if there is none. */
    private void seedDefaults(String pid, OCD ocd) {
        try {
            String servicePid = this.servicePidByPid.getOrDefault(pid, pid);
            Configuration configuration = this.configurationAdmin.getConfiguration(servicePid, ANY_LOCATION);
            Map<String, Object> properties = new HashMap<>();
            if (configuration.getProperties() != null) {
                properties.putAll(ConfigurationValues.toMap(configuration.getProperties(), ocd));
            }
            properties.putIfAbsent(KURA_SERVICE_PID, pid);
            ConfigurationValues.mergeDefaults(ocd, properties, this.crypto);
            configuration.update(ConfigurationValues.toDictionary(properties));
        } catch (IOException e) {
            // Kura logs and goes on: the component then runs on whatever ConfigAdmin has.
        }
    }

    // ---- boot ------------------------------------------------------------------------------------------------

    private void loadNewestSnapshot() throws KuraException {
        Set<Long> ids = this.snapshots.ids();
        if (ids.isEmpty()) {
            return;
        }
        long newest = Collections.max(ids);
        for (SnapshotConfiguration snapshot : this.snapshots.read(newest)) {
            // A saved snapshot holds ciphertexts and they go into ConfigAdmin as they are, decryptable or not; only
            // values a person wrote in plain (encrypted="false") are encrypted first.
            Map<String, Object> properties = new HashMap<>(
                    ConfigurationValues.fromSnapshot(encryptPlainPasswords(snapshot)).getConfigurationProperties());
            if (snapshot.factoryPid() != null) {
                createFactoryConfiguration(snapshot.factoryPid(), snapshot.pid(), properties, false);
            } else {
                try {
                    properties.putIfAbsent(KURA_SERVICE_PID, snapshot.pid());
                    this.configurationAdmin.getConfiguration(snapshot.pid(), ANY_LOCATION)
                            .update(ConfigurationValues.toDictionary(properties));
                } catch (IOException e) {
                    throw new KuraException(KuraErrorCode.CONFIGURATION_SNAPSHOT_LOADING, e);
                }
            }
        }
    }

    private SnapshotConfiguration encryptPlainPasswords(SnapshotConfiguration snapshot) throws KuraException {
        Map<String, Object> properties = new LinkedHashMap<>(snapshot.properties());
        for (Map.Entry<String, Object> entry : properties.entrySet()) {
            if (entry.getValue() instanceof PasswordValue password && !password.encrypted()) {
                entry.setValue(new PasswordValue(new String(this.crypto.encryptAes(password.text().toCharArray())),
                        true));
            }
        }
        return new SnapshotConfiguration(snapshot.pid(), properties);
    }

    // ---- ConfigurationService ----------------------------------------------------------------------------------

    @Override
    public synchronized Set<String> getFactoryComponentPids() {
        return Collections.unmodifiableSet(new HashSet<>(this.factoryPids));
    }

    @Override
    public synchronized void createFactoryConfiguration(String factoryPid, String pid, Map<String, Object> properties,
            boolean takeSnapshot) throws KuraException {
        if (pid == null) {
            throw new KuraException(KuraErrorCode.INVALID_PARAMETER, "pid cannot be null");
        }
        if (this.servicePidByPid.containsKey(pid)) {
            throw new KuraException(KuraErrorCode.INVALID_PARAMETER, "pid " + pid + " already exists");
        }
        try {
            String servicePid = this.configurationAdmin.createFactoryConfiguration(factoryPid, null).getPid();
            Map<String, Object> merged = new HashMap<>();
            if (properties != null) {
                merged.putAll(properties);
            }
            encryptPasswords(merged);
            ConfigurationValues.mergeDefaults(this.ocds.get(factoryPid), merged, this.crypto);
            merged.put(KURA_SERVICE_PID, pid);
            this.configurationAdmin.getConfiguration(servicePid, ANY_LOCATION)
                    .update(ConfigurationValues.toDictionary(merged));
            registerComponent(pid, servicePid, factoryPid);
            this.deletedSinceSnapshot.remove(pid);
        } catch (IOException e) {
            throw new KuraException(KuraErrorCode.CONFIGURATION_ERROR, e,
                    "Cannot create component instance for factory " + factoryPid);
        }
        if (takeSnapshot) {
            snapshot();
        }
    }

    @Override
    public synchronized void deleteFactoryConfiguration(String pid, boolean takeSnapshot) throws KuraException {
        if (pid == null) {
            throw new KuraException(KuraErrorCode.INVALID_PARAMETER, "pid cannot be null");
        }
        try {
            Configuration[] all = this.configurationAdmin.listConfigurations(null);
            if (all != null) {
                for (Configuration configuration : all) {
                    if (configuration.getFactoryPid() != null
                            && pid.equals(configuration.getProperties().get(KURA_SERVICE_PID))) {
                        configuration.delete();
                        forget(pid);
                        this.deletedSinceSnapshot.add(pid);
                        break;
                    }
                }
            }
        } catch (IOException | InvalidSyntaxException e) {
            throw new KuraException(KuraErrorCode.CONFIGURATION_ERROR, e, "Cannot delete component instance " + pid);
        }
        if (takeSnapshot) {
            snapshot();
        }
    }

    @Override
    public synchronized Set<String> getConfigurableComponentPids() {
        return Collections.unmodifiableSet(new LinkedHashSet<>(this.servicePidByPid.keySet()));
    }

    @Override
    public synchronized List<ComponentConfiguration> getComponentConfigurations() throws KuraException {
        List<ComponentConfiguration> configurations = new ArrayList<>();
        for (String pid : this.servicePidByPid.keySet()) {
            ComponentConfiguration configuration = current(pid);
            if (configuration != null) {
                configurations.add(configuration);
            }
        }
        return configurations;
    }

    @Override
    public synchronized List<ComponentConfiguration> getComponentConfigurations(Filter filter) throws KuraException {
        if (filter == null) {
            return getComponentConfigurations();
        }
        List<ComponentConfiguration> configurations = new ArrayList<>();
        try {
            ServiceReference<?>[] references = bundleContext().getAllServiceReferences(null, null);
            for (ServiceReference<?> reference : references == null ? new ServiceReference<?>[0] : references) {
                Object pid = reference.getProperty(KURA_SERVICE_PID);
                if (filter.match(reference) && pid instanceof String) {
                    ComponentConfiguration configuration = current((String) pid);
                    if (configuration != null) {
                        configurations.add(configuration);
                    }
                }
            }
        } catch (InvalidSyntaxException e) {
            throw new KuraException(KuraErrorCode.CONFIGURATION_ERROR, e);
        }
        return configurations;
    }

    @Override
    public synchronized ComponentConfiguration getComponentConfiguration(String pid) throws KuraException {
        ComponentConfiguration configuration = current(pid);
        if (configuration != null) {
            decryptPasswords(configuration.getConfigurationProperties());
        }
        return configuration;
    }

    @Override
    public synchronized ComponentConfiguration getDefaultComponentConfiguration(String pid) throws KuraException {
        OCD ocd = definition(pid);
        Map<String, Object> defaults = ConfigurationValues.defaults(ocd, this.crypto);
        decryptPasswords(defaults);
        return new KuraComponentConfiguration(pid, ocd, defaults);
    }

    @Override
    public void updateConfiguration(String pid, Map<String, Object> properties) throws KuraException {
        updateConfiguration(pid, properties, true);
    }

    @Override
    public synchronized void updateConfiguration(String pid, Map<String, Object> properties, boolean takeSnapshot)
            throws KuraException {
        updateConfigurations(List.of(new KuraComponentConfiguration(pid, null, properties)), takeSnapshot);
    }

    @Override
    public void updateConfigurations(List<ComponentConfiguration> configurations) throws KuraException {
        updateConfigurations(configurations, true);
    }

    @Override
    public synchronized void updateConfigurations(List<ComponentConfiguration> configurations, boolean takeSnapshot)
            throws KuraException {
        List<Throwable> failures = new ArrayList<>();
        for (ComponentConfiguration configuration : configurations) {
            if (configuration == null || configuration.getConfigurationProperties() == null) {
                continue;
            }
            Map<String, Object> properties = new HashMap<>(configuration.getConfigurationProperties());
            encryptPasswords(properties);
            Object factoryPid = properties.get(ConfigurationAdmin.SERVICE_FACTORYPID);
            String pid = configuration.getPid();
            try {
                if (this.servicePidByPid.containsKey(pid)) {
                    update(pid, properties);
                } else if (factoryPid != null) {
                    createFactoryConfiguration(factoryPid.toString(), pid, properties, false);
                }
                // Otherwise the pid is not tracked and Kura ignores the block (it only logs it).
            } catch (KuraException e) {
                failures.add(e);
            }
        }
        if (takeSnapshot) {
            snapshot();
        }
        if (!failures.isEmpty()) {
            KuraException partial = new KuraException(KuraErrorCode.PARTIAL_SUCCESS);
            failures.forEach(partial::addSuppressed);
            throw partial;
        }
    }

    private void update(String pid, Map<String, Object> properties) throws KuraException {
        OCD ocd = definition(pid);
        if (ocd == null && !this.selfConfiguring.contains(pid)) {
            return; // Kura: "UpdatingConfiguration ignored as OCD for pid cannot be found".
        }
        Map<String, Object> merged = new HashMap<>();
        ConfigurationValues.mergeDefaults(ocd, merged, this.crypto);
        try {
            Configuration configuration = this.configurationAdmin.getConfiguration(this.servicePidByPid.get(pid),
                    ANY_LOCATION);
            if (!this.selfConfiguring.contains(pid) && configuration.getProperties() != null) {
                merged.putAll(ConfigurationValues.toMap(configuration.getProperties(), ocd));
            }
            merged.putAll(properties);
            merged.putIfAbsent(KURA_SERVICE_PID, pid);
            configuration.update(ConfigurationValues.toDictionary(merged));
        } catch (IOException e) {
            throw new KuraException(KuraErrorCode.CONFIGURATION_UPDATE, e, pid);
        }
    }

    @Override
    public Set<Long> getSnapshots() throws KuraException {
        return this.snapshots.ids();
    }

    @Override
    public List<ComponentConfiguration> getSnapshot(long sid) throws KuraException {
        List<ComponentConfiguration> configurations = new ArrayList<>();
        for (SnapshotConfiguration snapshot : this.snapshots.read(sid)) {
            ComponentConfiguration configuration = ConfigurationValues.fromSnapshot(snapshot);
            decryptPasswords(configuration.getConfigurationProperties());
            configurations.add(configuration);
        }
        return configurations;
    }

    @Override
    public synchronized long snapshot() throws KuraException {
        List<SnapshotConfiguration> entries = new ArrayList<>();
        Set<String> taken = new HashSet<>();
        for (ComponentConfiguration configuration : getComponentConfigurations()) {
            Map<String, Object> properties = new LinkedHashMap<>(configuration.getConfigurationProperties());
            String factoryPid = this.factoryPidByPid.get(configuration.getPid());
            if (factoryPid != null) {
                properties.put(ConfigurationAdmin.SERVICE_FACTORYPID, factoryPid);
            }
            entries.add(ConfigurationValues
                    .toSnapshot(new KuraComponentConfiguration(configuration.getPid(), null, properties)));
            taken.add(configuration.getPid());
        }
        // As Kura: the newest snapshot's blocks of components not tracked (yet: a package still installing, a
        // component not started) are kept, except instances deleted since; a snapshot taken early in a boot would
        // otherwise lose them.
        Set<Long> ids = this.snapshots.ids();
        if (!ids.isEmpty()) {
            for (SnapshotConfiguration earlier : this.snapshots.read(Collections.max(ids))) {
                if (!taken.contains(earlier.pid()) && !this.deletedSinceSnapshot.contains(earlier.pid())) {
                    entries.add(earlier);
                }
            }
        }
        long id = this.snapshots.save(entries);
        this.deletedSinceSnapshot.clear();
        return id;
    }

    @Override
    public synchronized long rollback() throws KuraException {
        Set<Long> ids = this.snapshots.ids();
        if (ids.size() < 2) {
            throw new KuraException(KuraErrorCode.CONFIGURATION_SNAPSHOT_NOT_FOUND, "an earlier snapshot");
        }
        long previous = new ArrayList<>(ids).get(ids.size() - 2);
        rollback(previous);
        return previous;
    }

    @Override
    public synchronized void rollback(long id) throws KuraException {
        List<SnapshotConfiguration> target = this.snapshots.read(id);
        for (String pid : new ArrayList<>(this.factoryPidByPid.keySet())) {
            deleteFactoryConfiguration(pid, false);
        }
        List<ComponentConfiguration> configurations = new ArrayList<>();
        for (SnapshotConfiguration snapshot : target) {
            configurations.add(ConfigurationValues.fromSnapshot(snapshot));
        }
        updateConfigurations(configurations, true);
    }

    // ---- helpers ---------------------------------------------------------------------------------------------

    private ComponentConfiguration current(String pid) {
        if (this.selfConfiguring.contains(pid)) {
            return selfConfiguration(pid);
        }
        String servicePid = this.servicePidByPid.get(pid);
        if (servicePid == null) {
            return null;
        }
        OCD ocd = definition(pid);
        try {
            Configuration configuration = this.configurationAdmin.getConfiguration(servicePid, ANY_LOCATION);
            Map<String, Object> properties = ConfigurationValues.toMap(configuration.getProperties(), ocd);
            return new KuraComponentConfiguration(pid, ocd, properties == null ? new HashMap<>() : properties);
        } catch (IOException e) {
            return null;
        }
    }

    private ComponentConfiguration selfConfiguration(String pid) {
        try {
            ServiceReference<?>[] references = bundleContext().getAllServiceReferences(null,
                    "(" + KURA_SERVICE_PID + "=" + pid + ")");
            if (references == null) {
                return null;
            }
            Object service = bundleContext().getService(references[0]);
            try {
                return service instanceof SelfConfiguringComponent self ? self.getConfiguration() : null;
            } finally {
                bundleContext().ungetService(references[0]);
            }
        } catch (InvalidSyntaxException | KuraException e) {
            return null;
        }
    }

    private OCD definition(String pid) {
        String factoryPid = this.factoryPidByPid.get(pid);
        return this.ocds.get(factoryPid != null ? factoryPid : pid);
    }

    /** Kura encrypts a Password value unless it already decrypts with the gateway's key. */
    private void encryptPasswords(Map<String, Object> properties) {
        for (Map.Entry<String, Object> entry : properties.entrySet()) {
            if (entry.getValue() instanceof Password password) {
                entry.setValue(encrypted(password));
            } else if (entry.getValue() instanceof Password[] passwords) {
                Password[] converted = new Password[passwords.length];
                for (int i = 0; i < passwords.length; i++) {
                    converted[i] = encrypted(passwords[i]);
                }
                entry.setValue(converted);
            }
        }
    }

    private Password encrypted(Password password) {
        try {
            this.crypto.decryptAes(password.getPassword());
            return password;
        } catch (KuraException | RuntimeException notYetEncrypted) {
            try {
                return new Password(this.crypto.encryptAes(password.getPassword()));
            } catch (KuraException e) {
                throw new IllegalStateException("the CryptoService cannot encrypt", e);
            }
        }
    }

    private void decryptPasswords(Map<String, Object> properties) {
        for (Map.Entry<String, Object> entry : properties.entrySet()) {
            if (entry.getValue() instanceof Password password) {
                try {
                    entry.setValue(new Password(this.crypto.decryptAes(password.getPassword())));
                } catch (KuraException | RuntimeException e) {
                    // Left as it is, as Kura does with a value it cannot decrypt.
                }
            }
        }
    }
}
