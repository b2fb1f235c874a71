/** Kura's SslManagerService (version as exported by Kura 5.6 / 6.0). */
@org.osgi.annotation.versioning.Version("2.1.0")
package org.eclipse.kura.ssl;
