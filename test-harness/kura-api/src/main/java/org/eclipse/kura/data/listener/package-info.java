/** Listeners of Kura's DataService (version as exported by Kura 5.6 / 6.0). */
@org.osgi.annotation.versioning.Version("1.0.1")
package org.eclipse.kura.data.listener;
