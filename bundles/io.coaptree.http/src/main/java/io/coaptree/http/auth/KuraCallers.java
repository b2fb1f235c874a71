package io.coaptree.http.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Optional;

import org.eclipse.kura.crypto.CryptoService;
import org.osgi.service.useradmin.Authorization;
import org.osgi.service.useradmin.Role;
import org.osgi.service.useradmin.User;
import org.osgi.service.useradmin.UserAdmin;

import io.coaptree.api.PeerIdentity;

/**
 * Authenticates HTTP callers the way Kura's REST API does (its BasicAuthenticationProvider and UserAdminHelper): a
 * Kura identity is the UserAdmin user {@code kura.user.<name>} whose credential {@code kura.password} is the
 * CryptoService's SHA-256 of the password, refused while {@code kura.need.password.change} is set; a permission is the
 * group {@code kura.permission.<name>}, and {@code kura.admin} holds every permission. The permission for this API is
 * {@value #PERMISSION}, created on the gateway when missing (as Kura's REST services create theirs), so an
 * administrator grants it in the WebUI's Identities page.
 */
public final class KuraCallers {

    /** The Kura permission an identity needs to call through HTTP with its own identity. */
    public static final String PERMISSION = "rest.coaptree";
    /** The identity type of a Kura identity as a CoAP caller: {@code kura:<name>}. */
    public static final String IDENTITY_TYPE = PeerIdentity.KURA;

    static final String USER_PREFIX = "kura.user.";
    static final String PERMISSION_PREFIX = "kura.permission.";
    static final String ADMIN_PERMISSION = PERMISSION_PREFIX + "kura.admin";
    static final String PASSWORD_CREDENTIAL = "kura.password";
    static final String NEEDS_PASSWORD_CHANGE = "kura.need.password.change";

    private final UserAdmin userAdmin;
    private final CryptoService crypto;

    public KuraCallers(UserAdmin userAdmin, CryptoService crypto) {
        this.userAdmin = userAdmin;
        this.crypto = crypto;
    }

    /** Creates the {@value #PERMISSION} permission group if the gateway does not have it yet. */
    public void ensurePermission() {
        if (userAdmin.getRole(PERMISSION_PREFIX + PERMISSION) == null) {
            userAdmin.createRole(PERMISSION_PREFIX + PERMISSION, Role.GROUP);
        }
    }

    /**
     * @param authorization the Authorization header, or {@code null}
     * @return anonymous without a header; authenticated for a Kura identity with the permission; refused otherwise
     */
    public Caller identify(String authorization) {
        if (authorization == null || authorization.isBlank()) {
            return new Caller.Anonymous();
        }
        Optional<BasicCredentials> credentials = BasicCredentials.parse(authorization);
        if (credentials.isEmpty()) {
            return new Caller.Refused(401, "Basic credentials expected");
        }
        String name = credentials.get().username();
        Role role = userAdmin.getRole(USER_PREFIX + name);
        if (!(role instanceof User user) || !passwordMatches(user, credentials.get().password())) {
            return new Caller.Refused(401, "user name or password not matching");
        }
        if ("true".equals(String.valueOf(user.getProperties().get(NEEDS_PASSWORD_CHANGE)))) {
            return new Caller.Refused(401, "the password of " + name + " must be changed in the WebUI first");
        }
        Authorization authz = userAdmin.getAuthorization(user);
        if (!authz.hasRole(PERMISSION_PREFIX + PERMISSION) && !authz.hasRole(ADMIN_PERMISSION)) {
            return new Caller.Refused(403, name + " lacks the permission " + PERMISSION);
        }
        return new Caller.Authenticated(new PeerIdentity(IDENTITY_TYPE, name));
    }

    private boolean passwordMatches(User user, String password) {
        Object stored = user.getCredentials().get(PASSWORD_CREDENTIAL);
        if (!(stored instanceof String expected)) {
            return false;
        }
        String actual;
        try {
            actual = crypto.sha256Hash(password);
        } catch (Exception e) {
            return false;
        }
        // constant time: the comparison must not tell how much of the hash matched
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.UTF_8), actual.getBytes(StandardCharsets.UTF_8));
    }
}
