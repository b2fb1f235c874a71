/** Configuration types the Kura WebUI works with (version as exported by Kura 5.6 / 6.0). */
@org.osgi.annotation.versioning.Version("1.2.0")
package org.eclipse.kura.configuration;
