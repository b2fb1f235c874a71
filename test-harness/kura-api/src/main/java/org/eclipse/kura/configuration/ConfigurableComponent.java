package org.eclipse.kura.configuration;

/** Marker service: Kura's ConfigurationService tracks components that register it and shows them in the WebUI. */
public interface ConfigurableComponent {
}
