package io.coaptree.mqtt.paho;

import java.net.ConnectException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.util.Locale;

import javax.net.ssl.SSLException;

import org.eclipse.paho.client.mqttv3.MqttException;

/**
 * Turns what Paho and the JSSE throw on a failed connection into a sentence an operator can act on in the WebUI
 * (which setting to look at), followed by the technical detail. Never includes secrets: neither Paho nor the
 * JSSE put the password into exceptions.
 */
public final class ConnectFailure {

    private ConnectFailure() {
    }

    /**
     * @param trustSource where the trust anchors came from, e.g. "KeystoreService 'SSLKeystore'"
     */
    public static String explain(Throwable failure, String trustSource) {
        return explain(failure, trustSource, false);
    }

    /**
     * @param overTls whether the connection was mqtts or wss: a broker that wants a client certificate may refuse a
     *        client without one after TLS 1.3's handshake, so the client sees its socket closed rather than an alert
     */
    public static String explain(Throwable failure, String trustSource, boolean overTls) {
        return reason(failure, trustSource, overTls) + " [" + detail(failure) + "]";
    }

    private static String reason(Throwable failure, String trustSource, boolean overTls) {
        if (failure instanceof MqttException) {
            switch (((MqttException) failure).getReasonCode()) {
            case MqttException.REASON_CODE_FAILED_AUTHENTICATION:
            case MqttException.REASON_CODE_NOT_AUTHORIZED:
                return "the broker refused the user name or password (check username and password)";
            case MqttException.REASON_CODE_INVALID_CLIENT_ID:
                return "the broker refused the client identifier (check client-id)";
            case MqttException.REASON_CODE_INVALID_PROTOCOL_VERSION:
                return "the broker does not speak this MQTT version (check protocol-version)";
            case MqttException.REASON_CODE_BROKER_UNAVAILABLE:
                return "the broker is unavailable";
            default:
                break;
            }
        }
        if (find(failure, CertPathBuilderException.class) != null
                || find(failure, CertPathValidatorException.class) != null) {
            return "TLS: the broker's certificate is not trusted: it does not chain to a certificate of "
                    + trustSource + " (check KeystoreService.target and the keystore's CA certificates)";
        }
        CertificateException certificate = find(failure, CertificateException.class);
        if (certificate != null && mentions(certificate, "subject alternative", "no name matching")) {
            return "TLS: the broker's certificate does not match the host of broker-url"
                    + " (check broker-url or ssl.hostname.verification)";
        }
        SSLException tls = find(failure, SSLException.class);
        if (tls != null) {
            if (mentions(tls, "certificate_required", "bad_certificate", "unknown_ca", "certificate_unknown")) {
                return "TLS: the broker refused the client certificate (put a key entry the broker accepts into "
                        + trustSource + ")";
            }
            return "TLS handshake with the broker failed";
        }
        if (find(failure, UnknownHostException.class) != null) {
            return "the broker's host name does not resolve (check broker-url)";
        }
        if (find(failure, ConnectException.class) != null) {
            return "nothing accepts connections at broker-url (broker down or wrong port)";
        }
        SocketException closed = find(failure, SocketException.class);
        if (overTls && closed != null && mentions(closed, "closed", "reset", "broken pipe")) {
            return "TLS: the broker closed the connection during or right after the handshake; it may want a client "
                    + "certificate (put a key entry the broker accepts into " + trustSource + ")";
        }
        return "cannot connect to the broker";
    }

    /** The exception chain in one line: what a developer needs, without stack traces. */
    static String detail(Throwable failure) {
        StringBuilder text = new StringBuilder();
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (text.length() > 0) {
                text.append(" <- ");
            }
            text.append(t.getClass().getSimpleName());
            if (t instanceof MqttException) {
                text.append(" reason ").append(((MqttException) t).getReasonCode());
            }
            if (t.getMessage() != null && !(t instanceof MqttException && t.getCause() != null)) {
                text.append(": ").append(t.getMessage());
            }
        }
        return text.toString();
    }

    private static <T extends Throwable> T find(Throwable failure, Class<T> type) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    private static boolean mentions(Throwable t, String... words) {
        String message = String.valueOf(t.getMessage()).toLowerCase(Locale.ROOT);
        for (String word : words) {
            if (message.contains(word)) {
                return true;
            }
        }
        return false;
    }
}
