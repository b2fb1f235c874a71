package io.coaptree.bench.seeds.records.sink;

import org.eclipse.californium.core.CoapResource;
import org.eclipse.californium.core.coap.CoAP.ResponseCode;
import org.eclipse.californium.core.coap.MediaTypeRegistry;
import org.eclipse.californium.core.server.resources.CoapExchange;

import io.coaptree.api.ExtendedResource;

/**
 * Where the seed scenarios' devices send their records, until CoAPTree has a telemetry uplink: {@code /records/<n>},
 * one observable resource per device. A POST or PUT keeps the record and notifies observers (the consumer at the
 * root observes every device's resource through the tree); a GET returns the last record. A benchmark fixture,
 * installed into a gateway at run time by {@code RecordSinkBundle}, never shipped.
 */
public class RecordsResource extends ExtendedResource {

    public static final String NAME = "records";

    public RecordsResource(int devices) {
        super(NAME);
        for (int device = 0; device < devices; device++) {
            add(new DeviceRecord(Integer.toString(device)));
        }
    }

    /** One device's latest record. */
    static final class DeviceRecord extends CoapResource {
        private volatile byte[] last = new byte[0];

        DeviceRecord(String name) {
            super(name);
            setObservable(true);
            getAttributes().setObservable();
        }

        @Override
        public void handleGET(CoapExchange exchange) {
            exchange.respond(ResponseCode.CONTENT, last, MediaTypeRegistry.APPLICATION_OCTET_STREAM);
        }

        @Override
        public void handlePOST(CoapExchange exchange) {
            keep(exchange);
        }

        @Override
        public void handlePUT(CoapExchange exchange) {
            keep(exchange);
        }

        private void keep(CoapExchange exchange) {
            last = exchange.getRequestPayload();
            exchange.respond(ResponseCode.CHANGED);
            changed();
        }
    }
}
