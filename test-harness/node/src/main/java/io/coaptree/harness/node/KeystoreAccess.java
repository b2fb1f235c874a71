package io.coaptree.harness.node;

import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.time.Duration;
import java.util.Map;

import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceReference;

import io.coaptree.harness.kura.crypto.AesGcmPasswordCipher;

/**
 * A node's keystores as a component reads them, for the launcher: through the KeystoreService instance of a
 * {@code kura.service.pid}, or, where the plain password is needed outside the gateway, from where Kura keeps it (the
 * instance's configuration, encrypted with the node's key). Kura replaces the password of a keystore configured
 * with {@code randomize.password=true} when it first activates it, so no reader may assume the password a keystore
 * shipped with.
 */
final class KeystoreAccess {

    static final String KEYSTORE_SERVICE = "org.eclipse.kura.security.keystore.KeystoreService";
    private static final String PASSWORD = "keystore.password";
    private static final String RANDOMIZE = "randomize.password";

    private final BundleContext context;
    private final ConfigAdminClient configAdmin;
    private final AesGcmPasswordCipher cipher;
    private final Duration timeout;

    KeystoreAccess(BundleContext context, ConfigAdminClient configAdmin, AesGcmPasswordCipher cipher,
            Duration timeout) {
        this.context = context;
        this.configAdmin = configAdmin;
        this.cipher = cipher;
        this.timeout = timeout;
    }

    /** {@code KeystoreService.getKeyStore()} of the instance {@code pid}. */
    KeyStore keyStore(String pid) throws Exception {
        ServiceReference<?> reference = reference(pid);
        Object service = this.context.getService(reference);
        try {
            return (KeyStore) ServiceAccess.invoke(service, KEYSTORE_SERVICE, "getKeyStore", new Class<?>[0]);
        } finally {
            this.context.ungetService(reference);
        }
    }

    /**
     * The password of the instance {@code pid} as its configuration holds it, once a randomization Kura was asked for
     * has been written there. Kura's keystore service is a delayed component: it randomizes when first used and
     * writes the new password into its configuration a moment later, unless its last user let it go before (it is
     * then deactivated, and randomizes again when next used); so this holds it, as a reader such as Kura's SSL
     * manager does, until the configuration has settled.
     */
    char[] password(String pid) throws Exception {
        ServiceReference<?> reference = reference(pid);
        this.context.getService(reference);
        Map<String, Object> configuration;
        try {
            long deadline = System.nanoTime() + this.timeout.toNanos();
            configuration = this.configAdmin.properties(pid);
            while (configuration == null || Boolean.TRUE.equals(configuration.get(RANDOMIZE))) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("keystore " + pid + ": no settled password within " + this.timeout);
                }
                Thread.sleep(50);
                configuration = this.configAdmin.properties(pid);
            }
        } finally {
            this.context.ungetService(reference);
        }
        Object value = configuration.get(PASSWORD);
        if (value == null) {
            throw new IllegalStateException("keystore " + pid + " has no " + PASSWORD);
        }
        try {
            return this.cipher.decrypt(value.toString().toCharArray());
        } catch (GeneralSecurityException notEncrypted) {
            return value.toString().toCharArray(); // a metatype default is kept in plain until saved, as on Kura
        }
    }

    private ServiceReference<?> reference(String pid) {
        ServiceReference<?> reference = ServiceAccess.await(this.context,
                "(&(objectClass=" + KEYSTORE_SERVICE + ")(kura.service.pid=" + pid + "))", this.timeout);
        if (reference == null) {
            throw new IllegalStateException("no KeystoreService " + pid + " within " + this.timeout);
        }
        return reference;
    }
}
