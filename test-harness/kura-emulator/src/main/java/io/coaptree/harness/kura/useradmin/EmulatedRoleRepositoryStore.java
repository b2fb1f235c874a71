package io.coaptree.harness.kura.useradmin;

import java.util.ArrayList;
import java.util.Dictionary;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.felix.useradmin.RoleFactory;
import org.apache.felix.useradmin.RoleRepositoryStore;
import org.eclipse.kura.configuration.ConfigurableComponent;
import org.osgi.framework.Filter;
import org.osgi.framework.FrameworkUtil;
import org.osgi.framework.InvalidSyntaxException;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.useradmin.Group;
import org.osgi.service.useradmin.Role;
import org.osgi.service.useradmin.User;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * The role store behind Felix UserAdmin on a Kura gateway (Kura's {@code org.eclipse.kura.useradmin.store}): Kura's
 * identities ({@code kura.user.<name>}) and permissions ({@code kura.permission.<name>} groups) come from its
 * configuration, whose {@code users.config} and {@code groups.config} hold the JSON arrays Kura's snapshot_0.xml
 * carries (a user: name, credentials, properties; a group: name, basicMembers, requiredMembers). Roles created at
 * run time (a bundle creating its permission group, as Kura's REST services do) are kept in memory: unlike Kura's
 * store, they are not written back into the configuration. Its configuration starts as the metatype's defaults
 * (no identity), seeded by the ConfigurationService like Kura's other required configurations.
 */
@Component(name = EmulatedRoleRepositoryStore.PID, configurationPid = EmulatedRoleRepositoryStore.PID, immediate = true,
        configurationPolicy = ConfigurationPolicy.REQUIRE, service = { RoleRepositoryStore.class,
                ConfigurableComponent.class }, property = "kura.service.pid=" + EmulatedRoleRepositoryStore.PID)
public final class EmulatedRoleRepositoryStore implements RoleRepositoryStore, ConfigurableComponent {

    public static final String PID = "org.eclipse.kura.internal.useradmin.store.RoleRepositoryStoreImpl";
    static final String USERS = "users.config";
    static final String GROUPS = "groups.config";
    static final String ROLES = "roles.config";

    private final Map<String, Role> roles = new ConcurrentHashMap<>();

    @Activate
    @Modified
    void configure(Map<String, Object> properties) {
        Map<String, Role> loaded = new ConcurrentHashMap<>();
        for (JsonObject role : objects(properties.get(ROLES))) {
            loaded.put(name(role), withProperties(RoleFactory.createRole(name(role)), role));
        }
        for (JsonObject user : objects(properties.get(USERS))) {
            User created = RoleFactory.createUser(name(user));
            withProperties(created, user);
            copy(user.getAsJsonObject("credentials"), created.getCredentials());
            loaded.put(created.getName(), created);
        }
        // Groups last: their members are the roles above.
        for (JsonObject group : objects(properties.get(GROUPS))) {
            Group created = RoleFactory.createGroup(name(group));
            withProperties(created, group);
            for (String member : strings(group.get("basicMembers"))) {
                Role role = loaded.get(member);
                if (role != null) {
                    created.addMember(role);
                }
            }
            for (String member : strings(group.get("requiredMembers"))) {
                Role role = loaded.get(member);
                if (role != null) {
                    created.addRequiredMember(role);
                }
            }
            loaded.put(created.getName(), created);
        }
        this.roles.clear();
        this.roles.putAll(loaded);
    }

    @Override
    public Role addRole(String name, int type) {
        Role role = RoleFactory.createRole(type, name);
        return this.roles.putIfAbsent(name, role) == null ? role : null;
    }

    @Override
    public Role[] getRoles(String filter) throws InvalidSyntaxException {
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
    public Role getRoleByName(String name) {
        return name == null ? null : this.roles.get(name);
    }

    @Override
    public Role removeRole(String name) {
        return name == null ? null : this.roles.remove(name);
    }

    private static String name(JsonObject role) {
        return role.get("name").getAsString();
    }

    @SuppressWarnings("unchecked")
    private static Role withProperties(Role role, JsonObject source) {
        copy(source.getAsJsonObject("properties"), role.getProperties());
        return role;
    }

    @SuppressWarnings({ "rawtypes", "unchecked" })
    private static void copy(JsonObject from, Dictionary to) {
        if (from == null) {
            return;
        }
        for (Map.Entry<String, JsonElement> e : from.entrySet()) {
            to.put(e.getKey(), e.getValue().getAsString());
        }
    }

    private static List<JsonObject> objects(Object json) {
        List<JsonObject> list = new ArrayList<>();
        if (json instanceof String text && !text.isBlank()) {
            for (JsonElement element : JsonParser.parseString(text).getAsJsonArray()) {
                list.add(element.getAsJsonObject());
            }
        }
        return list;
    }

    private static List<String> strings(JsonElement array) {
        List<String> list = new ArrayList<>();
        if (array instanceof JsonArray items) {
            items.forEach(item -> list.add(item.getAsString()));
        }
        return list;
    }
}
