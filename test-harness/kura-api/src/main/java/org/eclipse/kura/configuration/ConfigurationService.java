package org.eclipse.kura.configuration;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.eclipse.kura.KuraException;
import org.osgi.annotation.versioning.ProviderType;
import org.osgi.framework.Filter;

/**
 * Kura's ConfigurationService (package version 1.2.0, Kura 5.6): the one entry point for the WebUI, snapshots and
 * the cloud to read and change component configurations. Signatures as in Kura; comments are ours.
 */
@ProviderType
public interface ConfigurationService {

    /** The property that names a component instance in Kura (a factory instance's user-given PID). */
    public static final String KURA_SERVICE_PID = "kura.service.pid";

    public Set<String> getFactoryComponentPids();

    public void createFactoryConfiguration(String factoryPid, String pid, Map<String, Object> properties,
            boolean takeSnapshot) throws KuraException;

    public void deleteFactoryConfiguration(String pid, boolean takeSnapshot) throws KuraException;

    public Set<String> getConfigurableComponentPids();

    public List<ComponentConfiguration> getComponentConfigurations() throws KuraException;

    public List<ComponentConfiguration> getComponentConfigurations(Filter filter) throws KuraException;

    public ComponentConfiguration getComponentConfiguration(String pid) throws KuraException;

    public ComponentConfiguration getDefaultComponentConfiguration(String pid) throws KuraException;

    public void updateConfiguration(String pid, Map<String, Object> properties) throws KuraException;

    public void updateConfiguration(String pid, Map<String, Object> properties, boolean takeSnapshot)
            throws KuraException;

    public void updateConfigurations(List<ComponentConfiguration> configs) throws KuraException;

    public void updateConfigurations(List<ComponentConfiguration> configs, boolean takeSnapshot) throws KuraException;

    public Set<Long> getSnapshots() throws KuraException;

    public List<ComponentConfiguration> getSnapshot(long sid) throws KuraException;

    public long snapshot() throws KuraException;

    public long rollback() throws KuraException;

    public void rollback(long id) throws KuraException;
}
