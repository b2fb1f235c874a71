package io.coaptree.harness.broker;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.eclipse.paho.client.mqttv3.MqttClient;
import org.eclipse.paho.client.mqttv3.MqttConnectOptions;
import org.eclipse.paho.client.mqttv3.MqttException;
import org.eclipse.paho.client.mqttv3.persist.MemoryPersistence;
import org.junit.jupiter.api.Test;

import io.moquette.broker.security.IAuthorizatorPolicy;
import io.moquette.broker.subscriptions.Topic;

/**
 * A session loop Moquette loses is brought back by restarting the broker. A publish on {@code fail/loop} makes the
 * access check throw on the publisher's session loop, as Moquette's own defects have; without the restart the client
 * would stay connected to a loop that no longer exists, its packets never handled.
 */
class SessionLoopSupervisorTest {

    private static final long DEADLINE_MILLIS = 30_000;

    @Test
    void aLostSessionLoopRestartsTheBrokerAndItsClientsServeAgain() throws Exception {
        IAuthorizatorPolicy throwsOnOneTopic = new IAuthorizatorPolicy() {
            @Override
            public boolean canWrite(Topic topic, String user, String client) {
                if (topic.toString().equals("fail/loop")) {
                    throw new IllegalStateException("a command that throws on its session loop");
                }
                return true;
            }

            @Override
            public boolean canRead(Topic topic, String user, String client) {
                return true;
            }
        };
        try (EmbeddedBroker broker = EmbeddedBroker.builder().authorization(throwsOnOneTopic).start()) {
            MqttClient client = new MqttClient("tcp://127.0.0.1:" + broker.port(), "loop-victim",
                    new MemoryPersistence());
            MqttConnectOptions options = new MqttConnectOptions();
            options.setCleanSession(true);
            client.connect(options);
            client.publish("fail/loop", new byte[] { 1 }, 0, false);

            long deadline = System.currentTimeMillis() + DEADLINE_MILLIS;
            while (client.isConnected() && System.currentTimeMillis() < deadline) {
                TimeUnit.MILLISECONDS.sleep(50);
            }
            assertTrue(!client.isConnected(), "the restart ended the client's connection");
            assertEquals(1, broker.sessionLoopFailures());

            // the same client id, so the same session loop as before; the broker may still be starting again
            connectBefore(client, options, System.currentTimeMillis() + DEADLINE_MILLIS);
            BlockingQueue<byte[]> received = new LinkedBlockingQueue<>();
            MoquetteClientCalls.subscribe(client, options,
                    () -> client.subscribeWithResponse("back/#", 1, (t, m) -> received.add(m.getPayload())));
            client.publish("back/1", new byte[] { 2 }, 1, false);
            byte[] payload = received.poll(DEADLINE_MILLIS, TimeUnit.MILLISECONDS);
            assertNotNull(payload, "a round trip through the restarted broker");
            assertArrayEquals(new byte[] { 2 }, payload);
            client.disconnect();
            client.close();
        }
    }

    private static void connectBefore(MqttClient client, MqttConnectOptions options, long deadline)
            throws Exception {
        while (true) {
            try {
                client.connect(options);
                return;
            } catch (MqttException refused) {
                if (System.currentTimeMillis() > deadline) {
                    throw refused;
                }
                TimeUnit.MILLISECONDS.sleep(100);
            }
        }
    }
}
