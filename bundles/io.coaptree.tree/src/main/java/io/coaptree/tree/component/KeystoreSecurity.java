package io.coaptree.tree.component;

import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.NamedParameterSpec;
import java.time.Clock;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.crypto.CryptoService;
import org.eclipse.kura.security.keystore.KeystoreService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import io.coaptree.properties.InvalidPropertyException;
import io.coaptree.tree.model.NodeAddress;
import io.coaptree.tree.options.SecurityOptions;
import io.coaptree.tree.drops.DroppedMessages;
import io.coaptree.tree.security.CertificateAuthorityTrust;
import io.coaptree.tree.security.GatewayKey;
import io.coaptree.tree.security.GatewaySecurity;
import io.coaptree.tree.security.MessageSeal;
import io.coaptree.tree.security.PinnedKeyTrust;
import io.coaptree.tree.security.SecurityMode;
import io.coaptree.tree.security.SenderTrust;
import io.coaptree.tree.topics.TreeTopics;

/**
 * Builds the gateway's {@link GatewaySecurity} from its settings and Kura's services: the key pair under
 * {@code tree.security.key.alias} in the picked {@link KeystoreService} (created there, Ed25519 with a self-signed
 * certificate for the node address, if the alias is absent), the CA certificate under
 * {@code tree.security.anchor.alias} or the pinned keys, and the secret decrypted by the {@link CryptoService}.
 */
final class KeystoreSecurity {

    private static final Logger LOG = LoggerFactory.getLogger(KeystoreSecurity.class);

    /** Boots of this gateway's seals: later than any before, even if reconfigured twice in one millisecond. */
    private static final AtomicLong LAST_BOOT = new AtomicLong();

    private KeystoreSecurity() {
    }

    /** @throws InvalidPropertyException naming the setting that cannot be used */
    static GatewaySecurity build(SecurityOptions options, NodeAddress self, KeystoreService keystore,
            CryptoService crypto, DroppedMessages droppedMessages, TreeTopics topics, Clock clock) {
        if (options.mode() == SecurityMode.NONE) {
            LOG.warn("{}: tree.security.mode is none: any MQTT client that reaches the broker can act as any "
                    + "gateway and any caller of the tree", CoAPTreeHandler.PID);
            return GatewaySecurity.none();
        }
        long boot = LAST_BOOT.updateAndGet(last -> Math.max(last + 1, clock.millis()));
        MessageSeal seal;
        if (options.mode() == SecurityMode.SECRET) {
            seal = MessageSeal.secret(self.text(), boot, secret(options, crypto), clock, options.freshnessMillis());
        } else {
            if (keystore == null) {
                throw new InvalidPropertyException(SecurityOptions.KEYSTORE_TARGET.id(),
                        "no KeystoreService matches it; signature mode keeps this gateway's key in a Kura keystore");
            }
            KeyStore.PrivateKeyEntry entry = ownKey(options, self, keystore);
            X509Certificate certificate = (X509Certificate) entry.getCertificate();
            SenderTrust trust = trust(options, keystore, self, certificate);
            GatewayKey key;
            try {
                key = GatewayKey.of(entry.getPrivateKey(), options.pinnedKeys().isEmpty() ? certificate : null);
            } catch (IllegalArgumentException e) {
                throw new InvalidPropertyException(SecurityOptions.KEY_ALIAS.id(), e.getMessage(), e);
            }
            LOG.info("{}: this gateway signs as {}; its public key (to pin it elsewhere): {}={}", CoAPTreeHandler.PID,
                    self, self, Base64.getEncoder().encodeToString(certificate.getPublicKey().getEncoded()));
            seal = options.linkMacs()
                    ? MessageSeal.signingWithLinks(self.text(), boot, key, trust, clock, options.freshnessMillis(),
                            options.limits().maxSenders())
                    : MessageSeal.signing(self.text(), boot, key, trust, clock, options.freshnessMillis());
        }
        return GatewaySecurity.sealing(options.mode(), seal, options.limits(), droppedMessages, topics, clock);
    }

