package io.coaptree.rd.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import org.junit.jupiter.api.Test;

import io.coaptree.linkformat.LinkAttribute;

class RequestQueryTest {

    @Test
    void readsRegistrationParametersAndKeepsTheRestAsExtraAttributes() throws Exception {
        RegistrationRequest request = RegistrationRequest.fromUriQuery(List.of("ep=node1", "d=floor-3", "lt=300",
                "base=coap://[2001:db8::1]", "et=tag:example.com,2020:platform", "EXT", "")).build();

        assertEquals("node1", request.endpointName());
        assertEquals(Optional.of("floor-3"), request.sector());
        assertEquals(OptionalLong.of(300), request.lifetimeSeconds());
        assertEquals(Optional.of("coap://[2001:db8::1]"), request.base());
        assertEquals(List.of(LinkAttribute.of("et", "tag:example.com,2020:platform"), LinkAttribute.flag("ext")),
                request.extraAttributes());
    }

    @Test
    void refusesBadRegistrationQueriesNamingTheParameter() {
        assertParameter("ep", () -> RegistrationRequest.fromUriQuery(List.of("lt=300")));
        assertParameter("ep", () -> RegistrationRequest.fromUriQuery(List.of("ep")));
        assertParameter("ep", () -> RegistrationRequest.fromUriQuery(List.of("ep=a", "ep=b")));
        assertParameter("lt", () -> RegistrationRequest.fromUriQuery(List.of("ep=a", "lt=soon")));
        assertParameter("lt", () -> RegistrationRequest.fromUriQuery(List.of("ep=a", "lt=0")));
        assertParameter("lt", () -> RegistrationRequest.fromUriQuery(List.of("ep=a", "lt=4294967296")));
        assertParameter("a b", () -> RegistrationRequest.fromUriQuery(List.of("ep=a", "a b=c")));
        assertParameter("", () -> RegistrationRequest.fromUriQuery(List.of("ep=a", "=c")));
    }

    @Test
    void readsUpdateParametersAndRefusesRenaming() throws Exception {
        UpdateRequest update = UpdateRequest.fromUriQuery(List.of("lt=600", "base=coap://h", "et=x")).build();

        assertEquals(OptionalLong.of(600), update.lifetimeSeconds());
        assertEquals(Optional.of("coap://h"), update.base());
        assertEquals(List.of(LinkAttribute.of("et", "x")), update.extraAttributes());
        assertEquals(Optional.empty(), update.links());
        assertEquals(OptionalLong.empty(), UpdateRequest.fromUriQuery(List.of()).build().lifetimeSeconds());
        assertParameter("ep", () -> UpdateRequest.fromUriQuery(List.of("ep=other")));
        assertParameter("lt", () -> UpdateRequest.fromUriQuery(List.of("lt=1", "lt=2")));
    }

    private interface Parse {
        Object run() throws InvalidRequestException;
    }

    private static void assertParameter(String parameter, Parse parse) {
        InvalidRequestException e = assertThrows(InvalidRequestException.class, parse::run);
        assertEquals(parameter, e.parameter());
        assertTrue(e.getMessage().contains("'" + parameter + "'") || e.getMessage().contains(parameter),
                e.getMessage());
    }
}
