package io.coaptree.tree.options;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.properties.Setting;
import io.coaptree.tree.security.SecurityLimits;
import io.coaptree.tree.security.SecurityMode;

/**
 * How this gateway authenticates the tree's messages (the {@code tree.security.*} settings of the tree handler),
 * typed: the mode, where its key and the tree's anchor are (aliases in the Kura keystore picked by
 * {@link #KEYSTORE_TARGET}), or the pinned keys, or the secret; the freshness window and the replay windows. Each
 * setting is defined once below, and a bad value is refused naming the property. The secret stays encrypted here (as
 * Kura stores it); the component decrypts it when it builds the seal.
 *
 * @param mode how messages are authenticated
 * @param keyAlias this gateway's key pair in the keystore
 * @param anchorAlias the alias of the CA certificate that issues gateway certificates; empty when keys are pinned
 * @param pinnedKeys {@code <node address>=<base64 key>} entries; empty when a CA is the anchor
 * @param revoked node addresses and certificate fingerprints no longer trusted
 * @param encryptedSecret the secret as Kura stored it (encrypted); the accessor returns a copy
 * @param freshnessMillis a message sent longer ago, or further ahead, is stale
 * @param replayWindow sequence numbers remembered per sender and boot (a multiple of 64)
 * @param maxSenders senders whose replay windows are kept at once
 * @param linkMacs signature mode: whether messages addressed to one gateway carry a MAC under a key only the two
 *            gateways share (agreed through their signed messages) instead of a signature
 */
