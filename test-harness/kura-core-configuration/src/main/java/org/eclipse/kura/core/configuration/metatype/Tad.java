package org.eclipse.kura.core.configuration.metatype;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import javax.xml.namespace.QName;

import org.eclipse.kura.configuration.metatype.AD;
import org.eclipse.kura.configuration.metatype.Option;
import org.eclipse.kura.configuration.metatype.Scalar;

/**
 * One attribute of a metatype: what a driver's channel descriptor returns a list of, one per column of an asset's
 * channel table. Unset cardinality reads as 0 and unset {@code required} as true, as in Kura.
 */
public class Tad implements AD {

    protected List<Toption> option;
    protected List<Object> any;
    protected String name;
    protected String description;
    protected String id;
    protected Tscalar type;
    protected Integer cardinality;
    protected String min;
    protected String max;
    protected String _default;
    protected Boolean required;
    private final Map<QName, String> otherAttributes = new HashMap<>();

    /** @return the live list of options (Toption instances): add to it to offer a choice */
    @Override
    @SuppressWarnings({ "unchecked", "rawtypes" })
    public List<Option> getOption() {
        if (this.option == null) {
            this.option = new ArrayList<>();
        }
        return (List) this.option;
    }

    public void setOption(Toption o) {
        if (this.option == null) {
            this.option = new ArrayList<>();
        }
        this.option.add(o);
    }

    public List<Object> getAny() {
        if (this.any == null) {
            this.any = new ArrayList<>();
        }
        return this.any;
    }

    @Override
    public String getName() {
        return this.name;
    }

    public void setName(String value) {
        this.name = value;
    }

    @Override
    public String getDescription() {
        return this.description;
    }

    public void setDescription(String value) {
        this.description = value;
    }

    @Override
    public String getId() {
        return this.id;
    }

    public void setId(String value) {
        this.id = value;
    }

    @Override
    public Scalar getType() {
        return this.type == null ? null : Scalar.fromValue(this.type.value());
    }

    public void setType(Tscalar value) {
        this.type = value;
    }

    @Override
    public int getCardinality() {
        return this.cardinality == null ? 0 : this.cardinality;
    }

    public void setCardinality(Integer value) {
        this.cardinality = value;
    }

    @Override
    public String getMin() {
        return this.min;
    }

    public void setMin(String value) {
        this.min = value;
    }

    @Override
    public String getMax() {
        return this.max;
    }

    public void setMax(String value) {
        this.max = value;
    }

    @Override
    public String getDefault() {
        return this._default;
    }

    public void setDefault(String value) {
        this._default = value;
    }

    @Override
    public boolean isRequired() {
        return this.required == null || this.required;
    }

    public void setRequired(Boolean value) {
        this.required = value;
    }

    public Map<QName, String> getOtherAttributes() {
        return this.otherAttributes;
    }
}
