/** The callback a driver notifies when a monitored channel changes. */
@org.osgi.annotation.versioning.Version("1.0.0")
package org.eclipse.kura.channel.listener;
