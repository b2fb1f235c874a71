/** Channels of an asset and the records a read, a write or a notification carries. */
@org.osgi.annotation.versioning.Version("1.3.0")
package org.eclipse.kura.channel;
