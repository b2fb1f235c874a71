/** Kura's cloud publishers (version as exported by Kura 5.6 / 6.0). */
@org.osgi.annotation.versioning.Version("1.0.0")
package org.eclipse.kura.cloudconnection.publisher;
