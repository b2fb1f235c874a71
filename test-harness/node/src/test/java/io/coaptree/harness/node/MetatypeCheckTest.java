package io.coaptree.harness.node;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MetatypeCheckTest {

    private static final String PID = "com.example.Widget";

    @TempDir
    Path dir;

    @Test
    void aKuraStyleBundlePasses() throws Exception {
        assertEquals(List.of(), MetatypeCheck.violations(bundle(PID, PID, ad("widget.port", "Integer", "5683")
                + ad("widget.password", "Password", "") + ad("KeystoreService.target", "String", "(kura.service.pid=x)")
                + ad("psk.identity", "String", "gw") + ad("key.alias", "String", "a"), designate(PID))));
    }

    @Test
    void theEmulatedKuraServicesPass() throws Exception {
        assertEquals(List.of(), MetatypeCheck.violations(TestJars.runtimeBundle("io.coaptree.harness.kura.jar", dir)));
    }

    @Test
    void ocdIdMustMatchFileAndComponent() throws Exception {
        List<String> violations = MetatypeCheck.violations(bundle(PID, "com.example.Other",
                ad("a", "String", "x"), designate("com.example.Other")));
        assertContains(violations, "differs from the file name");
        assertContains(violations, "no DS component named 'com.example.Other'");
    }

    @Test
    void onlyKuraTypesAreAccepted() throws Exception {
        List<String> violations = MetatypeCheck.violations(bundle(PID, PID, ad("letter", "Character", "c"),
                designate(PID)));
        assertContains(violations, "Kura spells it Char");
    }

    @Test
    void secretsMustBePasswords() throws Exception {
        for (String id : List.of("mqtt.password", "dtls.psk.key", "api.token", "clientSecret", "psk")) {
            List<String> violations = MetatypeCheck.violations(bundle(PID, PID, ad(id, "String", "x"), designate(PID)));
            assertContains(violations, "AD '" + id + "' looks like a secret");
        }
    }

    @Test
    void aDesignateIsRequired() throws Exception {
        assertContains(MetatypeCheck.violations(bundle(PID, PID, ad("a", "String", "x"), "")), "no Designate");
    }

    @Test
    void defaultsMustParseAsTheirType() throws Exception {
        assertContains(MetatypeCheck.violations(bundle(PID, PID, ad("port", "Integer", "high"), designate(PID))),
                "default 'high' is not a valid Integer");
    }

    @Test
    void prefixedElementsAreInvisibleToKura() throws Exception {
        String metatype = """
                <metatype:MetaData xmlns:metatype="http://www.osgi.org/xmlns/metatype/v1.4.0">
                  <metatype:OCD id="%1$s" name="w"><metatype:AD id="a" type="String"/></metatype:OCD>
                  <metatype:Designate pid="%1$s"><metatype:Object ocdref="%1$s"/></metatype:Designate>
                </metatype:MetaData>""".formatted(PID);
        List<String> violations = MetatypeCheck.violations(jar(PID, metatype, true));
        assertContains(violations, "<metatype:OCD> is prefixed");
    }

    @Test
    void aConfigurableComponentNeedsAMetatype() throws Exception {
        assertContains(MetatypeCheck.violations(jar(PID, null, true)), "registers ConfigurableComponent but has no");
    }

    @Test
    void aConfigurableComponentMustRequireItsConfiguration() throws Exception {
        String metatype = metatype(PID, ad("widget.port", "Integer", "1"), designate(PID));
        assertContains(MetatypeCheck.violations(jar(PID, metatype, true, "optional", "")),
                "with configuration-policy optional");
    }

    @Test
    void aDs13ComponentMustNotDeclareServicePid() throws Exception {
        String metatype = metatype(PID, ad("widget.port", "Integer", "1"), designate(PID));
        assertContains(MetatypeCheck.violations(jar(PID, metatype, true, "require",
                "<property name=\"service.pid\" value=\"" + PID + "\"/>")), "declares a service.pid property");
    }

    @Test
    void aFactoryConfigurableComponentNeedsAModifiedMethod() throws Exception {
        String metatype = metatype(PID, ad("widget.port", "Integer", "1"),
                "<Designate factoryPid=\"" + PID + "\"><Object ocdref=\"" + PID + "\"/></Designate>");
        assertContains(MetatypeCheck.violations(jar(PID, metatype, true, "require", "")),
                "factory ConfigurableComponent without a modified method");
    }

    @Test
    void secretHeuristicSkipsDescriptiveNames() {
        assertTrue(MetatypeCheck.looksSecret("broker.password"));
        assertTrue(MetatypeCheck.looksSecret("pskKey"));
        assertFalse(MetatypeCheck.looksSecret("KeystoreService.target"));
        assertFalse(MetatypeCheck.looksSecret("keep-alive"));
        assertFalse(MetatypeCheck.looksSecret("keystore.path"));
    }

    private static void assertContains(List<String> violations, String text) {
        assertTrue(violations.stream().anyMatch(v -> v.contains(text)), () -> "expected '" + text + "' in " + violations);
    }

    private static String ad(String id, String type, String defaultValue) {
        return "<AD id=\"" + id + "\" name=\"" + id + "\" type=\"" + type + "\" cardinality=\"0\" required=\"false\" default=\""
                + defaultValue + "\"/>";
    }

    private static String designate(String pid) {
        return "<Designate pid=\"" + pid + "\"><Object ocdref=\"" + pid + "\"/></Designate>";
    }

    private Path bundle(String fileAndComponent, String ocdId, String ads, String designate) throws IOException {
        return jar(fileAndComponent, metatype(ocdId, ads, designate), true);
    }

    private static String metatype(String ocdId, String ads, String designate) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <MetaData xmlns="http://www.osgi.org/xmlns/metatype/v1.2.0" localization="en_us">
                  <OCD id="%s" name="Widget" description="d">%s</OCD>
                  %s
                </MetaData>""".formatted(ocdId, ads, designate);
    }

    private Path jar(String componentName, String metatype, boolean configurable) throws IOException {
        return jar(componentName, metatype, configurable, "require", "");
    }

    /** A bundle with one DS 1.4 component (optionally a ConfigurableComponent) and optionally its metatype file. */
    private Path jar(String componentName, String metatype, boolean configurable, String policy, String properties)
            throws IOException {
        String component = """
                <?xml version="1.0" encoding="UTF-8"?>
                <scr:component xmlns:scr="http://www.osgi.org/xmlns/scr/v1.4.0" name="%s" configuration-policy="%s">
                  <implementation class="com.example.Widget"/>
                  %s
                  <service>%s</service>
                </scr:component>""".formatted(componentName, policy, properties,
                configurable ? "<provide interface=\"org.eclipse.kura.configuration.ConfigurableComponent\"/>" : "");
        Map<String, String> entries = new LinkedHashMap<>();
        entries.put("OSGI-INF/" + componentName + ".xml", component);
        if (metatype != null) {
            entries.put("OSGI-INF/metatype/" + componentName + ".xml", metatype);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        headers.put("Bundle-ManifestVersion", "2");
        headers.put("Bundle-SymbolicName", "com.example.widget");
        headers.put("Service-Component", "OSGI-INF/" + componentName + ".xml");
        return TestJars.jar(dir.resolve("widget-" + System.nanoTime() + ".jar"), headers, entries);
    }
}
