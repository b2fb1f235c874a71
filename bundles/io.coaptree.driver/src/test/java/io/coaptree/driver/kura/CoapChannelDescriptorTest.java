package io.coaptree.driver.kura;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.eclipse.kura.configuration.metatype.Option;
import org.eclipse.kura.configuration.metatype.Scalar;
import org.eclipse.kura.core.configuration.metatype.Tad;
import org.junit.jupiter.api.Test;

/** The channel table's columns, as Kura's asset provider casts and renders them. */
class CoapChannelDescriptorTest {

    @SuppressWarnings("unchecked")
    @Test
    void columnsAreKurasTadsWithTypesDefaultsAndDropDowns() {
        List<Tad> columns = (List<Tad>) new CoapChannelDescriptor().getDescriptor();
        assertEquals(List.of("coap.resource", "coap.content.format", "coap.value.name", "coap.write.method",
                "coap.listen.mode", "coap.poll.interval.ms"), columns.stream().map(Tad::getId).toList());
        Tad resource = columns.get(0);
        assertEquals(Scalar.STRING, resource.getType());
        assertEquals("/temperature", resource.getDefault());
        assertTrue(resource.isRequired());
        assertEquals(0, resource.getCardinality());
        Tad format = columns.get(1);
        assertEquals("text,json,cbor,senml-json,senml-cbor",
                format.getOption().stream().map(Option::getValue).collect(Collectors.joining(",")));
        assertEquals("text", format.getDefault());
        Tad poll = columns.get(5);
        assertEquals(Scalar.LONG, poll.getType());
        assertEquals("100", poll.getMin());
        assertTrue(!columns.get(2).isRequired(), "the value name may be empty");
    }
}
