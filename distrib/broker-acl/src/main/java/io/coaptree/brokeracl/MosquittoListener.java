package io.coaptree.brokeracl;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@code mosquitto.conf} part that makes the broker admit only the fleet: no anonymous clients, the access list,
 * and one TLS listener. Gateways identify either by their client certificate (its CN is the user name, so the
 * certificate is the credential) or by user name and password over TLS.
 */
public final class MosquittoListener {

    /** How the broker learns a client's user name. */
    public enum Authentication {
        /** {@code require_certificate true} and {@code use_identity_as_username true}: the certificate's CN. */
        CERTIFICATE,
        /** The MQTT user name and password, checked against {@code password_file} (made with mosquitto_passwd). */
        PASSWORD
    }

    /**
     * @param bind         the address to listen on; empty for every address
     * @param passwordFile only for {@link Authentication#PASSWORD}
     */
    public record Settings(int port, String bind, Authentication authentication, String aclFile, String caFile,
            String certFile, String keyFile, String passwordFile) {

        public Settings {
            Objects.requireNonNull(bind, "bind");
            Objects.requireNonNull(authentication, "authentication");
            Objects.requireNonNull(aclFile, "aclFile");
            Objects.requireNonNull(caFile, "caFile");
            Objects.requireNonNull(certFile, "certFile");
            Objects.requireNonNull(keyFile, "keyFile");
            if (authentication == Authentication.PASSWORD) {
                Objects.requireNonNull(passwordFile, "passwordFile");
            }
        }
    }

    private MosquittoListener() {
    }

    /** The configuration lines (Mosquitto 2.0); {@code header} lines become comments. */
    public static String write(List<String> header, Settings s) {
        List<String> lines = new ArrayList<>();
        header.forEach(h -> lines.add("# " + h));
        // Global settings (per_listener_settings false, Mosquitto's default): they hold for every listener, so a
        // listener added later cannot admit anonymous clients by accident.
        lines.add("allow_anonymous false");
        lines.add("acl_file " + s.aclFile());
        if (s.authentication() == Authentication.PASSWORD) {
            lines.add("password_file " + s.passwordFile());
        }
        // A request crosses the tree as a chain of small QoS 1 publishes; with Nagle's algorithm on the broker's
        // sockets (Mosquitto's default) each hop can wait for a delayed ACK (docs/performance.md, bridged brokers).
        lines.add("set_tcp_nodelay true");
        lines.add("");
        lines.add("listener " + s.port() + (s.bind().isEmpty() ? "" : " " + s.bind()));
        lines.add("cafile " + s.caFile());
        lines.add("certfile " + s.certFile());
        lines.add("keyfile " + s.keyFile());
        lines.add("tls_version tlsv1.2");
        if (s.authentication() == Authentication.CERTIFICATE) {
            lines.add("require_certificate true");
            lines.add("use_identity_as_username true");
        } else {
            lines.add("require_certificate false");
        }
        lines.add("");
        return String.join("\n", lines);
    }
}
