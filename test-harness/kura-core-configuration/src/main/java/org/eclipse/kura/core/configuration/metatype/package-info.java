/**
 * Kura's JAXB classes of a metatype (the parts a driver's channel descriptor builds): restated from Kura 5.6's
 * {@code org.eclipse.kura.core.configuration} bundle with the same names and signatures.
 */
@org.osgi.annotation.versioning.Version("1.0.0")
package org.eclipse.kura.core.configuration.metatype;
