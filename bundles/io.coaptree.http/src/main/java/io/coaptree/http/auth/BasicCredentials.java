package io.coaptree.http.auth;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * HTTP Basic credentials (RFC 7617) from an Authorization header, as Kura's REST API takes them: the user name is
 * everything before the first colon.
 *
 * @param username the Kura identity's name
 * @param password the password as typed
 */
public record BasicCredentials(String username, String password) {

    @Override
    public String toString() {
        return "BasicCredentials[" + username + "]"; // never the password
    }

    /**
     * @param authorization the Authorization header
     * @return the credentials; empty when the header is not Basic or not decodable
     */
    public static Optional<BasicCredentials> parse(String authorization) {
        if (authorization == null) {
            return Optional.empty();
        }
        String[] parts = authorization.trim().split("\\s+", 2);
        if (parts.length != 2 || !parts[0].equalsIgnoreCase("Basic")) {
            return Optional.empty();
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(parts[1].trim()), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        int colon = decoded.indexOf(':');
        if (colon <= 0) {
            return Optional.empty();
        }
        return Optional.of(new BasicCredentials(decoded.substring(0, colon), decoded.substring(colon + 1)));
    }
}
