/** Typed values of channels (Kura's DataType and its value classes). */
@org.osgi.annotation.versioning.Version("1.1.0")
package org.eclipse.kura.type;
