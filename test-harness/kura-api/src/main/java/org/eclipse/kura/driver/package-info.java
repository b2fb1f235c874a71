/** Kura's driver contract: what the asset provider calls to read, write and monitor a field protocol's channels. */
@org.osgi.annotation.versioning.Version("1.0.0")
package org.eclipse.kura.driver;
