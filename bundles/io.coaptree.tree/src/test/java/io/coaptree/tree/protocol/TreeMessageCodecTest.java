package io.coaptree.tree.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import io.coaptree.tree.model.NodeAddress;

class TreeMessageCodecTest {

    private final TreeMessageCodec codec = new TreeMessageCodec(4096);
    private final NodeAddress node = NodeAddress.parse("A/g1/n3");

    @Test
    void everyMessageRoundTrips() throws Exception {
        for (TreeMessage m : List.of(new TreeMessage.JoinRequest(node, 42, "coap://10.0.0.3:5683", "broker.site-a:8883"),
                new TreeMessage.JoinRefused(node, -1, "name in use"), new TreeMessage.Heartbeat(node, 7, "", ""),
                new TreeMessage.Leave(node, 8), new TreeMessage.LastWill(node, Long.MAX_VALUE))) {
            assertEquals(m, codec.decode(codec.encode(m)));
        }
    }

    @Test
    void garbageIsRefusedWithTheCodecException() throws Exception {
        byte[] good = codec.encode(new TreeMessage.Heartbeat(node, 7, "coap://x", "b:1883"));
        byte[] otherVersion = good.clone();
        otherVersion[0] = 1; // the format before brokers were announced: refused, not misread
        assertThrows(TreeCodecException.class, () -> codec.decode(otherVersion));
        byte[] withoutBroker = java.util.Arrays.copyOf(good, good.length - "b:1883".length() - 2);
        assertThrows(TreeCodecException.class, () -> codec.decode(withoutBroker));
        byte[] trailing = java.util.Arrays.copyOf(good, good.length + 1);
        assertThrows(TreeCodecException.class, () -> codec.decode(trailing));
        Random random = new Random(1);
        for (int i = 0; i < 2000; i++) {
            byte[] mutated = java.util.Arrays.copyOf(good, random.nextInt(good.length + 4));
            if (mutated.length > 0) {
                mutated[random.nextInt(mutated.length)] = (byte) random.nextInt();
            }
            try {
                codec.decode(mutated);
            } catch (TreeCodecException expected) {
                // the only failure allowed
            }
        }
        assertThrows(TreeCodecException.class, () -> new TreeMessageCodec(64).decode(new byte[65]));
    }
}
