package io.coaptree.mqtt.paho;

import java.nio.charset.StandardCharsets;

import javax.net.SocketFactory;

import org.eclipse.paho.client.mqttv3.MqttConnectOptions;

import io.coaptree.mqtt.options.MqttTransportOptions;

/** Turns the transport's settings into Paho's connect options. */
public final class PahoConnectOptionsMapper {

    private PahoConnectOptionsMapper() {
    }

    /**
     * @param willTopic the last will's topic with its variables resolved ({@code #client-id}, ...); ignored without
     *        {@code lwt.topic}
     * @param socketFactory the sockets to open (TLS for mqtts and wss, TCP_NODELAY if set); null for Paho's default
     */
    public static MqttConnectOptions map(MqttTransportOptions current, String willTopic, SocketFactory socketFactory) {
        MqttConnectOptions o = new MqttConnectOptions();
        o.setCleanSession(current.cleanSession());
        o.setKeepAliveInterval(current.keepAliveSeconds());
        o.setConnectionTimeout(current.timeoutSeconds());
        o.setMqttVersion(current.protocolVersion());
        // The transport's window is the limit; Paho's own must never refuse first. Paho completes a publish's token
        // (which frees the transport's slot, and wakes a publisher waiting for it) before it counts the publish out of
        // its own window, so its window gets room for a second transport window of publishes.
        o.setMaxInflight(2 * current.inFlightMax());
        // The transport reconnects by itself, with its own backoff, and restores subscriptions.
        o.setAutomaticReconnect(false);
        if (!current.username().isEmpty()) {
            o.setUserName(current.username());
        }
        if (!current.password().isEmpty()) {
            o.setPassword(current.password().toCharArray());
        }
        if (!current.lwtTopic().isEmpty()) {
            o.setWill(willTopic, current.lwtPayload().getBytes(StandardCharsets.UTF_8), current.lwtQos(),
                    current.lwtRetain());
        }
        if (current.tls()) {
            o.setHttpsHostnameVerificationEnabled(current.hostnameVerification());
        }
        if (socketFactory != null) {
            o.setSocketFactory(socketFactory);
        }
        return o;
    }
}
