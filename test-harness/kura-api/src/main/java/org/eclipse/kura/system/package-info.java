/** Kura's SystemService (version as exported by Kura 5.6 / 6.0). */
@org.osgi.annotation.versioning.Version("1.7.0")
package org.eclipse.kura.system;
