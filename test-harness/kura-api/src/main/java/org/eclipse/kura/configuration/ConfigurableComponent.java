package org.eclipse.kura.configuration;

import org.osgi.annotation.versioning.ConsumerType;

/**
 * Marker service: Kura's ConfigurationService tracks components that register it (with service.pid) and shows
 * them in the WebUI. Their metatype must be at OSGI-INF/metatype/&lt;pid&gt;.xml.
 */
@ConsumerType
public interface ConfigurableComponent {
}
