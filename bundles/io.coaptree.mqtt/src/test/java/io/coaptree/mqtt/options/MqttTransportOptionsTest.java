package io.coaptree.mqtt.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.api.Test;

import io.coaptree.properties.InvalidPropertyException;

class MqttTransportOptionsTest {

    private static final MqttTransportOptions.PasswordDecryptor REVERSE = encrypted -> new StringBuilder(
            new String(encrypted)).reverse().toString().toCharArray();

    private static MqttTransportOptions options(Object... keyValues) {
        Map<String, Object> p = new HashMap<>();
        for (int i = 0; i < keyValues.length; i += 2) {
            p.put((String) keyValues[i], keyValues[i + 1]);
        }
        return MqttTransportOptions.fromProperties(p, REVERSE);
    }

    @Test
    void defaultsAreSafe() {
        MqttTransportOptions o = MqttTransportOptions.defaults();
        assertEquals("tcp://localhost:1883", o.pahoServerUri());
        assertEquals(30, o.keepAliveSeconds());
        assertEquals(10, o.timeoutSeconds());
        assertTrue(o.cleanSession());
        assertTrue(o.tcpNoDelay(), "packets go out at once unless the operator trades latency for throughput");
        assertEquals(4, o.protocolVersion());
        assertEquals(100, o.inFlightMax());
        assertEquals(1000, o.inFlightWaitMillis(), "a burst waits for the broker, a stalled broker is refused in 1 s");
        assertTrue(o.autoConnect());
        assertFalse(o.tls());
        assertEquals("", o.password());
    }

    /**
     * The transport reconnects when the options differ. Spelling out the metatype's defaults, as Kura does, gives the
     * same options: SettingsAgreementTest holds that.
     */
    @Test
    void anyRealChangeIsAnotherConfiguration() {
        assertNotEquals(options("client-id", "gw"), options("client-id", "gw2"));
        assertNotEquals(options("client-id", "gw"), options("client-id", "gw", "keep-alive", "31"));
    }

    @Test
    void nagleCanBeSwitchedBackOn() {
        assertFalse(options("tcp.no-delay", "false").tcpNoDelay());
        assertFalse(options("tcp.no-delay", false).tcpNoDelay());
    }

    @Test
    void brokerUrlSchemesMapToPaho() {
        assertEquals("tcp://h:1884", options("broker-url", "mqtt://h:1884/").pahoServerUri());
        assertEquals("ssl://h:8883", options("broker-url", "mqtts://h/").pahoServerUri());
        assertTrue(options("broker-url", "mqtts://h/").tls());
        assertEquals("ws://h:8080/mqtt", options("broker-url", "ws://h:8080/mqtt").pahoServerUri());
        assertTrue(options("broker-url", "wss://h:8443/mqtt").tls());
        assertEquals("mqtt://h:1884/", options("broker-url", " mqtt://h:1884/ ").brokerUrl());
    }

    @Test
    void badValuesAreRefusedNamingTheProperty() {
        assertRefused("broker-url", "broker-url", "http://h/");
        assertRefused("broker-url", "broker-url", "mqtt:///nohost");
        assertRefused("keep-alive", "keep-alive", -1);
        assertRefused("timeout", "timeout", 0);
        assertRefused("protocol-version", "protocol-version", 5);
        assertRefused("lwt.qos", "lwt.qos", 3);
        assertRefused("lwt.topic", "lwt.topic", "a/+/b");
        assertRefused("in-flight-messages.max-number", "in-flight-messages.max-number", 0);
        assertRefused("in-flight-messages.max-number", "in-flight-messages.max-number", 70_000);
        assertRefused("in-flight-messages.wait-ms", "in-flight-messages.wait-ms", -1);
        assertRefused("in-flight-messages.wait-ms", "in-flight-messages.wait-ms", 60_001);
        assertRefused("clean-session", "clean-session", "yes");
        assertRefused("keep-alive", "keep-alive", "soon");
        assertRefused("reconnect.max-delay-ms", "reconnect.initial-delay-ms", 5000, "reconnect.max-delay-ms", 1000);
    }

    private static void assertRefused(String property, Object... keyValues) {
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class, () -> options(keyValues));
        assertEquals(property, e.field());
        assertTrue(e.getMessage().startsWith(property + ":"), e.getMessage());
    }

    @Test
    void aRefusalSaysWhatIsAccepted() {
        assertEquals("keep-alive: 'soon' is not an integer",
                assertThrows(InvalidPropertyException.class, () -> options("keep-alive", "soon")).getMessage());
        assertEquals("in-flight-messages.max-number: 70000 is outside 1..65535", assertThrows(
                InvalidPropertyException.class, () -> options("in-flight-messages.max-number", 70_000L)).getMessage());
        assertEquals("clean-session: 'yes' is not true or false",
                assertThrows(InvalidPropertyException.class, () -> options("clean-session", "yes")).getMessage());
    }

    @Test
    void passwordsAreDecryptedAndPlainOnesKeptAsKuraDoes() {
        assertEquals("secret", options("password", "terces").password());
        MqttTransportOptions.PasswordDecryptor failing = encrypted -> {
            throw new IllegalStateException("not encrypted");
        };
        assertEquals("plain", MqttTransportOptions.fromProperties(Map.of("password", "plain"), failing).password());
        assertFalse(options("password", "terces").toString().contains("secret"));
    }

    @Test
    void clientIdLosesTopicSpecialCharactersAndDefaultsToTheHostName() {
        assertEquals("a-b-c-d-e", options("client-id", "a/b+c#d.e").clientId());
        String derived = options("client-id", "").clientId();
        assertTrue(derived.endsWith("-coaptree"), derived);
    }

    @Test
    void numbersArriveAsKuraTypesOrStrings() {
        assertEquals(7, options("keep-alive", 7L).keepAliveSeconds());
        assertEquals(8, options("keep-alive", "8").keepAliveSeconds());
        assertFalse(options("clean-session", "false").cleanSession());
    }
}
