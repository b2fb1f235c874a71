package io.coaptree.driver.kura;

import java.util.HashMap;
import java.util.Map;

import org.eclipse.kura.channel.ChannelRecord;
import org.eclipse.kura.type.DataType;
import org.eclipse.kura.type.TypedValue;

/** Channel configurations and records as Kura's asset provider builds them (its columns +name, +value.type). */
final class Channels {

    private Channels() {
    }

    static Map<String, Object> config(String name, DataType type, String... driverColumns) {
        Map<String, Object> config = new HashMap<>();
        config.put("+name", name);
        config.put("+type", "READ_WRITE");
        config.put("+value.type", type.name());
        config.put("+enabled", "true");
        for (int i = 0; i < driverColumns.length; i += 2) {
            config.put(driverColumns[i], driverColumns[i + 1]);
        }
        return config;
    }

    static ChannelRecord read(String name, DataType type, String... driverColumns) {
        ChannelRecord record = ChannelRecord.createReadRecord(name, type);
        record.setChannelConfig(config(name, type, driverColumns));
        return record;
    }

    static ChannelRecord write(String name, TypedValue<?> value, String... driverColumns) {
        ChannelRecord record = ChannelRecord.createWriteRecord(name, value);
        record.setChannelConfig(config(name, value.getType(), driverColumns));
        return record;
    }
}
