package io.coaptree.harness.kura.webui;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.kura.configuration.ComponentConfiguration;
import org.eclipse.kura.configuration.ConfigurationService;
import org.eclipse.kura.configuration.Password;
import org.eclipse.kura.configuration.metatype.AD;
import org.eclipse.kura.configuration.metatype.OCD;
import org.eclipse.kura.configuration.metatype.Scalar;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import io.coaptree.harness.kura.configuration.ConfigurationValues;
import io.coaptree.harness.kura.snapshot.SnapshotConfiguration;
import io.coaptree.harness.kura.snapshot.SnapshotXml;

/** The WebUI's configuration pages, driving Kura's ConfigurationService the way Kura's WebUI does. */
@Component(service = WebUi.class, immediate = true)
public final class EmulatedWebUi implements WebUi {

    @Reference
    private ConfigurationService configurationService;

    @Override
    public void uploadSnapshot(String xml) throws Exception {
        List<ComponentConfiguration> configurations = new ArrayList<>();
        for (SnapshotConfiguration snapshot : SnapshotXml.read(xml, "uploaded snapshot")) {
            configurations.add(ConfigurationValues.fromSnapshot(snapshot));
        }
        this.configurationService.updateConfigurations(configurations);
    }

    @Override
    public void apply(String pid, String factoryPid, Map<String, Object> properties) throws Exception {
        OCD ocd = definition(factoryPid != null ? factoryPid : pid);
        Map<String, Object> values = new HashMap<>(properties);
        if (ocd != null) {
            for (AD ad : ocd.getAD()) {
                if (ad.getType() == Scalar.PASSWORD && values.get(ad.getId()) instanceof String text) {
                    values.put(ad.getId(), new Password(text));
                }
            }
        }
        if (factoryPid != null && !this.configurationService.getConfigurableComponentPids().contains(pid)) {
            this.configurationService.createFactoryConfiguration(factoryPid, pid, values, true);
        } else {
            this.configurationService.updateConfiguration(pid, values, true);
        }
    }

    @Override
    public List<String> services() {
        return new ArrayList<>(this.configurationService.getConfigurableComponentPids());
    }

    @Override
    public List<String> formFields(String pid) throws Exception {
        ComponentConfiguration configuration = current(pid);
        if (configuration == null || configuration.getDefinition() == null) {
            return null;
        }
        List<String> fields = new ArrayList<>();
        configuration.getDefinition().getAD().forEach(ad -> fields.add(ad.getId()));
        return fields;
    }

    private ComponentConfiguration current(String pid) throws Exception {
        for (ComponentConfiguration configuration : this.configurationService.getComponentConfigurations()) {
            if (configuration.getPid().equals(pid)) {
                return configuration;
            }
        }
        return null;
    }

    private OCD definition(String pid) throws Exception {
        ComponentConfiguration defaults = this.configurationService.getDefaultComponentConfiguration(pid);
        return defaults == null ? null : defaults.getDefinition();
    }
}
