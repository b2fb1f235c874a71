package io.coaptree.tree.options;

import static io.coaptree.properties.Refusal.STANDARD;

import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import io.coaptree.properties.ComponentProperties;
import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.tree.security.SecurityLimits;
import io.coaptree.tree.security.SecurityMode;

/**
 * How this gateway authenticates the tree's messages (the {@code tree.security.*} settings of the tree handler):
 * the mode, where its key and the tree's anchor are (aliases in the Kura keystore picked by
 * {@code KeystoreService.target}), or the pinned keys, or the secret; the freshness window and the replay windows.
 * Validated: a bad value is refused naming the property. The secret stays encrypted here (as Kura stores it); the
 * component decrypts it when it builds the seal.
 */
public final class SecurityOptions {

    public static final String MODE = "tree.security.mode";
    public static final String KEY_ALIAS = "tree.security.key.alias";
    public static final String ANCHOR_ALIAS = "tree.security.anchor.alias";
    public static final String PINNED_KEYS = "tree.security.pinned.keys";
    public static final String REVOKED = "tree.security.revoked";
    public static final String SECRET = "tree.security.secret";
    public static final String FRESHNESS = "tree.security.freshness.ms";
    public static final String REPLAY_WINDOW = "tree.security.replay.window";
    public static final String MAX_SENDERS = "tree.security.max.senders";
    public static final String LINK_MACS = "tree.security.link.macs";

    public static final String DEFAULT_KEY_ALIAS = "coaptree-tree";
    public static final String DEFAULT_ANCHOR_ALIAS = "coaptree-tree-ca";
    /** Kura gateways keep their clocks with NTP; 30 s covers their skew and a broker's delivery of a queued message. */
    public static final long DEFAULT_FRESHNESS_MILLIS = 30_000;
    /** Sequence numbers per sender: a gateway's messages can be this many apart and still arrive out of order. */
    public static final int DEFAULT_REPLAY_WINDOW = 4096;
    public static final int DEFAULT_MAX_SENDERS = 4096;

    private final SecurityMode mode;
    private final String keyAlias;
    private final String anchorAlias;
    private final String pinnedKeys;
    private final Set<String> revoked;
    private final char[] encryptedSecret;
    private final long freshnessMillis;
    private final SecurityLimits limits;
    private final boolean linkMacs;

    private SecurityOptions(SecurityMode mode, String keyAlias, String anchorAlias, String pinnedKeys,
            Set<String> revoked, char[] encryptedSecret, long freshnessMillis, SecurityLimits limits,
            boolean linkMacs) {
        this.mode = mode;
        this.keyAlias = keyAlias;
        this.anchorAlias = anchorAlias;
        this.pinnedKeys = pinnedKeys;
        this.revoked = revoked;
        this.encryptedSecret = encryptedSecret;
        this.freshnessMillis = freshnessMillis;
        this.limits = limits;
        this.linkMacs = linkMacs;
    }

    /** @throws InvalidPropertyException naming the property */
    public static SecurityOptions fromProperties(Map<String, ?> properties) {
        Objects.requireNonNull(properties, "properties");
        ComponentProperties p = ComponentProperties.of(properties, STANDARD);
        SecurityMode mode;
        try {
            mode = SecurityMode.fromLabel(p.string(MODE, SecurityMode.SIGNATURE.label()).trim());
        } catch (IllegalArgumentException e) {
            throw new InvalidPropertyException(MODE, e.getMessage(), e);
        }
        String keyAlias = p.string(KEY_ALIAS, DEFAULT_KEY_ALIAS).trim();
        String anchorAlias = p.string(ANCHOR_ALIAS, DEFAULT_ANCHOR_ALIAS).trim();
        String pinned = p.string(PINNED_KEYS, "").trim();
        char[] secret = p.password(SECRET);
        if (mode == SecurityMode.SIGNATURE) {
            if (keyAlias.isEmpty()) {
                throw new InvalidPropertyException(KEY_ALIAS, "empty: signature mode needs this gateway's key");
            }
            if (anchorAlias.isEmpty() && pinned.isEmpty()) {
                throw new InvalidPropertyException(ANCHOR_ALIAS,
                        "empty, and no pinned keys either: signature mode needs a CA alias or pinned keys");
            }
        }
        if (mode == SecurityMode.SECRET && secret.length == 0) {
            throw new InvalidPropertyException(SECRET, "empty: secret mode needs the tree's secret");
        }
        Set<String> revoked = Arrays.stream(p.string(REVOKED, "").split("[\\s,]+")).map(String::trim)
                .filter(s -> !s.isEmpty()).collect(Collectors.toUnmodifiableSet());
        long freshness = STANDARD.requireRange(FRESHNESS, p.longValue(FRESHNESS, DEFAULT_FRESHNESS_MILLIS), 1000,
                3_600_000);
        int window = STANDARD.requireRange(REPLAY_WINDOW, p.integer(REPLAY_WINDOW, DEFAULT_REPLAY_WINDOW), 64,
                1 << 20);
        if (window % 64 != 0) {
            throw new InvalidPropertyException(REPLAY_WINDOW, window + " is not a multiple of 64");
        }
        int senders = STANDARD.requireRange(MAX_SENDERS, p.integer(MAX_SENDERS, DEFAULT_MAX_SENDERS), 1, 1_000_000);
        return new SecurityOptions(mode, keyAlias, anchorAlias, pinned, revoked, secret, freshness,
                new SecurityLimits(window, senders), p.bool(LINK_MACS, true));
    }

    public SecurityMode mode() {
        return mode;
    }

    public String keyAlias() {
        return keyAlias;
    }

    /** The alias of the CA certificate that issues gateway certificates; empty when keys are pinned. */
    public String anchorAlias() {
        return anchorAlias;
    }

    /** {@code <node address>=<base64 key>} entries; empty when a CA is the anchor. */
    public String pinnedKeys() {
        return pinnedKeys;
    }

    /** Node addresses and certificate fingerprints no longer trusted. */
    public Set<String> revoked() {
        return revoked;
    }

    /** The secret as Kura stored it (encrypted); a copy. */
    public char[] encryptedSecret() {
        return encryptedSecret.clone();
    }

    public long freshnessMillis() {
        return freshnessMillis;
    }

    public SecurityLimits limits() {
        return limits;
    }

    /**
     * Signature mode: whether messages addressed to one gateway carry a MAC under a key only the two gateways share
     * (agreed through their signed messages) instead of a signature.
     */
    public boolean linkMacs() {
        return linkMacs;
    }

    @Override
    public String toString() {
        // The secret stays out of logs, even encrypted.
        return "mode " + mode.label() + (mode == SecurityMode.SIGNATURE ? ", key " + keyAlias
                + (pinnedKeys.isEmpty() ? ", CA " + anchorAlias : ", pinned keys")
                + (linkMacs ? ", link MACs" : ", no link MACs") : "")
                + ", freshness " + freshnessMillis + " ms, replay window " + limits.windowSize();
    }
}
