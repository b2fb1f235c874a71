package org.eclipse.kura.configuration;

import org.eclipse.kura.KuraException;
import org.osgi.annotation.versioning.ConsumerType;

/** A component that describes its own configuration and definition instead of shipping a metatype file. */
@ConsumerType
public interface SelfConfiguringComponent {

    public ComponentConfiguration getConfiguration() throws KuraException;
}
