package io.coaptree.harness.kura.useradmin;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.apache.felix.useradmin.RoleFactory;
import org.apache.felix.useradmin.RoleRepositoryStore;
import org.eclipse.kura.KuraException;
import org.eclipse.kura.configuration.ConfigurableComponent;
import org.eclipse.kura.configuration.ConfigurationService;
import org.osgi.framework.Filter;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.useradmin.Role;
import org.osgi.service.useradmin.UserAdminEvent;
import org.osgi.service.useradmin.UserAdminListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The role store behind Felix UserAdmin on a Kura gateway (Kura 5.6's {@code org.eclipse.kura.useradmin.store}), by
 * its rules. Kura's identities ({@code kura.user.<name>}) and permissions ({@code kura.permission.<name>} groups) live
 * in its configuration, whose {@code users.config}, {@code groups.config} and {@code roles.config} hold the JSON
 * arrays Kura's snapshot_0.xml carries ({@link RoleJson}). Roles changed at run time through UserAdmin (a bundle
 * creating its permission group, as Kura's REST services do; an identity added in the WebUI) are written back into
 * that configuration through the ConfigurationService {@value #WRITE_DELAY} ms after the last change, so they are in
 * the next snapshot and survive a reboot; a change in that window is lost with a reboot, as on Kura. The store tells
 * its own write from an Apply or a snapshot upload by the {@value #UPDATE_ID} it adds, and ignores an outside update
 * while a write of its own is still pending, as Kura's does.
 */
@Component(name = EmulatedRoleRepositoryStore.PID, configurationPid = EmulatedRoleRepositoryStore.PID, immediate = true,
        configurationPolicy = ConfigurationPolicy.REQUIRE, service = { RoleRepositoryStore.class,
                ConfigurableComponent.class, UserAdminListener.class },
        property = "kura.service.pid=" + EmulatedRoleRepositoryStore.PID)
public final class EmulatedRoleRepositoryStore
        implements RoleRepositoryStore, ConfigurableComponent, UserAdminListener {

    public static final String PID = "org.eclipse.kura.internal.useradmin.store.RoleRepositoryStoreImpl";
    static final String WRITE_DELAY = "write.delay.ms";
    /** Kura's marker of the store's own configuration updates. */
    static final String UPDATE_ID = "internal.update.id";
    private static final long DEFAULT_WRITE_DELAY_MS = 5000;
    private static final Logger LOG = LoggerFactory.getLogger(EmulatedRoleRepositoryStore.class);

    private final ConfigurationService configurationService;
    private final ScheduledExecutorService writer = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "role-store-writer");
        t.setDaemon(true);
        return t;
    });

    // Guarded by this.
    private Map<String, Role> roles = new TreeMap<>();
    private Map<String, Object> written = Map.of();
    private long writeDelayMillis = DEFAULT_WRITE_DELAY_MS;
    private ScheduledFuture<?> pendingWrite;
    private final Set<Long> ownUpdates = new HashSet<>();
    private long nextUpdateId;

    @Activate
    public EmulatedRoleRepositoryStore(@Reference ConfigurationService configurationService,
            Map<String, Object> properties) {
        this.configurationService = configurationService;
        load(properties);
    }

    @Modified
    synchronized void update(Map<String, Object> properties) {
        if (properties.get(UPDATE_ID) instanceof Long id && this.ownUpdates.remove(id)) {
            return; // what the store wrote itself: the roles in memory are that already
        }
        if (this.pendingWrite != null || !this.ownUpdates.isEmpty()) {
            LOG.info("{}: update ignored, changes made through UserAdmin are not written yet", PID);
            return;
        }
        load(properties);
    }

    @Deactivate
    void deactivate() {
        this.writer.shutdownNow();
    }

    private synchronized void load(Map<String, Object> properties) {
        this.roles = RoleJson.read(properties);
        this.written = configurationValues(properties);
        if (properties.get(WRITE_DELAY) instanceof Number delay) {
            this.writeDelayMillis = delay.longValue();
        }
    }

    /** Felix UserAdmin reports every role created, changed (properties, credentials, members) or removed. */
    @Override
    public synchronized void roleChanged(UserAdminEvent event) {
        if (this.pendingWrite != null) {
            this.pendingWrite.cancel(false);
        }
        this.pendingWrite = this.writer.schedule(this::write, this.writeDelayMillis, TimeUnit.MILLISECONDS);
    }

    private void write() {
        Map<String, Object> properties;
        synchronized (this) {
            this.pendingWrite = null;
            Map<String, Object> values = new HashMap<>(RoleJson.write(this.roles.values()));
            if (values.equals(this.written)) {
                return;
            }
            properties = new HashMap<>(values);
            properties.put(WRITE_DELAY, this.writeDelayMillis);
            long id = this.nextUpdateId++;
            this.ownUpdates.add(id);
            properties.put(UPDATE_ID, id);
            this.written = values;
        }
        try {
            this.configurationService.updateConfiguration(PID, properties);
        } catch (KuraException | RuntimeException e) {
            LOG.warn("{}: the roles could not be written into its configuration", PID, e);
        }
    }

    private static Map<String, Object> configurationValues(Map<String, Object> properties) {
        Map<String, Object> values = new HashMap<>();
        for (String key : List.of(RoleJson.ROLES, RoleJson.USERS, RoleJson.GROUPS)) {
            values.put(key, properties.getOrDefault(key, "[]"));
        }
        return values;
    }

    @Override
    public synchronized Role addRole(String name, int type) {
        if (this.roles.containsKey(name)) {
            return null;
        }
        Role role = RoleFactory.createRole(type, name);
        this.roles.put(name, role);
        return role;
    }

    @Override
    public synchronized Role[] getRoles(String filter) throws InvalidSyntaxException {
        Filter parsed = filter == null ? null : FrameworkUtil.createFilter(filter);
        List<Role> matching = new ArrayList<>();
        for (Role role : this.roles.values()) {
            if (parsed == null || parsed.match(role.getProperties())) {
                matching.add(role);
            }
        }
        return matching.toArray(new Role[0]);
    }

    @Override
    public synchronized Role getRoleByName(String name) {
        return name == null ? null : this.roles.get(name);
    }

    @Override
    public synchronized Role removeRole(String name) {
        return name == null ? null : this.roles.remove(name);
    }
}
