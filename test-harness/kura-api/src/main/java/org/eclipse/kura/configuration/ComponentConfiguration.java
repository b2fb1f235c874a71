package org.eclipse.kura.configuration;

import java.util.Map;

import org.eclipse.kura.configuration.metatype.OCD;
import org.osgi.annotation.versioning.ProviderType;

/** One component's configuration as the ConfigurationService hands it out: PID, metatype definition, values. */
@ProviderType
public interface ComponentConfiguration {

    public String getPid();

    public OCD getDefinition();

    public Map<String, Object> getConfigurationProperties();
}
