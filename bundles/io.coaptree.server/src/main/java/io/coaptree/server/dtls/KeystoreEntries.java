package io.coaptree.server.dtls;

import java.security.KeyStore;
import java.util.Map;

import io.coaptree.server.options.DtlsOptions;

/**
 * The entries of the Kura KeystoreService instances selected with {@link DtlsOptions#KEYSTORE_SERVICE_TARGET} and
 * {@link DtlsOptions#TRUSTSTORE_SERVICE_TARGET}; {@code null} where no service matches the target.
 *
 * @param keys entries of the KeystoreService holding the server key
 * @param trust entries of the truststore KeystoreService (its certificate entries are the trusted CAs)
 */
public record KeystoreEntries(Map<String, KeyStore.Entry> keys, Map<String, KeyStore.Entry> trust) {

    /** No KeystoreService bound. */
    public static final KeystoreEntries NONE = new KeystoreEntries(null, null);
}
