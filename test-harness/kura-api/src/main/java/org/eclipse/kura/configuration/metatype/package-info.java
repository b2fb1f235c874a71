/** Kura's view of a component's metatype (OCD, AD, options), as the ConfigurationService returns it. */
@org.osgi.annotation.versioning.Version("1.1.0")
package org.eclipse.kura.configuration.metatype;
