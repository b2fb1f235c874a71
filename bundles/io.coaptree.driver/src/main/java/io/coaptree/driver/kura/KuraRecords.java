package io.coaptree.driver.kura;

import java.util.Map;

import org.eclipse.kura.channel.ChannelFlag;
import org.eclipse.kura.channel.ChannelRecord;
import org.eclipse.kura.channel.ChannelStatus;
import org.eclipse.kura.type.DataType;
import org.eclipse.kura.type.TypedValue;
import org.eclipse.kura.type.TypedValues;

import io.coaptree.driver.calls.Outcome;
import io.coaptree.driver.channel.ChannelSettings;
import io.coaptree.driver.channel.ValueType;
import io.coaptree.properties.InvalidPropertyException;

/** Between Kura's channel records and the driver's plain settings, values and outcomes. */
final class KuraRecords {

    private KuraRecords() {
    }

    /**
     * @return the record's channel settings (a read record's value type, a write record's value's type)
     * @throws InvalidPropertyException naming the column of a bad value
     */
    static ChannelSettings settingsOf(ChannelRecord record) {
        DataType type = record.getValueType();
        return ChannelSettings.from(record.getChannelConfig() == null ? Map.of() : record.getChannelConfig(),
                type == null ? null : ValueType.valueOf(type.name()));
    }

    /** Marks a record refused for its configuration, the message naming the column. */
    static void refuse(ChannelRecord record, InvalidPropertyException refusal) {
        record.setChannelStatus(new ChannelStatus(ChannelFlag.FAILURE, "channel " + record.getChannelName()
                + " refused: " + refusal.getMessage(), refusal));
        record.setTimestamp(System.currentTimeMillis());
    }

    /** Fills a read record (or an event's) from the outcome: the value and SUCCESS, or FAILURE and why. */
    static void fill(ChannelRecord record, Outcome outcome) {
        if (outcome instanceof Outcome.Value done) {
            if (done.value() != null) {
                record.setValue(TypedValues.newTypedValue(done.value()));
            }
            record.setChannelStatus(new ChannelStatus(ChannelFlag.SUCCESS));
            record.setTimestamp(done.timestamp());
        } else if (outcome instanceof Outcome.Failure failed) {
            record.setChannelStatus(new ChannelStatus(ChannelFlag.FAILURE, failed.reason(), null));
            record.setTimestamp(failed.timestamp());
        }
    }

    /** @return the Java value of a write record's value, of the type the codec expects */
    static Object javaValue(TypedValue<?> value) {
        return value.getValue();
    }
}