public record SecurityOptions(SecurityMode mode, String keyAlias, String anchorAlias, String pinnedKeys,
        Set<String> revoked, char[] encryptedSecret, long freshnessMillis, int replayWindow, int maxSenders,
        boolean linkMacs) {

    /**
     * Kura's own SSL keystore, as in Kura's SSL manager: the default target of the component's KeystoreService
     * reference (a constant, so the reference annotation names it too).
     */
    public static final String KURA_SSL_KEYSTORE = "(kura.service.pid=SSLKeystore)";

    public static final Setting<SecurityMode> MODE = Setting.choice("tree.security.mode", SecurityMode.SIGNATURE)
            .labelled("signature", "signature (per-gateway keys)", "secret", "secret (one tree-wide secret)", "none",
                    "none (no authentication)")
            .named("Message authentication")
            .describedAs("How gateways authenticate every tree message (COSE, RFC 9052): signature = each gateway "
                    + "signs with its own Ed25519 key (COSE_Sign1), trusted through the CA or the pinned keys below; "
                    + "secret = one tree-wide secret (COSE_Mac0, HMAC 256/256), weaker: any gateway holding it can act "
                    + "as any other; none = no authentication (tests only: any MQTT client can act as any gateway and "
                    + "caller). Forged, replayed, stale and unsigned messages are refused and counted "
                    + "(tree.refused.*).");
    /** Read by the component runtime, which binds the KeystoreService reference through it; Kura's picker. */
    public static final Setting<String> KEYSTORE_TARGET = Setting.text("KeystoreService.target", KURA_SSL_KEYSTORE)
            .named("Keystore")
            .describedAs("The Kura keystore holding this gateway's tree key and the tree's CA certificate (signature "
                    + "mode).");
    public static final Setting<String> KEY_ALIAS = Setting.text("tree.security.key.alias", "coaptree-tree")
            .optional().named("Gateway key alias")
            .describedAs("This gateway's Ed25519 key pair in the keystore. If absent it is created, with a "
                    + "self-signed certificate whose CN is the node address (e.g. A/1/gA1); in CA mode have that "
                    + "certificate signed by the tree's CA.");
    public static final Setting<String> ANCHOR_ALIAS = Setting.text("tree.security.anchor.alias", "coaptree-tree-ca")
            .optional().named("Tree CA alias")
            .describedAs("The trusted CA certificate in the keystore that issues gateway certificates (CN = node "
                    + "address). Used when no keys are pinned.");
    public static final Setting<String> PINNED_KEYS = Setting.text("tree.security.pinned.keys", "").optional()
            .named("Pinned gateway keys")
            .describedAs("Instead of a CA: the trusted gateways, as node-address=base64-public-key entries separated "
                    + "by spaces or commas (each gateway logs its own entry at start). Revoking a gateway is removing "
                    + "its entry.");
    public static final Setting<String> REVOKED = Setting.text("tree.security.revoked", "").optional()
            .named("Revoked gateways")
            .describedAs("Node addresses or certificate SHA-256 fingerprints (hex) no longer trusted, separated by "
                    + "spaces or commas.");
    public static final Setting<char[]> SECRET = Setting.password("tree.security.secret").named("Tree secret")
            .describedAs("Secret mode only: the secret every gateway of the tree shares (at least 16 characters).");
    /** Kura gateways keep their clocks with NTP; 30 s covers their skew and a broker's delivery of a queued message. */
    public static final Setting<Long> FRESHNESS = Setting.longValue("tree.security.freshness.ms", 30_000)
            .range(1_000, 3_600_000).named("Freshness window (ms)")
            .describedAs("A message sent longer ago (or further ahead, by the sender's clock) is refused as stale. "
                    + "Gateways need synchronised clocks (NTP).");
    /** Sequence numbers per sender: a gateway's messages can be this many apart and still arrive out of order. */
    public static final Setting<Integer> REPLAY_WINDOW = Setting.integer("tree.security.replay.window", 4_096)
            .range(64, 1 << 20).named("Replay window")
            .describedAs("Sequence numbers remembered per sender and boot (a multiple of 64): a message is accepted "
                    + "once, in any order within the window; a repeat is refused as replayed.");
    public static final Setting<Integer> MAX_SENDERS = Setting.integer("tree.security.max.senders", 4_096)
            .range(1, 1_000_000).named("Maximum senders tracked")
            .describedAs("Gateways whose replay windows are kept at once (least recently heard first out).");
    public static final Setting<Boolean> LINK_MACS = Setting.flag("tree.security.link.macs", true).named("Link MACs")
            .describedAs("Signature mode: a message addressed to one gateway (query, reply, rd, ctl) carries a MAC "
                    + "(COSE_Mac0, HMAC 256/256) under a key only the two gateways share, agreed from the X25519 keys "
                    + "each puts into its signed messages, instead of a signature: about a microsecond instead of "
                    + "tens. Each gateway still speaks only as itself. A link lapses one freshness window after the "
                    + "peer's last signed message. Off: every message is signed.");

    /** This class's settings, in WebUI order. */
    public static final List<Setting<?>> ALL = List.of(MODE, KEYSTORE_TARGET, KEY_ALIAS, ANCHOR_ALIAS, PINNED_KEYS,
            REVOKED, SECRET, FRESHNESS, REPLAY_WINDOW, MAX_SENDERS, LINK_MACS);

    public SecurityOptions {
        Objects.requireNonNull(mode, "mode");
        revoked = Set.copyOf(revoked);
        encryptedSecret = encryptedSecret.clone();
        if (mode == SecurityMode.SIGNATURE) {
            if (keyAlias.isEmpty()) {
                throw new InvalidPropertyException(KEY_ALIAS.id(), "empty: signature mode needs this gateway's key");
            }
            if (anchorAlias.isEmpty() && pinnedKeys.isEmpty()) {
                throw new InvalidPropertyException(ANCHOR_ALIAS.id(),
                        "empty, and no pinned keys either: signature mode needs a CA alias or pinned keys");
            }
        }
        if (mode == SecurityMode.SECRET && encryptedSecret.length == 0) {
            throw new InvalidPropertyException(SECRET.id(), "empty: secret mode needs the tree's secret");
        }
        FRESHNESS.check(freshnessMillis);
        REPLAY_WINDOW.check(replayWindow);
        if (replayWindow % 64 != 0) {
            throw new InvalidPropertyException(REPLAY_WINDOW.id(), replayWindow + " is not a multiple of 64");
        }
        MAX_SENDERS.check(maxSenders);
    }

    /**
     * Reads a Kura component configuration; texts are trimmed, the revoked entries split at spaces and commas.
     *
     * @throws InvalidPropertyException naming the property
     */
    public static SecurityOptions fromProperties(Map<String, ?> properties) {
        Set<String> revoked = Arrays.stream(REVOKED.from(properties).split("[\\s,]+")).map(String::trim)
                .filter(s -> !s.isEmpty()).collect(Collectors.toUnmodifiableSet());
        return new SecurityOptions(MODE.from(properties), KEY_ALIAS.from(properties).trim(),
                ANCHOR_ALIAS.from(properties).trim(), PINNED_KEYS.from(properties).trim(), revoked,
                SECRET.from(properties), FRESHNESS.from(properties), REPLAY_WINDOW.from(properties),
                MAX_SENDERS.from(properties), LINK_MACS.from(properties));
    }

    /** The secret as Kura stored it (encrypted); a copy. */
    @Override
    public char[] encryptedSecret() {
        return encryptedSecret.clone();
    }

    /** The replay windows' sizes. */
    public SecurityLimits limits() {
        return new SecurityLimits(replayWindow, maxSenders);
    }

    /** Compares the secret by content, so that the same configuration reads as the same options. */
    @Override
    public boolean equals(Object other) {
        return other instanceof SecurityOptions o && mode == o.mode && keyAlias.equals(o.keyAlias)
                && anchorAlias.equals(o.anchorAlias) && pinnedKeys.equals(o.pinnedKeys) && revoked.equals(o.revoked)
                && Arrays.equals(encryptedSecret, o.encryptedSecret) && freshnessMillis == o.freshnessMillis
                && replayWindow == o.replayWindow && maxSenders == o.maxSenders && linkMacs == o.linkMacs;
    }

    @Override
    public int hashCode() {
        return Objects.hash(mode, keyAlias, anchorAlias, pinnedKeys, revoked, Arrays.hashCode(encryptedSecret),
                freshnessMillis, replayWindow, maxSenders, linkMacs);
    }

    @Override
    public String toString() {
        // The secret stays out of logs, even encrypted.
        return "mode " + mode.label() + (mode == SecurityMode.SIGNATURE ? ", key " + keyAlias
                + (pinnedKeys.isEmpty() ? ", CA " + anchorAlias : ", pinned keys")
                + (linkMacs ? ", link MACs" : ", no link MACs") : "")
                + ", freshness " + freshnessMillis + " ms, replay window " + replayWindow;
    }
}
