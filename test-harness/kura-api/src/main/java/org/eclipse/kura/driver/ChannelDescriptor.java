package org.eclipse.kura.driver;

import org.osgi.annotation.versioning.ProviderType;

/**
 * The driver-specific columns of an asset's channel table. Kura's asset provider casts the result to a list of
 * {@code org.eclipse.kura.core.configuration.metatype.Tad}.
 */
@ProviderType
public interface ChannelDescriptor {

    public Object getDescriptor();
}
