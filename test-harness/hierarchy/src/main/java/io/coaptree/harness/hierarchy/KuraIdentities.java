package io.coaptree.harness.hierarchy;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Kura identities and permissions as the configuration of Kura's role store holds them (the JSON of snapshot_0.xml:
 * {@code users.config} with {@code kura.password} = base64 SHA-256 of the password and the user's properties, such as
 * {@code kura.need.password.change}, {@code groups.config} with the {@code kura.permission.<name>} groups and their
 * members).
 */
public final class KuraIdentities {

    /** The configuration of Kura's role store behind UserAdmin. */
    public static final String ROLE_STORE_PID = "org.eclipse.kura.internal.useradmin.store.RoleRepositoryStoreImpl";

    private static final SecureRandom RANDOM = new SecureRandom();

    private KuraIdentities() {
    }

    public static String randomPassword() {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * @param passwords identity name to password
     * @param permissions permission name (without {@code kura.permission.}) to the identities holding it
     */
    public static Map<String, Object> roleStore(Map<String, String> passwords,
            Map<String, List<String>> permissions) {
        return roleStore(passwords, permissions, Map.of());
    }

    /** @param properties identity name to its properties (e.g. {@code kura.need.password.change=true}) */
    public static Map<String, Object> roleStore(Map<String, String> passwords, Map<String, List<String>> permissions,
            Map<String, Map<String, String>> properties) {
        String users = new TreeMap<>(passwords).entrySet().stream()
                .map(e -> "{\"name\":\"kura.user." + e.getKey() + "\",\"credentials\":{\"kura.password\":\""
                        + sha256(e.getValue()) + "\"},\"properties\":"
                        + json(properties.getOrDefault(e.getKey(), Map.of())) + "}")
                .collect(Collectors.joining(",", "[", "]"));
        String groups = new TreeMap<>(permissions).entrySet().stream()
                .map(e -> "{\"name\":\"kura.permission." + e.getKey() + "\",\"basicMembers\":["
                        + e.getValue().stream().map(m -> "\"kura.user." + m + "\"").collect(Collectors.joining(","))
                        + "]}")
                .collect(Collectors.joining(",", "[", "]"));
        return Map.of("users.config", users, "groups.config", groups);
    }

    private static String json(Map<String, String> properties) {
        return new TreeMap<>(properties).entrySet().stream()
                .map(e -> "\"" + e.getKey() + "\":\"" + e.getValue() + "\"")
                .collect(Collectors.joining(",", "{", "}"));
    }

    private static String sha256(String password) {
        try {
            return Base64.getEncoder().encodeToString(
                    MessageDigest.getInstance("SHA-256").digest(password.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is in every JRE", e);
        }
    }
}
