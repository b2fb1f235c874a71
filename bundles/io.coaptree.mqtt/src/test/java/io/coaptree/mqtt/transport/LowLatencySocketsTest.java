package io.coaptree.mqtt.transport;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.Socket;

import javax.net.ssl.SSLSocketFactory;

import org.junit.jupiter.api.Test;

class LowLatencySocketsTest {

    @Test
    void plainSocketsSendSmallPacketsAtOnce() throws Exception {
        try (Socket socket = LowLatencySockets.plain().createSocket()) {
            assertTrue(socket.getTcpNoDelay(), "Nagle's algorithm is off");
        }
    }

    @Test
    void tlsSocketsSendSmallPacketsAtOnce() throws Exception {
        SSLSocketFactory tls = LowLatencySockets.tls((SSLSocketFactory) SSLSocketFactory.getDefault());
        try (Socket socket = tls.createSocket()) {
            assertTrue(socket.getTcpNoDelay(), "Nagle's algorithm is off");
        }
    }
}
