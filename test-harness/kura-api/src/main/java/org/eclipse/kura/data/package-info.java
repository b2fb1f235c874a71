/** Kura's data transport API (version as exported by Kura 5.6 / 6.0). */
@org.osgi.annotation.versioning.Version("1.1.2")
package org.eclipse.kura.data;
