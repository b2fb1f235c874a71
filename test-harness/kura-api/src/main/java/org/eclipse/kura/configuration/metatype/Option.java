package org.eclipse.kura.configuration.metatype;

import org.osgi.annotation.versioning.ProviderType;

/** One choice of a drop-down attribute. */
@ProviderType
public interface Option {

    public String getLabel();

    public String getValue();
}
