package io.coaptree.driver.kura;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import org.eclipse.kura.channel.ChannelRecord;
import org.eclipse.kura.driver.PreparedRead;

import io.coaptree.driver.calls.ChannelCalls;
import io.coaptree.driver.calls.Outcome;
import io.coaptree.driver.channel.ChannelSettings;
import io.coaptree.properties.InvalidPropertyException;

/**
 * A read of an asset's channels prepared once: each record's settings are read and checked when it is prepared
 * (Kura's asset prepares a read whenever its channels change), so every execution only issues the GETs, all at once.
 * A record with a bad configuration is refused at every execution with the same message.
 */
final class CoapPreparedRead implements PreparedRead {

    private final Supplier<ChannelCalls> calls;
    private final List<ChannelRecord> records;
    private final List<ChannelRecord> readable = new ArrayList<>();
    private final List<ChannelSettings> settings = new ArrayList<>();
    private final List<ChannelRecord> refused = new ArrayList<>();
    private final List<InvalidPropertyException> refusals = new ArrayList<>();

    /** @param calls the driver's calls as configured at each execution */
    CoapPreparedRead(Supplier<ChannelCalls> calls, List<ChannelRecord> records) {
        this.calls = calls;
        this.records = List.copyOf(records);
        for (ChannelRecord record : this.records) {
            try {
                settings.add(KuraRecords.settingsOf(record));
                readable.add(record);
            } catch (InvalidPropertyException e) {
                refused.add(record);
                refusals.add(e);
            }
        }
    }

    @Override
    public List<ChannelRecord> execute() {
        List<Outcome> outcomes = calls.get().readAll(settings);
        for (int i = 0; i < readable.size(); i++) {
            KuraRecords.fill(readable.get(i), outcomes.get(i));
        }
        for (int i = 0; i < refused.size(); i++) {
            KuraRecords.refuse(refused.get(i), refusals.get(i));
        }
        return records;
    }

    @Override
    public List<ChannelRecord> getChannelRecords() {
        return records;
    }

    @Override
    public void close() {
        // nothing is held between executions
    }
}
