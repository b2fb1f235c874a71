package io.coaptree.harness.kura.useradmin;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.Dictionary;
import java.util.Enumeration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import org.apache.felix.useradmin.RoleFactory;
import org.osgi.service.useradmin.Group;
import org.osgi.service.useradmin.Role;
import org.osgi.service.useradmin.User;

import com.google.gson.JsonArray;
import com.google.gson.JsonElement;
import com.google.gson.JsonObject;
import com.google.gson.JsonParser;

/**
 * Roles in the JSON Kura's role store keeps in its configuration ({@code roles.config}, {@code users.config},
 * {@code groups.config}, as in Kura's snapshot_0.xml): one object per role with {@code name}, {@code properties}
 * (if any), a user's {@code credentials} (if any), a group's {@code basicMembers} and {@code requiredMembers} (names,
 * sorted). Property and credential values are strings or byte arrays (an array of numbers), the two kinds Kura
 * writes; anything else is left out, as Kura leaves it out.
 */
final class RoleJson {

    static final String ROLES = "roles.config";
    static final String USERS = "users.config";
    static final String GROUPS = "groups.config";

    private RoleJson() {
    }

    /** The three configuration values for these roles, keyed by attribute id. */
    static Map<String, String> write(Iterable<Role> roles) {
        JsonArray plain = new JsonArray();
        JsonArray users = new JsonArray();
        JsonArray groups = new JsonArray();
        List<Role> sorted = new ArrayList<>();
        roles.forEach(sorted::add);
        sorted.sort(Comparator.comparing(Role::getName));
        for (Role role : sorted) {
            JsonObject json = new JsonObject();
            json.addProperty("name", role.getName());
            if (role instanceof User user && !user.getCredentials().isEmpty()) {
                json.add("credentials", values(user.getCredentials()));
            }
            if (role instanceof Group group) {
                if (group.getMembers() != null) {
                    json.add("basicMembers", names(group.getMembers()));
                }
                if (group.getRequiredMembers() != null) {
                    json.add("requiredMembers", names(group.getRequiredMembers()));
                }
            }
            if (!role.getProperties().isEmpty()) {
                json.add("properties", values(role.getProperties()));
            }
            (role.getType() == Role.GROUP ? groups : role.getType() == Role.USER ? users : plain).add(json);
        }
        return Map.of(ROLES, plain.toString(), USERS, users.toString(), GROUPS, groups.toString());
    }

    /** The roles a configuration holds, by name; group members that name no role are left out. */
    static Map<String, Role> read(Map<String, Object> properties) {
        Map<String, Role> roles = new TreeMap<>();
        for (JsonObject json : objects(properties.get(ROLES))) {
            roles.put(name(json), withProperties(RoleFactory.createRole(Role.ROLE, name(json)), json));
        }
        for (JsonObject json : objects(properties.get(USERS))) {
            User user = (User) withProperties(RoleFactory.createRole(Role.USER, name(json)), json);
            copy(json.getAsJsonObject("credentials"), user.getCredentials());
            roles.put(user.getName(), user);
        }
        // Groups last: their members are the roles above, or other groups.
        List<JsonObject> groups = objects(properties.get(GROUPS));
        for (JsonObject json : groups) {
            roles.put(name(json), withProperties(RoleFactory.createRole(Role.GROUP, name(json)), json));
        }
        for (JsonObject json : groups) {
            Group group = (Group) roles.get(name(json));
            for (String member : strings(json.get("basicMembers"))) {
                if (roles.containsKey(member)) {
                    group.addMember(roles.get(member));
                }
            }
            for (String member : strings(json.get("requiredMembers"))) {
                if (roles.containsKey(member)) {
                    group.addRequiredMember(roles.get(member));
                }
            }
        }
        return roles;
    }

    private static JsonArray names(Role[] roles) {
        JsonArray names = new JsonArray();
        List<String> sorted = new ArrayList<>();
        for (Role role : roles) {
            sorted.add(role.getName());
        }
        sorted.stream().sorted().forEach(names::add);
        return names;
    }

    @SuppressWarnings("rawtypes")
    private static JsonObject values(Dictionary dictionary) {
        Map<String, Object> sorted = new TreeMap<>();
        for (Enumeration<?> keys = dictionary.keys(); keys.hasMoreElements();) {
            Object key = keys.nextElement();
            if (key instanceof String name) {
                sorted.put(name, dictionary.get(name));
            }
        }
        JsonObject json = new JsonObject();
        sorted.forEach((key, value) -> {
            if (value instanceof String text) {
                json.addProperty(key, text);
            } else if (value instanceof byte[] bytes) {
                JsonArray array = new JsonArray();
                for (byte b : bytes) {
                    array.add(b);
                }
                json.add(key, array);
            }
        });
        return json;
    }

    private static String name(JsonObject role) {
        return role.get("name").getAsString();
    }

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
            if (e.getValue() instanceof JsonArray array) {
                byte[] bytes = new byte[array.size()];
                for (int i = 0; i < bytes.length; i++) {
                    bytes[i] = (byte) array.get(i).getAsInt();
                }
                to.put(e.getKey(), bytes);
            } else {
                to.put(e.getKey(), e.getValue().getAsString());
            }
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
