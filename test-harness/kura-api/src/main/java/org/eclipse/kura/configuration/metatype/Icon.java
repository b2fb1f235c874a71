package org.eclipse.kura.configuration.metatype;

import java.math.BigInteger;

import org.osgi.annotation.versioning.ProviderType;

/** An icon of an OCD. */
@ProviderType
public interface Icon {

    public String getResource();

    public BigInteger getSize();
}
