package io.coaptree.harness.kura.probe;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Hashtable;
import java.util.Map;

import org.eclipse.kura.KuraException;
import org.eclipse.kura.configuration.ConfigurableComponent;
import org.eclipse.kura.configuration.Password;
import org.eclipse.kura.crypto.CryptoService;
import org.osgi.framework.BundleContext;
import org.osgi.framework.ServiceRegistration;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.component.annotations.Deactivate;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.component.annotations.Reference;

/**
 * A configurable component with one Password attribute, handled the way a real Kura component must handle one
 * (the value arrives encrypted, decrypt with CryptoService). It publishes a {@link PasswordProbeResult} whose
 * properties tell tests what the component ended up with.
 */
@Component(name = PasswordProbe.PID, configurationPolicy = ConfigurationPolicy.REQUIRE, immediate = true,
        service = ConfigurableComponent.class)
public final class PasswordProbe implements ConfigurableComponent {

    public static final String PID = "io.coaptree.harness.kura.PasswordProbe";
    public static final String SECRET = "secret";
    public static final String SHA256_PROPERTY = "secret.sha256";
    /** "decrypted", "missing" or "undecryptable". */
    public static final String STATE_PROPERTY = "secret.state";

    private final CryptoService crypto;
    private final BundleContext context;
    private ServiceRegistration<PasswordProbeResult> registration;

    @Activate
    public PasswordProbe(@Reference CryptoService crypto, BundleContext context, Map<String, Object> properties) {
        this.crypto = crypto;
        this.context = context;
        modified(properties);
    }

    @Modified
    synchronized void modified(Map<String, Object> properties) {
        Hashtable<String, Object> serviceProperties = new Hashtable<>();
        serviceProperties.put("kura.service.pid", PID);
        String sha256 = null;
        Object value = properties.get(SECRET);
        if (value == null) {
            serviceProperties.put(STATE_PROPERTY, "missing");
        } else {
            char[] encrypted = value instanceof Password ? ((Password) value).getPassword()
                    : value.toString().toCharArray();
            try {
                char[] plain = this.crypto.decryptAes(encrypted);
                sha256 = sha256Hex(plain);
                Arrays.fill(plain, '\0');
                serviceProperties.put(SHA256_PROPERTY, sha256);
                serviceProperties.put(STATE_PROPERTY, "decrypted");
            } catch (KuraException e) {
                serviceProperties.put(STATE_PROPERTY, "undecryptable");
            }
        }
        String published = sha256;
        PasswordProbeResult result = () -> published;
        unregister();
        this.registration = this.context.registerService(PasswordProbeResult.class, result, serviceProperties);
    }

    @Deactivate
    synchronized void deactivate() {
        unregister();
    }

    private void unregister() {
        if (this.registration != null) {
            this.registration.unregister();
            this.registration = null;
        }
    }

    private static String sha256Hex(char[] plain) {
        try {
            byte[] bytes = new String(plain).getBytes(StandardCharsets.UTF_8);
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is mandatory in every JRE", e);
        }
    }
}
