package org.eclipse.kura.configuration.metatype;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/** One attribute of an OCD: a field of the WebUI form. */
@ProviderType
public interface AD {

    public List<Option> getOption();

    public String getName();

    public String getDescription();

    public String getId();

    public Scalar getType();

    public int getCardinality();

    public String getMin();

    public String getMax();

    public String getDefault();

    public boolean isRequired();
}
