package io.coaptree.it.rd;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Predicate;

import org.eclipse.californium.core.CoapResponse;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;

import io.coaptree.harness.dtls.DtlsClient;

/**
 * RFC 9176 section 7 on an emulated gateway over real DTLS: an endpoint name belongs to the PSK identity that first
 * registered it, other identities get 4.03 and change nothing; {@code registration.require.authentication} refuses
 * plain CoAP (4.01) while lookups follow {@code lookup.access}. Two Californium/Scandium clients with two PSK
 * identities configured through the CoAP server's WebUI settings (the Password field as CryptoService ciphertext).
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class RegistrationIdentityOverDtlsTest {

    private static final int LINK_FORMAT = MediaTypeRegistry.APPLICATION_LINK_FORMAT;
    private static final String KEY_A = "device-a-secret-1";
    private static final String KEY_B = "device-b-secret-22";
    private static final String RD_PID = RdNode.RD_PID;

    private static RdNode gateway;
    private static DtlsClient deviceA;
    private static DtlsClient deviceB;

    @BeforeAll
    static void start() throws Exception {
        // the node's own registration is left out: these tests look only at what the two devices register
        gateway = RdNode.start("rd-identity", Map.of("local.registration.enabled", false));
        // RdNode opens the server's writes to plain CoAP, so every refusal below is the directory's own
        String credentials = gateway.node.encryptPassword("device-a=" + KEY_A + ";device-b=" + KEY_B);
        gateway.node.updateConfiguration(RdNode.SERVER_PID,
                Map.of("coaps.enabled", true, "coaps.port", 0, "dtls.psk.credentials", credentials));
        assertTrue(gateway.node.awaitServiceProperty(RdNode.SERVER_SERVICE,
                "(&(coaps.port=*)(!(coap.config.error=*)))", RdNode.TIMEOUT),
                "DTLS endpoint; refusal: " + gateway.node.serviceProperty(RdNode.SERVER_SERVICE, "(coap.port=*)",
                        "coap.config.error"));
        String stored = String.valueOf(gateway.node.configuration(RdNode.SERVER_PID).get("dtls.psk.credentials"));
        assertFalse(stored.contains(KEY_A) || stored.contains(KEY_B), "PSK secrets are kept encrypted");

        deviceA = DtlsClient.psk("device-a", KEY_A);
        deviceB = DtlsClient.psk("device-b", KEY_B);
        await("the directory answers over DTLS", () -> deviceA.client(secureUri("/rd-lookup/ep")).get(),
                r -> r.getCode() == ResponseCode.CONTENT);
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] { deviceA, deviceB, gateway }) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception e) {
                // closing the others matters more
            }
        }
    }

    @Test
    @Order(1)
    void anotherIdentityCannotTakeOverUpdateOrRemoveARegistration() throws Exception {
        CoapResponse created = post(deviceA, secureUri("/rd?ep=shared-x&lt=300"),
                "</temp>;rt=\"temperature-c\";if=\"sensor\",</hum>;rt=\"humidity\"");
        assertEquals(ResponseCode.CREATED, created.getCode(), created.getResponseText());
        String location = created.getOptions().getLocationPathString();
        assertTrue(location.matches("rd/[^/]+"), "Location-Path rd/{id}: " + location);
        String endpointsBefore = lookup(deviceA, "/rd-lookup/ep?ep=shared-x");
        String resourcesBefore = lookup(deviceA, "/rd-lookup/res?ep=shared-x");
        assertTrue(endpointsBefore.startsWith("</" + location + ">"), endpointsBefore);
        assertTrue(resourcesBefore.contains("/temp>") && resourcesBefore.contains("/hum>"), resourcesBefore);

        CoapResponse takeOver = post(deviceB, secureUri("/rd?ep=shared-x&lt=300"), "</evil>;rt=\"evil\"");
        assertRefused(ResponseCode.FORBIDDEN, takeOver, "B re-registering A's endpoint name");
        CoapResponse update = post(deviceB, secureUri("/" + location + "?lt=600"), "</evil>;rt=\"evil\"");
        assertRefused(ResponseCode.FORBIDDEN, update, "B updating A's registration");
        CoapResponse removal = deviceB.client(secureUri("/" + location)).delete();
        assertRefused(ResponseCode.FORBIDDEN, removal, "B removing A's registration");

        assertEquals(endpointsBefore, lookup(deviceB, "/rd-lookup/ep?ep=shared-x"), "A's registration is unchanged");
        assertEquals(resourcesBefore, lookup(deviceB, "/rd-lookup/res?ep=shared-x"), "A's links are unchanged");
        assertEquals("", lookup(deviceA, "/rd-lookup/res?rt=evil"), "none of B's links was registered");
    }

    @Test
    @Order(2)
    void theOwnerUpdatesAndRemovesItsRegistrationAfterWhichTheNameIsFree() throws Exception {
        CoapResponse created = post(deviceA, secureUri("/rd?ep=own-y&lt=300"), "</a>;rt=\"first\"");
        assertEquals(ResponseCode.CREATED, created.getCode(), created.getResponseText());
        String location = created.getOptions().getLocationPathString();

        CoapResponse again = post(deviceA, secureUri("/rd?ep=own-y&lt=300"), "</b>;rt=\"second\"");
        assertEquals(ResponseCode.CREATED, again.getCode(), again.getResponseText());
        assertEquals(location, again.getOptions().getLocationPathString(), "re-registration keeps the location");

        CoapResponse refresh = deviceA.client(secureUri("/" + location + "?lt=600")).post(new byte[0], LINK_FORMAT);
        assertEquals(ResponseCode.CHANGED, refresh.getCode(), refresh.getResponseText());
        CoapResponse relink = post(deviceA, secureUri("/" + location), "</c>;rt=\"third\"");
        assertEquals(ResponseCode.CHANGED, relink.getCode(), relink.getResponseText());
        String links = lookup(deviceA, "/rd-lookup/res?ep=own-y");
        assertTrue(links.contains("/c>") && !links.contains("/a>") && !links.contains("/b>"), links);

        CoapResponse removed = deviceA.client(secureUri("/" + location)).delete();
        assertEquals(ResponseCode.DELETED, removed.getCode(), removed.getResponseText());
        assertEquals("", lookup(deviceA, "/rd-lookup/ep?ep=own-y"), "removed");
        assertEquals(ResponseCode.NOT_FOUND, deviceA.client(secureUri("/" + location)).delete().getCode());

        // the name was bound to A while the registration lived (RFC 9176 section 7.5), not for ever
        CoapResponse taken = post(deviceB, secureUri("/rd?ep=own-y&lt=300"), "</d>;rt=\"fourth\"");
        assertEquals(ResponseCode.CREATED, taken.getCode(), taken.getResponseText());
        assertRefused(ResponseCode.FORBIDDEN,
                deviceA.client(secureUri("/" + taken.getOptions().getLocationPathString())).delete(),
                "A removing what B now owns");
    }

    @Test
    @Order(3)
    void requiredAuthenticationRefusesPlainCoapWhileLookupsFollowTheirOwnSetting() throws Exception {
        CoapResponse created = post(deviceA, secureUri("/rd?ep=secure-z&lt=300"), "</lamp>;rt=\"light\"");
        assertEquals(ResponseCode.CREATED, created.getCode(), created.getResponseText());
        String location = created.getOptions().getLocationPathString();
        String resourcesBefore = lookup(deviceA, "/rd-lookup/res?ep=secure-z");

        gateway.node.updateConfiguration(RD_PID, Map.of("registration.require.authentication", true));
        // a harmless probe: removing an unknown registration is 4.04 until the setting applies, then 4.01
        await("registration.require.authentication applied", () -> gateway.client("/rd/no-such-id").delete(),
                r -> r.getCode() == ResponseCode.UNAUTHORIZED);

        CoapResponse plain = gateway.client("/rd?ep=plain-z&lt=300").post(
                "</valve>;rt=\"actuator\"".getBytes(StandardCharsets.UTF_8), LINK_FORMAT);
        assertRefused(ResponseCode.UNAUTHORIZED, plain, "plain-CoAP registration");
        assertTrue(plain.getResponseText().contains("DTLS"), "the diagnostic says what is needed: "
                + plain.getResponseText());
        assertRefused(ResponseCode.UNAUTHORIZED, gateway.client("/.well-known/rd?ep=plain-simple").post(new byte[0],
                MediaTypeRegistry.UNDEFINED), "plain-CoAP simple registration");
        assertRefused(ResponseCode.UNAUTHORIZED, gateway.client("/" + location + "?lt=600").post(new byte[0],
                LINK_FORMAT), "plain-CoAP update of A's registration");
        assertRefused(ResponseCode.UNAUTHORIZED, gateway.client("/" + location).delete(),
                "plain-CoAP removal of A's registration");

        // lookup.access is still open: plain CoAP reads the directory, and sees that nothing was registered
        assertEquals("", plainLookup("/rd-lookup/ep?ep=plain*"), "the refused registrations registered nothing");
        assertEquals(resourcesBefore, plainLookup("/rd-lookup/res?ep=secure-z"), "A's links are unchanged");
        // over DTLS registering still works, and the binding holds
        assertEquals(ResponseCode.CREATED,
                post(deviceB, secureUri("/rd?ep=secure-b&lt=300"), "</fan>;rt=\"fan\"").getCode());
        assertRefused(ResponseCode.FORBIDDEN, deviceB.client(secureUri("/" + location)).delete(),
                "B removing A's registration");

        gateway.node.updateConfiguration(RD_PID, Map.of("lookup.access", "authenticated"));
        CoapResponse refusedLookup = await("lookup.access=authenticated applied",
                () -> gateway.client("/rd-lookup/res?ep=secure-z").get(),
                r -> r.getCode() == ResponseCode.UNAUTHORIZED);
        assertRefused(ResponseCode.UNAUTHORIZED, refusedLookup, "plain-CoAP resource lookup");
        assertRefused(ResponseCode.UNAUTHORIZED, gateway.client("/rd-lookup/ep").get(), "plain-CoAP endpoint lookup");
        // any authenticated identity may look up; the restart for the new settings kept registrations and owners
        assertEquals(resourcesBefore, lookup(deviceB, "/rd-lookup/res?ep=secure-z"));
        assertRefused(ResponseCode.FORBIDDEN, deviceB.client(secureUri("/" + location)).delete(),
                "B removing A's registration after the directory restarted");
        CoapResponse removed = deviceA.client(secureUri("/" + location)).delete();
        assertEquals(ResponseCode.DELETED, removed.getCode(), removed.getResponseText());
    }

    private static String secureUri(String pathAndQuery) {
        int port = ((Number) gateway.node.serviceProperty(RdNode.SERVER_SERVICE, "(coaps.port=*)", "coaps.port"))
                .intValue();
        return "coaps://127.0.0.1:" + port + pathAndQuery;
    }

    private static CoapResponse post(DtlsClient device, String uri, String links) throws Exception {
        CoapResponse response = device.client(uri).post(links.getBytes(StandardCharsets.UTF_8), LINK_FORMAT);
        assertNotNull(response, device + ": no response to POST " + uri);
        return response;
    }

    /** A lookup over DTLS; an empty result is 2.05 with an empty payload. */
    private static String lookup(DtlsClient device, String pathAndQuery) throws Exception {
        CoapResponse response = device.client(secureUri(pathAndQuery)).get();
        assertNotNull(response, device + ": no response to GET " + pathAndQuery);
        assertEquals(ResponseCode.CONTENT, response.getCode(), pathAndQuery + ": " + response.getResponseText());
        return response.getResponseText();
    }

    private static String plainLookup(String pathAndQuery) throws Exception {
        CoapResponse response = gateway.client(pathAndQuery).get();
        assertNotNull(response, "no response to GET " + pathAndQuery);
        assertEquals(ResponseCode.CONTENT, response.getCode(), pathAndQuery + ": " + response.getResponseText());
        return response.getResponseText();
    }

    private static void assertRefused(ResponseCode expected, CoapResponse response, String what) {
        assertNotNull(response, what + ": no response");
        assertEquals(expected, response.getCode(), what + ": " + response.getResponseText());
        assertFalse(response.getResponseText().isBlank(), what + ": the refusal carries a diagnostic payload");
    }

    /**
     * Repeats a request until its response satisfies the condition: settings reach the directory asynchronously
     * (ConfigAdmin, then a restart of the directory), and nothing else tells when they have.
     */
    private static CoapResponse await(String what, Callable<CoapResponse> request, Predicate<CoapResponse> done)
            throws Exception {
        Duration timeout = RdNode.TIMEOUT;
        long deadline = System.nanoTime() + timeout.toNanos();
        CoapResponse last;
        do {
            last = request.call();
            if (last != null && done.test(last)) {
                return last;
            }
            Thread.sleep(20);
        } while (System.nanoTime() < deadline);
        throw new AssertionError(what + ": not within " + timeout + "; last response: "
                + (last == null ? "none" : last.getCode() + " " + last.getResponseText()));
    }
}
