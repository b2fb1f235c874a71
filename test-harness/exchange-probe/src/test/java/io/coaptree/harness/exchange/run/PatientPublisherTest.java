package io.coaptree.harness.exchange.run;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.HashMap;
import java.util.Map;

import org.eclipse.kura.KuraNotConnectedException;
import org.eclipse.kura.KuraTooManyInflightMessagesException;
import org.junit.jupiter.api.Test;

import io.coaptree.mqtt.component.LeanMqttDataTransport;

/**
 * The publisher against the real transport with a full window: a peer that accepts the MQTT connection and
 * never acknowledges a publish, so the window stays full deterministically.
 */
class PatientPublisherTest {

    @Test
    void backsOffWhileTheWindowIsFullAndGivesUpAtTheDeadline() throws Exception {
        try (ServerSocket server = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            Thread peer = new Thread(() -> acceptAndNeverAcknowledge(server), "silent-broker");
            peer.setDaemon(true);
            peer.start();
            Map<String, Object> p = new HashMap<>();
            p.put("broker-url", "mqtt://127.0.0.1:" + server.getLocalPort());
            p.put("client-id", "patient");
            p.put("connect.auto-on-startup", false);
            p.put("in-flight-messages.max-number", 1);
            // the transport refuses at once (it would otherwise wait up to 1 s itself): the publisher's own backoff
            p.put("in-flight-messages.wait-ms", 0);
            p.put("timeout", 5);
            LeanMqttDataTransport transport = new LeanMqttDataTransport();
            transport.activate(p);
            try {
                transport.connect();
                PatientPublisher publisher = new PatientPublisher(transport, 50);
                publisher.publish("t", new byte[] { 1 }, 1);
                assertEquals(0, publisher.backoffs(), "a free window takes the message at once");
                long start = System.nanoTime();
                assertThrows(KuraTooManyInflightMessagesException.class, () -> publisher.publish("t", new byte[1], 1));
                assertTrue(System.nanoTime() - start >= 50_000_000L, "kept trying for its whole patience");
                assertTrue(publisher.backoffs() > 1, "backed off and retried: " + publisher.backoffs());
            } finally {
                transport.deactivate();
                peer.interrupt();
            }
        }
    }

    @Test
    void otherRefusalsAreThrownAtOnce() {
        LeanMqttDataTransport transport = new LeanMqttDataTransport();
        transport.activate(Map.of("broker-url", "mqtt://127.0.0.1:1/", "connect.auto-on-startup", false));
        try {
            PatientPublisher publisher = new PatientPublisher(transport, 10_000);
            assertThrows(KuraNotConnectedException.class, () -> publisher.publish("t", new byte[1], 1));
            assertEquals(0, publisher.backoffs());
        } finally {
            transport.deactivate();
        }
    }

    /** Answers CONNECT with a CONNACK (accepted), then reads and ignores everything. */
    private static void acceptAndNeverAcknowledge(ServerSocket server) {
        try (Socket socket = server.accept()) {
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            in.read(); // CONNECT fixed header
            int length = 0;
            int multiplier = 1;
            int digit;
            do {
                digit = in.read();
                length += (digit & 0x7F) * multiplier;
                multiplier *= 128;
            } while ((digit & 0x80) != 0);
            in.readNBytes(length);
            out.write(new byte[] { 0x20, 0x02, 0x00, 0x00 });
            out.flush();
            byte[] sink = new byte[1024];
            while (in.read(sink) >= 0) {
                // never acknowledge
            }
        } catch (IOException e) {
            // the test is over
        }
    }
}
