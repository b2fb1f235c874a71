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
 * {@code users.config} with {@code kura.password} = base64 SHA-256 of the password, {@code groups.config} with the
 * {@code kura.permission.<name>} groups and their members).
 */
final class KuraIdentities {

    private static final SecureRandom RANDOM = new SecureRandom();

    private KuraIdentities() {
    }

    static String randomPassword() {
        byte[] bytes = new byte[12];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /**
     * @param passwords identity name to password
     * @param permissions permission name (without {@code kura.permission.}) to the identities holding it
     */
    static Map<String, Object> roleStore(Map<String, String> passwords, Map<String, List<String>> permissions) {
        String users = new TreeMap<>(passwords).entrySet().stream()
                .map(e -> "{\"name\":\"kura.user." + e.getKey() + "\",\"credentials\":{\"kura.password\":\""
                        + sha256(e.getValue()) + "\"}}")
                .collect(Collectors.joining(",", "[", "]"));
        String groups = new TreeMap<>(permissions).entrySet().stream()
                .map(e -> "{\"name\":\"kura.permission." + e.getKey() + "\",\"basicMembers\":["
                        + e.getValue().stream().map(m -> "\"kura.user." + m + "\"").collect(Collectors.joining(","))
                        + "]}")
                .collect(Collectors.joining(",", "[", "]"));
        return Map.of("users.config", users, "groups.config", groups);
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
