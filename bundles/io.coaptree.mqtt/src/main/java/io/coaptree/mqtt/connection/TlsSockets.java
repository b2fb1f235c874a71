package io.coaptree.mqtt.connection;

import javax.net.ssl.SSLSocketFactory;

/**
 * Where the TLS sockets of mqtts:// and wss:// come from: the component builds them from the keystore picked in
 * Kura's WebUI, or falls back to Java's default trust store.
 */
public interface TlsSockets {

    /** The TLS sockets for the next connection attempt; called for each attempt, so a new keystore is used at once. */
    SSLSocketFactory socketFactory() throws Exception;

    /** Where the trust anchors come from, e.g. "KeystoreService 'SSLKeystore'", for what a failed connection says. */
    String trustSource();
}
