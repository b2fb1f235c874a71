/** Kura's KeystoreService (version as exported by Kura 5.6 / 6.0; 1.1.0 in 5.5). */
@org.osgi.annotation.versioning.Version("1.2.0")
package org.eclipse.kura.security.keystore;
