package io.coaptree.brokeracl;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The {@code mosquitto.conf} part that makes the broker admit only the fleet: no anonymous clients, the access list,
 * a packet size limit, and one TLS listener. Gateways identify either by their client certificate (its CN is the user
 * name, so the certificate is the credential) or by user name and password over TLS; either way the client id is the
 * user name ({@code use_username_as_clientid}), so no client can take over another's session by using its client id.
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

    /**
     * What an MQTT packet of the tree carries beyond its largest content, at most: an envelope's other fields at
     * their largest (seven strings of 2,048 bytes with their length prefixes, ETags, the caller's voucher of up to
     * 4,096 bytes: about 18.7 KB), the seal (receivers accept at most 4,096 bytes around a message), the class hint
     * byte, and MQTT's fixed header, topic and packet id (under 500 bytes for the tree's topics): about 23.5 KB, and
     * 64 KiB leaves room for a batch's framing.
     */
    static final int PACKET_OVERHEAD_BYTES = 65_536;
    /** The largest telemetry record a root accepts ({@code telemetry.record.max.bytes} at its maximum). */
    static final int TELEMETRY_RECORD_CEILING_BYTES = 65_536;

    private MosquittoListener() {
    }

    /**
     * The broker's {@code max_packet_size}: the largest message a gateway may legitimately send (a CoAP payload of
     * {@code codec.max.payload.bytes}, the largest of the fleet's roles, in its envelope and seal) and no more, so a
     * client cannot make the broker (and every subscriber) take a message no gateway would accept.
     *
     * @param maxPayloadBytes the largest {@code codec.max.payload.bytes} of the fleet's role snapshots
     */
    public static int maxPacketSize(int maxPayloadBytes) {
        return Math.max(maxPayloadBytes, TELEMETRY_RECORD_CEILING_BYTES) + PACKET_OVERHEAD_BYTES;
    }

    /**
     * The configuration lines (Mosquitto 2.0); {@code header} lines become comments.
     *
     * @param maxPacketSize {@link #maxPacketSize(int)}
     */
    public static String write(List<String> header, Settings s, int maxPacketSize) {
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
        // The largest message a gateway sends, and no more: Mosquitto disconnects a client that sends a larger
        // packet (MQTT 5 clients are told the limit in CONNACK), before any subscriber has to take it.
        lines.add("max_packet_size " + maxPacketSize);
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
        // The client id is the user name (the certificate's CN, or the MQTT user): a CONNECT with another user's
        // client id cannot take over that user's session (MQTT hands a client id in use to the newcomer, and the
        // broker would publish the old connection's last will). The price: one connection per user, so tools need
        // inventory lines of their own (an observer each).
        lines.add("use_username_as_clientid true");
        lines.add("");
        return String.join("\n", lines);
    }
}
