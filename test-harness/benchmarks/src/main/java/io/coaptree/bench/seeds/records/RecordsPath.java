package io.coaptree.bench.seeds.records;

import io.coaptree.bench.seeds.records.sink.RecordsResource;

/** Paths of the record sink's resources, on the gateway and through the tree. */
public final class RecordsPath {

    private RecordsPath() {
    }

    /** {@code records/<device>} on the gateway that holds the sink. */
    public static String ofDevice(int device) {
        return RecordsResource.NAME + "/" + device;
    }

    /** The same resource through the tree from any gateway: {@code tree/<domain>/<group>/<node>/records/<device>}. */
    public static String throughTree(String gatewayAddress, int device) {
        return "tree/" + gatewayAddress + "/" + ofDevice(device);
    }
}
