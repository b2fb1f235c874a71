package io.coaptree.mqtt.kura;

import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.util.List;

import javax.net.ssl.KeyManager;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManagerFactory;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.security.keystore.KeystoreService;

/**
 * Builds the TLS socket factory for mqtts:// and wss:// from a Kura {@link KeystoreService}: its certificates
 * are the trust anchors for the broker, its key entries (if any) the client's credentials for mutual TLS.
 */
public final class KeystoreSocketFactory {

    private KeystoreSocketFactory() {
    }

    public static SSLSocketFactory create(KeystoreService keystore) throws KuraException, GeneralSecurityException {
        KeyStore store = keystore.getKeyStore();
        TrustManagerFactory trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
        trust.init(store);
        List<KeyManager> keyManagers = keystore.getKeyManagers(KeyManagerFactory.getDefaultAlgorithm());
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keyManagers == null ? null : keyManagers.toArray(new KeyManager[0]), trust.getTrustManagers(),
                null);
        return context.getSocketFactory();
    }
}
