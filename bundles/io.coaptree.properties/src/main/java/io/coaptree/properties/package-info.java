/**
 * Typed reading of a component's configuration properties as Kura's ConfigurationService and ConfigAdmin deliver
 * them: {@link io.coaptree.properties.ComponentProperties} converts and range-checks, a refused value becomes an
 * {@link io.coaptree.properties.InvalidPropertyException} whose message starts with the property id the user sees
 * in the Kura WebUI; each setting is defined once as a {@link io.coaptree.properties.Setting}, and a component's
 * settings as {@link io.coaptree.properties.ComponentSettings}, from which the build writes its metatype.
 */
@org.osgi.annotation.versioning.Version("2.0.0")
package io.coaptree.properties;
