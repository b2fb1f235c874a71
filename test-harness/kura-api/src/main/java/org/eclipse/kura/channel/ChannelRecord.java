package org.eclipse.kura.channel;

import static java.util.Objects.requireNonNull;

import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

import org.eclipse.kura.type.DataType;
import org.eclipse.kura.type.TypedValue;
import org.osgi.annotation.versioning.ProviderType;

/**
 * One channel's part of a read, a write or a notification: its name, configuration, value type, value, status and
 * time stamp. Not thread-safe: a driver fills it in on the caller's behalf.
 */
@ProviderType
public class ChannelRecord {

    private transient Map<String, Object> channelConfiguration;
    private ChannelStatus channelStatus;
    private String name;
    private DataType valueType;
    private TypedValue<?> value;
    private long timestamp;
    private String unit;

    private ChannelRecord() {
    }

    public static ChannelRecord createReadRecord(final String channelName, final DataType valueType) {
        return createReadRecord(channelName, valueType, "");
    }

    public static ChannelRecord createReadRecord(final String channelName, final DataType valueType,
            final String unit) {
        requireNonNull(channelName, "Channel Name cannot be null");
        requireNonNull(valueType, "Value Type cannot be null");
        ChannelRecord result = new ChannelRecord();
        result.name = channelName;
        result.valueType = valueType;
        result.unit = unit;
        return result;
    }

    public static ChannelRecord createWriteRecord(final String channelName, final TypedValue<?> value) {
        requireNonNull(channelName, "Channel Name cannot be null");
        requireNonNull(value, "Value cannot be null");
        ChannelRecord result = new ChannelRecord();
        result.name = channelName;
        result.valueType = value.getType();
        result.value = value;
        return result;
    }

    public static ChannelRecord createStatusRecord(final String channelName, final ChannelStatus status) {
        requireNonNull(channelName, "Channel Name cannot be null");
        requireNonNull(status, "Status cannot be null");
        ChannelRecord result = new ChannelRecord();
        result.name = channelName;
        result.channelStatus = status;
        return result;
    }

    public Map<String, Object> getChannelConfig() {
        return this.channelConfiguration;
    }

    public ChannelStatus getChannelStatus() {
        return this.channelStatus;
    }

    public long getTimestamp() {
        return this.timestamp;
    }

    public String getUnit() {
        return this.unit;
    }

    /** Keeps a copy of the map. */
    public void setChannelConfig(final Map<String, Object> channelConfig) {
        requireNonNull(channelConfig, "Channel configuration cannot be null");
        this.channelConfiguration = new HashMap<>(channelConfig);
    }

    public void setChannelStatus(final ChannelStatus status) {
        requireNonNull(status, "Channel Status cannot be null");
        this.channelStatus = status;
    }

    public void setTimestamp(final long timestamp) {
        this.timestamp = timestamp;
    }

    public void setUnit(final String unit) {
        this.unit = unit;
    }

    public String getChannelName() {
        return this.name;
    }

    public DataType getValueType() {
        return this.valueType;
    }

    public TypedValue<?> getValue() {
        return this.value;
    }

    public void setValue(TypedValue<?> value) {
        requireNonNull(value, "Value cannot be null");
        this.value = value;
    }

    @Override
    public String toString() {
        return "ChannelRecord [channelConfiguration=" + this.channelConfiguration + ", channelStatus="
                + this.channelStatus + ", name=" + this.name + ", valueType=" + this.valueType + ", value=" + this.value
                + ", timestamp=" + this.timestamp + ", unit=" + this.unit + "]";
    }

    /** Equality leaves the configuration out, as Kura's does. */
    @Override
    public int hashCode() {
        return Objects.hash(this.channelStatus, this.name, this.timestamp, this.unit, this.value, this.valueType);
    }

    @Override
    public boolean equals(Object obj) {
        if (obj == null || obj.getClass() != getClass()) {
            return false;
        }
        ChannelRecord other = (ChannelRecord) obj;
        return Objects.equals(this.channelStatus, other.channelStatus) && Objects.equals(this.name, other.name)
                && this.timestamp == other.timestamp && Objects.equals(this.unit, other.unit)
                && Objects.equals(this.value, other.value) && this.valueType == other.valueType;
    }
}
