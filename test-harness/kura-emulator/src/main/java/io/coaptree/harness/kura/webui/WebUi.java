package io.coaptree.harness.kura.webui;

import java.util.List;
import java.util.Map;

/**
 * What an operator does in Kura's WebUI, as a service the node launcher calls: every action goes through Kura's
 * ConfigurationService, never straight into ConfigAdmin. Only java.* types cross it, because the launcher shares
 * no classes with the framework.
 */
public interface WebUi {

    /** Settings &gt; Snapshots &gt; Upload and Apply: Kura's esf: XML. */
    void uploadSnapshot(String xml) throws Exception;

    /**
     * Services &gt; pid &gt; Apply. Password fields are given as typed in the form (plain text) or as the value the
     * form already held (the ciphertext). With a factory pid, creates that factory's instance named pid ("+").
     */
    void apply(String pid, String factoryPid, Map<String, Object> properties) throws Exception;

    /** The pids listed under Services, in the order Kura tracked them. */
    List<String> services() throws Exception;

    /** The fields (attribute ids) of the pid's form; null when Kura has no definition for it (no form). */
    List<String> formFields(String pid) throws Exception;
}
