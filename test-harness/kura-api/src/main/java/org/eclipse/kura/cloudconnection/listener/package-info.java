/** Listeners of a cloud connection's state and deliveries (version as exported by Kura 5.6 / 6.0). */
@org.osgi.annotation.versioning.Version("1.0.0")
package org.eclipse.kura.cloudconnection.listener;
