package io.coaptree.mqtt.paho;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ConnectException;
import java.net.SocketException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertificateException;

import javax.net.ssl.SSLHandshakeException;

import org.eclipse.paho.client.mqttv3.MqttException;
import org.junit.jupiter.api.Test;

/**
 * The sentence an operator reads when a connection fails, for failures built as Paho and the JSSE build them
 * (the broker tests show the same sentences against real brokers).
 */
class ConnectFailureTest {

    private static final String TRUST = "KeystoreService 'SSLKeystore'";

    private static MqttException wrapped(Throwable cause) {
        return new MqttException(MqttException.REASON_CODE_CLIENT_EXCEPTION, cause);
    }

    private static SSLHandshakeException handshake(String message, Throwable cause) {
        SSLHandshakeException e = new SSLHandshakeException(message);
        e.initCause(cause);
        return e;
    }

    @Test
    void refusedCredentialsNameTheSettings() {
        for (int code : new int[] { MqttException.REASON_CODE_FAILED_AUTHENTICATION,
                MqttException.REASON_CODE_NOT_AUTHORIZED }) {
            String text = ConnectFailure.explain(new MqttException(code), TRUST);
            assertTrue(text.startsWith("the broker refused the user name or password"), text);
        }
    }

    @Test
    void anUntrustedBrokerCertificateNamesTheKeystore() {
        String text = ConnectFailure.explain(wrapped(handshake("PKIX path building failed",
                new CertPathBuilderException("unable to find valid certification path"))), TRUST);
        assertTrue(text.startsWith("TLS: the broker's certificate is not trusted"), text);
        assertTrue(text.contains(TRUST), text);
        assertTrue(text.contains("PKIX path building failed"), "the technical detail follows: " + text);
    }

    @Test
    void aCertificateForAnotherHostIsNamedAsSuch() {
        String text = ConnectFailure.explain(wrapped(handshake("No subject alternative names matching IP address",
                new CertificateException("No subject alternative names matching IP address 10.0.0.1 found"))),
                TRUST);
        assertTrue(text.startsWith("TLS: the broker's certificate does not match the host"), text);
    }

    @Test
    void aRefusedClientCertificateAndAnAbsentBroker() {
        String refused = ConnectFailure.explain(
                wrapped(handshake("Received fatal alert: certificate_required", null)), TRUST);
        assertTrue(refused.startsWith("TLS: the broker refused the client certificate"), refused);
        String absent = ConnectFailure.explain(new MqttException(MqttException.REASON_CODE_SERVER_CONNECT_ERROR,
                new ConnectException("Connection refused")), TRUST);
        assertTrue(absent.startsWith("nothing accepts connections at broker-url"), absent);
    }

    @Test
    void aSocketClosedByATlsBrokerPointsAtTheClientCertificateAndOnlyOverTls() {
        MqttException closed = new MqttException(MqttException.REASON_CODE_CLIENT_EXCEPTION,
                new SocketException("Socket is closed"));
        String overTls = ConnectFailure.explain(closed, TRUST, true);
        assertTrue(overTls.startsWith("TLS: the broker closed the connection"), overTls);
        assertTrue(overTls.contains(TRUST), overTls);
        String plain = ConnectFailure.explain(closed, TRUST, false);
        assertTrue(plain.startsWith("cannot connect to the broker"), plain);
        String refused = ConnectFailure.explain(new MqttException(MqttException.REASON_CODE_SERVER_CONNECT_ERROR,
                new ConnectException("Connection refused")), TRUST, true);
        assertTrue(refused.startsWith("nothing accepts connections at broker-url"), refused);
    }
}
