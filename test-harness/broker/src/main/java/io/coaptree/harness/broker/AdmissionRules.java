package io.coaptree.harness.broker;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Map;
import java.util.Optional;

import io.coaptree.brokeracl.AccessList;

/**
 * Who may connect, with which client id and last will, and what each user may publish and subscribe: plain Java,
 * so that the broker adapter ({@link BrokerAccess}) only translates packets.
 *
 * <p>
 * <b>Client ids are bound to users</b> when an access list applies (a tree's gateways, {@link GatewayAdmission}): a
 * client id belongs to the user whose name it is, or whose name followed by {@code -} starts it ({@code gB2},
 * {@code gB2-cli}); of several such names the longest owns it, so a user {@code g} never owns {@code g-1}'s ids. A
 * client may use only ids its own user owns. MQTT lets a new connection with a client id in use take over that
 * session, so without this any admitted client (the read-only monitor, say) could push a gateway off the broker by
 * connecting with its id. Without an access list (the transport tests, where every client shares one test user)
 * there is nothing to bind to, and ids are free.
 *
 * <p>
 * <b>A last will</b> is a publish the broker makes for the client later, so its topic must be one the user may
 * publish on; a CONNECT with any other will is refused, as Mosquitto refuses it.
 */
final class AdmissionRules {

    /** Why a CONNECT is refused: maps to MQTT 3.1.1's CONNACK return codes 2, 4 and 5. */
    enum Refusal {
        /** Return code 2, identifier rejected. */
        CLIENT_ID,
        /** Return code 4, bad user name or password. */
        CREDENTIALS,
        /** Return code 5, not authorized. */
        NOT_AUTHORIZED
    }

    /** A refused CONNECT: the code for the client and a reason for the log (never a secret). */
    record Decision(Refusal refusal, String reason) {
    }

    private final Map<String, byte[]> passwords;
    /** Null: every user may publish and subscribe anything (no access list). */
    private final AccessList accessList;

    /**
     * @param passwords  user name to password
     * @param accessList what each user may publish and subscribe, binding client ids to users; null for none
     */
    AdmissionRules(Map<String, String> passwords, AccessList accessList) {
        this.passwords = Map.copyOf(passwords.entrySet().stream().collect(java.util.stream.Collectors.toMap(
                Map.Entry::getKey, e -> e.getValue().getBytes(StandardCharsets.UTF_8))));
        this.accessList = accessList;
    }

    /**
     * @param willTopic the CONNECT's last will topic, empty without a will
     * @return empty when the client is admitted
     */
    Optional<Decision> refusal(String user, byte[] password, String clientId, Optional<String> willTopic) {
        byte[] expected = user == null ? null : passwords.get(user);
        // compared in constant time, so that the time taken does not tell how much of a guess was right
        if (expected == null || password == null || !MessageDigest.isEqual(expected, password)) {
            return Optional.of(new Decision(Refusal.CREDENTIALS, "unknown user or wrong password"));
        }
        if (accessList == null) {
            return Optional.empty();
        }
        String owner = owner(clientId);
        if (!user.equals(owner)) {
            return Optional.of(new Decision(Refusal.CLIENT_ID, "client id '" + clientId + "' belongs to "
                    + (owner == null ? "no user" : owner) + ", not to " + user));
        }
        if (willTopic.isPresent() && !mayPublish(user, willTopic.get())) {
            return Optional.of(new Decision(Refusal.NOT_AUTHORIZED,
                    user + " may not publish on its last will's topic " + willTopic.get()));
        }
        return Optional.empty();
    }

    boolean mayPublish(String user, String topic) {
        return accessList == null || accessList.mayPublish(user, topic);
    }

    boolean maySubscribe(String user, String filter) {
        return accessList == null || accessList.maySubscribe(user, filter);
    }

    /** Whether what a client publishes needs checking at all (an access list applies). */
    boolean restrictsTopics() {
        return accessList != null;
    }

    /** The user that owns {@code clientId}, or null. */
    String owner(String clientId) {
        if (clientId == null) {
            return null;
        }
        String owner = null;
        for (String user : passwords.keySet()) {
            boolean owns = clientId.equals(user) || clientId.startsWith(user + "-");
            if (owns && (owner == null || user.length() > owner.length())) {
                owner = user;
            }
        }
        return owner;
    }
}
