package io.coaptree.driver.kura;

import java.util.ArrayList;
import java.util.List;

import org.eclipse.kura.core.configuration.metatype.Tad;
import org.eclipse.kura.core.configuration.metatype.Toption;
import org.eclipse.kura.core.configuration.metatype.Tscalar;
import org.eclipse.kura.driver.ChannelDescriptor;

import io.coaptree.driver.channel.ChannelColumns;
import io.coaptree.properties.Setting;

/**
 * The driver's columns of an asset's channel table, as Kura's asset provider reads them: a list of Kura's
 * {@link Tad}s, one per {@link ChannelColumns} setting (id, name, type, default, required, range, drop-down
 * options), as Kura's own drivers build theirs.
 */
public final class CoapChannelDescriptor implements ChannelDescriptor {

    @Override
    public Object getDescriptor() {
        List<Tad> columns = new ArrayList<>();
        for (Setting<?> column : ChannelColumns.ALL) {
            columns.add(tad(column));
        }
        return columns;
    }

    static Tad tad(Setting<?> column) {
        Tad tad = new Tad();
        tad.setId(column.id());
        tad.setName(column.name());
        tad.setDescription(column.description());
        tad.setType(Tscalar.fromValue(column.type().metatypeName()));
        tad.setCardinality(0);
        tad.setRequired(column.required());
        tad.setDefault(column.defaultText());
        if (column.min() != null) {
            tad.setMin(column.min().toString());
            tad.setMax(column.max().toString());
        }
        for (Setting.Choice choice : column.choices()) {
            Toption option = new Toption();
            option.setLabel(choice.label());
            option.setValue(choice.value());
            tad.setOption(option);
        }
        return tad;
    }
}
