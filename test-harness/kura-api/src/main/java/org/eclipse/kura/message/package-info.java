/** Kura's message payloads (version as exported by Kura 5.6 / 6.0; this stand-in holds KuraPayload and KuraPosition only). */
@org.osgi.annotation.versioning.Version("1.5.0")
package org.eclipse.kura.message;
