package io.coaptree.mqtt.component;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

import org.eclipse.kura.security.keystore.KeystoreService;

/**
 * Activates transports against one broker as DS would (references first, then activate), with short timeouts and
 * no automatic connection, and deactivates them all on {@link #close()}.
 */
final class Transports implements AutoCloseable {

    private static final AtomicInteger ids = new AtomicInteger();

    private final String brokerUrl;
    private final String user;
    private final String password;
    private final List<LeanMqttDataTransport> active = new ArrayList<>();

    Transports(String brokerUrl, String user, String password) {
        this.brokerUrl = brokerUrl;
        this.user = user;
        this.password = password;
    }

    /** The properties every transport gets; the password encrypted as the WebUI stores it. */
    Map<String, Object> baseProperties() {
        Map<String, Object> p = new HashMap<>();
        p.put("broker-url", brokerUrl);
        p.put("client-id", "transport-" + ids.incrementAndGet());
        p.put("username", user);
        p.put("password", TestCryptoService.encrypt(password));
        p.put("connect.auto-on-startup", false);
        p.put("keep-alive", 5);
        p.put("timeout", 5);
        p.put("reconnect.initial-delay-ms", 50);
        p.put("reconnect.max-delay-ms", 300);
        return p;
    }

    LeanMqttDataTransport activate(Map<String, Object> overrides) {
        return activate(overrides, null);
    }

    LeanMqttDataTransport activate(Map<String, Object> overrides, KeystoreService keystore) {
        Map<String, Object> p = baseProperties();
        p.putAll(overrides);
        LeanMqttDataTransport t = new LeanMqttDataTransport();
        t.setCryptoService(new TestCryptoService());
        if (keystore != null) {
            t.setKeystoreService(keystore);
        }
        t.activate(p);
        active.add(t);
        return t;
    }

    @Override
    public void close() {
        for (LeanMqttDataTransport t : active) {
            t.deactivate();
        }
        active.clear();
    }
}
