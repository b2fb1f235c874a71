package io.coaptree.harness.kura.configuration;

import java.util.Map;

import org.eclipse.kura.configuration.ComponentConfiguration;
import org.eclipse.kura.configuration.metatype.OCD;

/** A component's configuration as the ConfigurationService hands it out; the definition may be null. */
record KuraComponentConfiguration(String getPid, OCD getDefinition, Map<String, Object> getConfigurationProperties)
        implements ComponentConfiguration {
}
