package io.coaptree.remotequery.coap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.eclipse.californium.core.coap.Request;
import org.junit.jupiter.api.Test;

import io.coaptree.api.ExtendedResource;
import io.coaptree.codec.CoapCodes;
import io.coaptree.codec.CoapEnvelope;
import io.coaptree.codec.EnvelopeKind;

class QueryClassesTest {

    private final Map<String, ExtendedResource> resources = Map.of(
            "alarm", new ExtendedResource("alarm").setDeliveryClass("urgent", "normal"),
            "bulk", new ExtendedResource("bulk").setDeliveryClass("normal"));
    private final QueryClasses normalByDefault = new QueryClasses(false,
            path -> Optional.ofNullable(resources.get(path)));

    private static Request get(String... query) {
        Request request = Request.newGet();
        for (String argument : query) {
            request.getOptions().addUriQuery(argument);
        }
        return request;
    }

    private CoapEnvelope entering(String path, Request request) {
        String asked = QueryClasses.takeAsked(request);
        return normalByDefault.entering(CoapEnvelope.builder(EnvelopeKind.REQUEST, CoapCodes.GET).path(path)
                .build(), asked);
    }

    @Test
    void theEntryTakesTheAskedClassOutOfTheQuery() {
        Request request = get("rt=temp", "dc=urgent", "x=1");
        CoapEnvelope envelope = entering("alarm", request);

        assertTrue(envelope.urgent());
        assertTrue(envelope.classAsked());
        assertEquals(List.of("rt=temp", "x=1"), request.getOptions().getUriQuery());
    }

    @Test
    void withoutAskingARequestTakesTheEntrysDefault() {
        CoapEnvelope envelope = entering("alarm", get());
        assertFalse(envelope.urgent());
        assertFalse(envelope.classAsked());
        assertTrue(new QueryClasses(true, path -> Optional.empty()).entering(envelope, null).urgent());
    }

    @Test
    void anUnknownClassIsRefusedNamingTheParameter() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> QueryClasses.takeAsked(get("dc=fast")));
        assertTrue(e.getMessage().startsWith("dc:"), e.getMessage());
        assertNull(QueryClasses.takeAsked(get("rt=dc")));
    }

    @Test
    void theOwnerAnswersInTheClassItsResourceAllows() {
        assertTrue(normalByDefault.urgentAnswers(entering("alarm", get())), "declared urgent");
        assertFalse(normalByDefault.urgentAnswers(entering("alarm", get("dc=normal"))), "lowered, allowed");
        assertFalse(normalByDefault.urgentAnswers(entering("bulk", get("dc=urgent"))), "raising not allowed");
        assertTrue(normalByDefault.urgentAnswers(entering("other", get("dc=urgent"))), "no declaration");
        assertFalse(normalByDefault.urgentAnswers(entering("other", get())), "the owner's default");
    }
}
