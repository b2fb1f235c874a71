package io.coaptree.harness.asset;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

import org.eclipse.kura.channel.ChannelRecord;
import org.eclipse.kura.channel.ChannelType;
import org.eclipse.kura.type.DataType;
import org.eclipse.kura.type.TypedValue;

/**
 * One channel of the asset, parsed as Kura's {@code BaseAssetConfiguration} parses it: every property
 * {@code <channel>#<column>} of the asset's configuration belongs to channel {@code <channel>}, the column name
 * without the prefix (Kura's own columns start with {@code +}); a channel needs {@code +type} and
 * {@code +value.type}, and is enabled unless {@code +enabled} says false. The driver gets exactly that map.
 */
record AssetChannel(String name, ChannelType type, DataType valueType, boolean enabled, Map<String, Object> config) {

    static final String SEPARATOR = "#";

    /** @return the channels of an asset configuration, by name; channels without type or value type are skipped */
    static Map<String, AssetChannel> parse(Map<String, ?> properties) {
        Map<String, Map<String, Object>> columns = new TreeMap<>();
        properties.forEach((key, value) -> {
            int separator = key.indexOf(SEPARATOR);
            if (separator > 0 && separator < key.length() - 1) {
                columns.computeIfAbsent(key.substring(0, separator), k -> new HashMap<>())
                        .put(key.substring(separator + 1), value);
            }
        });
        Map<String, AssetChannel> channels = new TreeMap<>();
        columns.forEach((name, config) -> {
            Object type = config.get("+type");
            Object valueType = config.get("+value.type");
            if (type == null || valueType == null) {
                return;
            }
            Object enabled = config.get("+enabled");
            channels.put(name, new AssetChannel(name, ChannelType.getChannelType(type.toString()),
                    DataType.getDataType(valueType.toString()),
                    enabled == null || Boolean.parseBoolean(enabled.toString()), Map.copyOf(config)));
        });
        return channels;
    }

    boolean readable() {
        return type == ChannelType.READ || type == ChannelType.READ_WRITE;
    }

    boolean writable() {
        return type == ChannelType.WRITE || type == ChannelType.READ_WRITE;
    }

    /** As Kura's {@code Channel.createReadRecord}: name, value type, the channel's configuration. */
    ChannelRecord readRecord() {
        ChannelRecord record = ChannelRecord.createReadRecord(name, valueType);
        record.setChannelConfig(config);
        return record;
    }

    ChannelRecord writeRecord(TypedValue<?> value) {
        ChannelRecord record = ChannelRecord.createWriteRecord(name, value);
        record.setChannelConfig(config);
        return record;
    }

    /** A record for the test: JDK types only (the test shares no class with the framework). */
    static Map<String, Object> describe(ChannelRecord record) {
        Map<String, Object> described = new HashMap<>();
        described.put("channel", record.getChannelName());
        described.put("flag", record.getChannelStatus() == null ? "NONE"
                : record.getChannelStatus().getChannelFlag().name());
        String message = record.getChannelStatus() == null ? null : record.getChannelStatus().getExceptionMessage();
        described.put("message", message == null ? "" : message);
        Object value = record.getValue() == null ? null : record.getValue().getValue();
        described.put("value", value == null ? "" : value.toString());
        described.put("timestamp", record.getTimestamp());
        return described;
    }
}
