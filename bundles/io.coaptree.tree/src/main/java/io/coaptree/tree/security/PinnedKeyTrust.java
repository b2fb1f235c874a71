package io.coaptree.tree.security;

import java.io.IOException;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;

import org.bouncycastle.crypto.params.AsymmetricKeyParameter;
import org.bouncycastle.crypto.params.Ed25519PublicKeyParameters;
import org.bouncycastle.crypto.util.PublicKeyFactory;

import io.coaptree.tree.drops.DropReason;

/**
 * Trusts exactly the listed gateways, each with its own Ed25519 public key: no CA needed, and revoking a gateway
 * is removing its line. The list is {@code <node address>=<base64 SubjectPublicKeyInfo>} entries separated by
 * white space or commas, e.g. {@code A/1/gA1=MCowBQYDK2VwAyEA...}.
 */
public final class PinnedKeyTrust implements SenderTrust {

    private final Map<String, Ed25519PublicKeyParameters> keys;

    private PinnedKeyTrust(Map<String, Ed25519PublicKeyParameters> keys) {
        this.keys = Map.copyOf(keys);
    }

    /**
     * @param revoked node addresses left out even if listed
     * @throws IllegalArgumentException naming the entry that cannot be read
     */
    public static PinnedKeyTrust parse(String list, Set<String> revoked) {
        Map<String, Ed25519PublicKeyParameters> keys = new HashMap<>();
        for (String entry : list.trim().split("[\\s,]+")) {
            if (entry.isEmpty()) {
                continue;
            }
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("'" + entry + "' is not <node address>=<base64 public key>");
            }
            String address = entry.substring(0, eq);
            AsymmetricKeyParameter key;
            try {
                key = PublicKeyFactory.createKey(Base64.getDecoder().decode(entry.substring(eq + 1)));
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException("the key of " + address + " cannot be read", e);
            }
            if (!(key instanceof Ed25519PublicKeyParameters)) {
                throw new IllegalArgumentException("the key of " + address + " is not an Ed25519 key");
            }
            if (!revoked.contains(address)) {
                keys.put(address, (Ed25519PublicKeyParameters) key);
            }
        }
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("no gateway key is listed");
        }
        return new PinnedKeyTrust(keys);
    }

    /** Trusts one gateway only: a gateway not enrolled yet trusts itself until it gets the tree's CA or pins. */
    public static PinnedKeyTrust only(String address, java.security.PublicKey key) {
        try {
            AsymmetricKeyParameter parameters = PublicKeyFactory.createKey(key.getEncoded());
            if (!(parameters instanceof Ed25519PublicKeyParameters)) {
                throw new IllegalArgumentException("the key of " + address + " is not an Ed25519 key");
            }
            return new PinnedKeyTrust(Map.of(address, (Ed25519PublicKeyParameters) parameters));
        } catch (IOException e) {
            throw new IllegalArgumentException("the key of " + address + " cannot be read", e);
        }
    }

    @Override
    public Ed25519PublicKeyParameters keyOf(String sender, byte[] presentedCertificate, long nowMillis)
            throws SealRefusedException {
        Ed25519PublicKeyParameters key = keys.get(sender);
        if (key == null) {
            throw new SealRefusedException(DropReason.UNTRUSTED, sender, "no pinned key for this gateway");
        }
        return key;
    }
}
