/**
 * Typed reading of a component's configuration properties as Kura's ConfigurationService and ConfigAdmin deliver
 * them: {@link io.coaptree.properties.ComponentProperties} converts and range-checks, a refused value becomes an
 * {@link io.coaptree.properties.InvalidPropertyException} whose message starts with the property id the user sees
 * in the Kura WebUI, and a {@link io.coaptree.properties.Refusal} lets a component refuse with its own subtype.
 */
@org.osgi.annotation.versioning.Version("1.1.0")
package io.coaptree.properties;
