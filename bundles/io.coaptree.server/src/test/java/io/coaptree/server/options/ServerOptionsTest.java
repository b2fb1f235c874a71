package io.coaptree.server.options;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import io.coaptree.properties.InvalidPropertyException;

class ServerOptionsTest {

    @Test
    void valuesArriveAsKuraTypesOrAsText() {
        Map<String, Object> p = new HashMap<>();
        p.put("coap.enabled", "false");
        p.put("coap.port", 0L);
        p.put("coap.bind.address", " 127.0.0.1 ");
        p.put("node.domain", "emilia");
        p.put("node.group", "bologna");
        p.put("limits.peers", "42");
        ServerOptions options = ServerOptions.fromProperties(p);
        assertFalse(options.enabled());
        assertEquals(0, options.port());
        assertEquals("127.0.0.1", options.bindAddress());
        assertEquals("emilia", options.domain());
        assertEquals("bologna", options.group());
        assertEquals(42, options.maxPeers());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "coap.port                         | 70000     | coap.port: 70000 is outside 0..65535",
            "coap.port                         | -1        | coap.port: -1 is outside 0..65535",
            "coap.port                         | eighty    | coap.port: 'eighty' is not an integer",
            "coap.enabled                      | yes       | coap.enabled: 'yes' is not true or false",
            "coap.bind.address                 | '  '      | coap.bind.address: must not be empty",
            "node.domain                       | a/b       | node.domain: 'a/b' contains '/'",
            "node.group                        | g#1       | node.group: 'g#1' contains '#'",
            "limits.message.size               | 10        | limits.message.size: 10 is outside 64..8192",
            "limits.block.size                 | 100       | limits.block.size: '100' is not one of 16, 32, 64, 128, 256, 512, 1024",
            "limits.block.size                 | 2048      | limits.block.size: '2048' is not one of 16, 32, 64, 128, 256, 512, 1024",
            "limits.resource.body.size         | 0         | limits.resource.body.size: 0 is outside",
            "limits.peers                      | 0         | limits.peers: 0 is outside 1..100000",
            "limits.exchange.lifetime.seconds  | 1000      | limits.exchange.lifetime.seconds: 1000 is outside",
            "limits.blockwise.lifetime.seconds | 0         | limits.blockwise.lifetime.seconds: 0 is outside",
            "limits.protocol.threads           | 64        | limits.protocol.threads: 64 is outside 1..16",
            "limits.dedup.messages.per.peer    | 2         | limits.dedup.messages.per.peer: 2 is outside 8..4096",
            "observe.max.relations             | 0         | observe.max.relations: 0 is outside",
            "observe.check.interval.seconds    | 1         | observe.check.interval.seconds: 1 is outside",
            "observe.check.interval.count      | 0         | observe.check.interval.count: 0 is outside",
            "limits.udp.receive.buffer.bytes   | 1000      | limits.udp.receive.buffer.bytes: 1000 is neither 0 (the OS default) nor in 16384..67108864",
            "limits.udp.send.buffer.bytes      | 100000000 | limits.udp.send.buffer.bytes: 100000000 is outside 0..67108864",
    })
    void aRefusedValueIsReportedWithItsField(String field, String value, String message) {
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> ServerOptions.fromProperties(Map.of(field, value)));
        assertEquals(field, e.field());
        assertTrue(e.getMessage().startsWith(message), e.getMessage());
    }

    @Test
    void blockLargerThanMessageIsRefused() {
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> ServerOptions.fromProperties(Map.of("limits.message.size", 256, "limits.block.size", 512)));
        assertEquals("limits.block.size", e.field());
    }

    @Test
    void tooLongDomainIsRefused() {
        InvalidPropertyException e = assertThrows(InvalidPropertyException.class,
                () -> ServerOptions.fromProperties(Map.of("node.domain", "d".repeat(64))));
        assertEquals("node.domain", e.field());
    }

    @Test
    void onlyDomainAndGroupChangesKeepTheEndpoint() {
        ServerOptions base = ServerOptions.defaults();
        assertFalse(base.endpointDiffers(ServerOptions.fromProperties(Map.of("node.domain", "x", "node.group", "y"))));
        assertTrue(base.endpointDiffers(ServerOptions.fromProperties(Map.of("coap.port", 0))));
        assertTrue(base.endpointDiffers(ServerOptions.fromProperties(Map.of("limits.peers", 7))));
    }
}
