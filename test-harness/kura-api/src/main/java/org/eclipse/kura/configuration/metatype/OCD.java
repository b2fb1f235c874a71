package org.eclipse.kura.configuration.metatype;

import java.util.List;

import org.osgi.annotation.versioning.ProviderType;

/** An object class definition: the form the WebUI renders for one PID. */
@ProviderType
public interface OCD {

    public List<AD> getAD();

    public List<Icon> getIcon();

    public String getName();

    public String getDescription();

    public String getId();
}
