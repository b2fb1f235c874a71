package io.coaptree.mqtt.component;

import static io.coaptree.mqtt.component.RecordingListener.next;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.eclipse.kura.KuraTooManyInflightMessagesException;
import org.junit.jupiter.api.Test;

/**
 * An in-flight window that stays full. A real broker acknowledges too fast to fill a window deterministically, so the peer
 * here is a socket that accepts the MQTT connection and then never acknowledges a publish.
 */
class InFlightWindowFullTest {

    @Test
    void aWindowThatStaysFullRefusesAfterTheWaitNamingTheSettingAndALostConnectionFreesIt() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Map<String, Object> p = new HashMap<>();
            p.put("broker-url", "mqtt://127.0.0.1:" + server.getLocalPort());
            p.put("client-id", "window-test");
            p.put("connect.auto-on-startup", false);
            p.put("keep-alive", 60);
            p.put("timeout", 5);
            p.put("in-flight-messages.max-number", 3);
            p.put("in-flight-messages.wait-ms", 300);
            LeanMqttDataTransport t = new LeanMqttDataTransport();
            t.setCryptoService(new TestCryptoService());
            t.activate(p);
            RecordingListener listener = new RecordingListener();
            t.addDataTransportListener(listener);
            Thread acceptor = new Thread(() -> acceptAndStaySilent(server), "silent-broker");
            acceptor.start();
            try {
                t.connect();
                for (int i = 0; i < 3; i++) {
                    assertNotNull(t.publish("w/" + i, new byte[] { (byte) i }, 1 + i % 2, false));
                }
                assertEquals(3, t.inFlightMessages());
                long started = System.nanoTime();
                assertThrows(KuraTooManyInflightMessagesException.class, () -> t.publish("w/3", new byte[1], 1, false));
                assertTrue(System.nanoTime() - started >= TimeUnit.MILLISECONDS.toNanos(300),
                        "refused only after waiting in-flight-messages.wait-ms for a slot");
                assertThrows(KuraTooManyInflightMessagesException.class, () -> t.publish("w/4", new byte[1], 0, false),
                        "QoS 0 publishes wait for the same window");

                acceptor.interrupt(); // closes the peer's socket
                next(listener.lost, "connection lost");
                long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
                while (t.inFlightMessages() != 0) {
                    if (System.nanoTime() > deadline) {
                        fail("window not freed after the connection was lost: " + t.inFlightMessages());
                    }
                    Thread.onSpinWait();
                }
            } finally {
                t.disconnect(0);
                t.deactivate();
                acceptor.interrupt();
                acceptor.join(5000);
            }
        }
    }

    /** Answers CONNECT with a CONNACK, then reads and ignores everything until interrupted. */
    private static void acceptAndStaySilent(ServerSocket server) {
        try (Socket socket = server.accept()) {
            socket.setSoTimeout(50);
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            boolean connackSent = false;
            byte[] buffer = new byte[4096];
            while (!Thread.currentThread().isInterrupted()) {
                try {
                    if (in.read(buffer) < 0) {
                        return;
                    }
                    if (!connackSent) {
                        out.write(new byte[] { 0x20, 0x02, 0x00, 0x00 });
                        out.flush();
                        connackSent = true;
                    }
                } catch (java.net.SocketTimeoutException idle) {
                    // poll the interrupt flag
                }
            }
        } catch (IOException e) {
            // the test ends the conversation
        }
    }
}
