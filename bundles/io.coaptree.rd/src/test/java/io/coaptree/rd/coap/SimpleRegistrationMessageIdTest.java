package io.coaptree.rd.coap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;

import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.junit.jupiter.api.Test;

import io.coaptree.server.options.ServerOptions;

/**
 * Simple registration when the gateway has no message ID for its fetch of the registrant's {@code /.well-known/core}
 * (RFC 7252 forbids reusing one within 247 s): the registrant is told so, the fetch is not sent with a reused ID.
 */
class SimpleRegistrationMessageIdTest {

    @Test
    void aFetchWithoutAFreeMessageIdIsAnswered503() throws Exception {
        // room for the message IDs of one peer, which another client takes
        try (DirectoryFixture rd = new DirectoryFixture(Map.of(), null, Map.of(ServerOptions.MAX_PEERS.id(), 1));
                SimpleEndpoint endpoint = SimpleEndpoint.serving("</sen/temp>;rt=\"temperature\"")) {
            CoapResponse other = rd.client("/.well-known/core").useNONs().get();
            assertNotNull(other, "a NON request is answered with a message ID of the gateway's");

            CoapResponse response = endpoint.post(rd.uri("/.well-known/rd?ep=simple1"));
            assertNotNull(response, "no answer to the simple registration");
            assertEquals(ResponseCode.SERVICE_UNAVAILABLE, response.getCode());
            assertTrue(response.getResponseText().contains("could not be sent: automatic message IDs exhausted"),
                    response.getResponseText());
            assertEquals(1, rd.server.messageIdRefusals().tooManyPeers());
        }
    }
}