    private static char[] secret(SecurityOptions options, CryptoService crypto) {
        char[] stored = options.encryptedSecret();
        try {
            return crypto.decryptAes(stored);
        } catch (KuraException notEncrypted) {
            // A value not yet saved by the ConfigurationService (a metatype default) arrives in plain, as in Kura.
            return stored;
        } catch (RuntimeException e) {
            throw new InvalidPropertyException(SecurityOptions.SECRET.id(), "cannot be decrypted", e);
        }
    }

    private static KeyStore.PrivateKeyEntry ownKey(SecurityOptions options, NodeAddress self,
            KeystoreService keystore) {
        String alias = options.keyAlias();
        try {
            if (!(keystore.getEntry(alias) instanceof KeyStore.PrivateKeyEntry)) {
                if (keystore.getEntry(alias) != null) {
                    throw new InvalidPropertyException(SecurityOptions.KEY_ALIAS.id(),
                            "'" + alias + "' is not a key pair in the keystore");
                }
                keystore.createKeyPair(alias, "Ed25519", NamedParameterSpec.ED25519, "Ed25519",
                        "CN=" + self.text());
                LOG.info("{}: created the Ed25519 key pair '{}' with a self-signed certificate for {}; in CA mode, "
                        + "have its certificate signed by the tree's CA (Security > Keystore Configuration)",
                        CoAPTreeHandler.PID, alias, self);
            }
            KeyStore.PrivateKeyEntry entry = (KeyStore.PrivateKeyEntry) keystore.getEntry(alias);
            PrivateKey key = entry.getPrivateKey();
            if (!(entry.getCertificate() instanceof X509Certificate)) {
                throw new InvalidPropertyException(SecurityOptions.KEY_ALIAS.id(),
                        "'" + alias + "' has no X.509 certificate (" + key.getAlgorithm() + ")");
            }
            return entry;
        } catch (KuraException e) {
            throw new InvalidPropertyException(SecurityOptions.KEY_ALIAS.id(),
                    "the keystore cannot give '" + alias + "': " + e.getMessage(), e);
        }
    }

    private static SenderTrust trust(SecurityOptions options, KeystoreService keystore, NodeAddress self,
            X509Certificate own) {
        if (!options.pinnedKeys().isEmpty()) {
            try {
                return PinnedKeyTrust.parse(options.pinnedKeys(), options.revoked());
            } catch (IllegalArgumentException e) {
                throw new InvalidPropertyException(SecurityOptions.PINNED_KEYS.id(), e.getMessage(), e);
            }
        }
        String alias = options.anchorAlias();
        try {
            KeyStore.Entry entry = keystore.getEntry(alias);
            Certificate ca = entry instanceof KeyStore.TrustedCertificateEntry t ? t.getTrustedCertificate()
                    : entry instanceof KeyStore.PrivateKeyEntry p ? p.getCertificate() : null;
            if (entry == null) {
                // Not enrolled yet (a new gateway): it runs, and the WebUI shows its pages, but trusts only itself.
                LOG.warn("{}: {}: no CA certificate '{}' in the keystore and no pinned keys: this gateway trusts only "
                        + "itself (it is alone in the tree) until the tree's CA is imported under that alias or "
                        + "tree.security.pinned.keys lists the others", CoAPTreeHandler.PID,
                        SecurityOptions.ANCHOR_ALIAS, alias);
                return PinnedKeyTrust.only(self.text(), own.getPublicKey());
            }
            if (!(ca instanceof X509Certificate)) {
                throw new InvalidPropertyException(SecurityOptions.ANCHOR_ALIAS.id(),
                        "'" + alias + "' in the keystore is not a CA certificate");
            }
            return new CertificateAuthorityTrust(List.of((X509Certificate) ca), options.revoked());
        } catch (KuraException e) {
            throw new InvalidPropertyException(SecurityOptions.ANCHOR_ALIAS.id(),
                    "the keystore cannot give '" + alias + "': " + e.getMessage(), e);
        }
    }
}
