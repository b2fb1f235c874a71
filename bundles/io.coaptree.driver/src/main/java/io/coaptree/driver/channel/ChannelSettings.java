package io.coaptree.driver.channel;

import java.util.Map;

import io.coaptree.properties.ComponentProperties;
import io.coaptree.properties.InvalidPropertyException;

/**
 * One channel's configuration as the driver uses it, read from the channel configuration Kura's asset hands every
 * call (its own columns, {@code +name}, {@code +value.type}, and this driver's {@link ChannelColumns}). A bad value
 * is refused with an {@link InvalidPropertyException} whose field is the column.
 *
 * @param name the channel's name ({@code +name}; may be empty when Kura does not pass it)
 * @param valueType the channel's value type ({@code +value.type})
 * @param resource where the value lives
 * @param format its representation
 * @param valueName which part of a structured representation is the value, empty for the whole
 * @param writeMethod the method of a write
 * @param listenMode how listeners learn of changes
 * @param pollIntervalMillis the interval of a polling listener
 */
public record ChannelSettings(String name, ValueType valueType, ResourceRef resource, ContentFormat format,
        String valueName, WriteMethod writeMethod, ListenMode listenMode, long pollIntervalMillis) {

    /**
     * @param config a channel's configuration as Kura's asset provider passes it
     * @param valueType the value type the call asks for (a read record's), or {@code null} to take {@code +value.type}
     * @throws InvalidPropertyException naming the column of the first bad value
     */
    public static ChannelSettings from(Map<String, ?> config, ValueType valueType) {
        ComponentProperties properties = ComponentProperties.of(config == null ? Map.of() : config);
        String name = properties.string(ChannelColumns.KURA_NAME, "");
        ValueType type = valueType != null ? valueType : valueTypeOf(config);
        String text = config == null || config.get(ChannelColumns.RESOURCE.id()) == null ? null
                : config.get(ChannelColumns.RESOURCE.id()).toString();
        if (text == null || text.isBlank()) {
            throw new InvalidPropertyException(ChannelColumns.RESOURCE.id(), "is required: a path, a tree path or "
                    + "lookup:<criteria>");
        }
        return new ChannelSettings(name, type, ResourceRef.parse(text), ChannelColumns.CONTENT_FORMAT.from(properties),
                ChannelColumns.VALUE_NAME.from(properties).trim(), ChannelColumns.WRITE_METHOD.from(properties),
                ChannelColumns.LISTEN_MODE.from(properties), ChannelColumns.POLL_INTERVAL.from(properties));
    }

    private static ValueType valueTypeOf(Map<String, ?> config) {
        Object declared = config == null ? null : config.get(ChannelColumns.KURA_VALUE_TYPE);
        if (declared == null) {
            throw new InvalidPropertyException(ChannelColumns.KURA_VALUE_TYPE, "is required");
        }
        for (ValueType type : ValueType.values()) {
            if (type.name().equalsIgnoreCase(declared.toString().trim())) {
                return type;
            }
        }
        throw new InvalidPropertyException(ChannelColumns.KURA_VALUE_TYPE, "'" + declared
                + "' is not one of BOOLEAN, BYTE_ARRAY, DOUBLE, INTEGER, LONG, FLOAT, STRING");
    }
}
