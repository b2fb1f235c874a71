package io.coaptree.harness.broker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;

/** The embedded broker without a tree: anonymous and user clients, restarts, publish counts, and its fault count. */
class EmbeddedBrokerTest {

    private static final long TIMEOUT_SECONDS = 20;

    private static MqttClient client(EmbeddedBroker broker, String id, String user, String password, boolean clean)
            throws MqttException {
        MqttClient client = new MqttClient("tcp://127.0.0.1:" + broker.port(), id, new MemoryPersistence());
        MqttConnectOptions options = new MqttConnectOptions();
        options.setCleanSession(clean);
        options.setConnectionTimeout(10);
        if (user != null) {
            options.setUserName(user);
            options.setPassword(password.toCharArray());
        }
        client.setTimeToWait(TIMEOUT_SECONDS * 1000);
        client.connect(options);
        return client;
    }

    private static void leave(MqttClient client) throws MqttException {
        if (client.isConnected()) {
            client.disconnect();
        }
        client.close();
    }

    @Test
    void anonymousClientsExchangeAndARestartKeepsThePort() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.builder().countPublishes().start()) {
            assertEquals("mqtt://127.0.0.1:" + broker.port() + "/", broker.url());
            roundTrip(broker, "first");
            int port = broker.port();
            broker.restart();
            assertEquals(port, broker.port());
            roundTrip(broker, "second");
            assertEquals(Map.of("sender-first x", 1L, "sender-second x", 1L), broker.publishesByClient());
            assertEquals(0, broker.faults(), broker.faultReport());
        }
    }

    private static void roundTrip(EmbeddedBroker broker, String name) throws Exception {
        MqttClient receiver = client(broker, "receiver-" + name, null, null, true);
        MqttClient sender = client(broker, "sender-" + name, null, null, true);
        try {
            BlockingQueue<byte[]> received = new LinkedBlockingQueue<>();
            // a level named "root", which Moquette, the harness's earlier broker, never delivered to
            receiver.subscribe("round/root/+", 1, (t, m) -> received.add(m.getPayload()));
            sender.publish("round/root/x", name.getBytes(), 1, false);
            assertArrayEquals(name.getBytes(), received.poll(TIMEOUT_SECONDS, TimeUnit.SECONDS));
        } finally {
            leave(sender);
            leave(receiver);
        }
    }

    @Test
    void onlyKnownUsersConnectButClientIdsAreFreeWithoutAnAccessList() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.builder().user("tests", "pw").start()) {
            MqttException refused = assertThrows(MqttException.class,
                    () -> client(broker, "a", "tests", "wrong", true));
            assertEquals(MqttException.REASON_CODE_FAILED_AUTHENTICATION, refused.getReasonCode());
            assertThrows(MqttException.class, () -> client(broker, "b", null, null, true));
            leave(client(broker, "any-id", "tests", "pw", true));
        }
    }

    /**
     * A message the broker drops is a fault, and {@link NoBrokerFaults} would fail the test: here a queue of one
     * message for a client that is away, which receives three.
     */
    @Test
    void aMessageTheBrokerDropsIsAFaultTheCheckReports() throws Exception {
        try (EmbeddedBroker broker = EmbeddedBroker.builder().maxQueuedMessages(1).start()) {
            MqttClient away = client(broker, "away", null, null, false);
            away.subscribe("queued/#", 1);
            away.disconnect();
            MqttClient sender = client(broker, "sender", null, null, true);
            for (int i = 0; i < 3; i++) {
                sender.publish("queued/" + i, new byte[] { (byte) i }, 1, false);
            }
            leave(sender);
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(TIMEOUT_SECONDS);
            while (broker.faults() < 2 && System.nanoTime() < deadline) {
                TimeUnit.MILLISECONDS.sleep(20);
            }
            assertEquals(2, broker.faults(), broker.faultReport());
            List<String> reported = BrokerFaults.unreported();
            assertEquals(1, reported.size(), reported.toString());
            assertTrue(reported.get(0).contains("2 messages dropped"), reported.get(0));
            assertEquals(List.of(), BrokerFaults.unreported(), "reported once");
            away.close();
        }
    }

    @Test
    void aStoppedBrokerRefusesAndStartsAgainOnTheSamePort() throws Exception {
        try (EmbeddedBroker broker = new EmbeddedBroker(0)) {
            broker.stop();
            assertThrows(MqttException.class, () -> client(broker, "while-stopped", null, null, true));
            broker.start();
            MqttClient back = client(broker, "after-start", null, null, true);
            assertNotNull(back);
            leave(back);
        }
    }
}
