package io.coaptree.harness.node;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ResolveCheckTest {

    private final ResolveCheck check = new ResolveCheck(KuraRelease.kura56());

    private List<String> problems(Path dir, Map<String, String> headers) throws Exception {
        Path bundle = TestJars.bundle(dir.resolve("b.jar"), "test.b", "1.0.0", headers);
        return this.check.problems(List.of(TestJars.deploymentPackage(dir.resolve("b.dp"), "test.b.dp", "1.0.0",
                bundle, "test.b", "1.0.0")));
    }

    @Test
    void aPackageKuraDoesNotExportIsNamedWithBundleAndRange(@TempDir Path dir) throws Exception {
        assertEquals(List.of("test.b 1.0.0: Import-Package org.slf4j.bridge (any version) is exported neither by"
                + " Kura 5.6 nor by a bundle of the packages"),
                problems(dir, Map.of("Import-Package", "org.slf4j;version=\"[1.7,2)\",org.slf4j.bridge")));
    }

    @Test
    void aVersionOutsideKurasIsAProblemAndAnOptionalImportIsNot(@TempDir Path dir) throws Exception {
        assertEquals(List.of("test.b 1.0.0: Import-Package org.slf4j [2.0,3) is exported neither by Kura 5.6 nor by"
                + " a bundle of the packages"),
                problems(dir, Map.of("Import-Package",
                        "org.slf4j;version=\"[2.0,3)\",com.example.absent;resolution:=optional")));
    }

    @Test
    void javaVersionAndExtendersAreCheckedAgainstKurasCapabilities(@TempDir Path dir) throws Exception {
        assertEquals(List.of(), problems(dir, Map.of("Require-Capability",
                "osgi.ee;filter:=\"(&(osgi.ee=JavaSE)(version=17))\","
                        + "osgi.extender;filter:=\"(&(osgi.extender=osgi.component)(version>=1.3.0)(!(version>=2.0.0)))\","
                        + "osgi.service;filter:=\"(objectClass=org.example.Absent)\";effective:=active")));
        assertEquals(List.of("test.b 1.0.0: Require-Capability osgi.extender"
                + " (&(osgi.extender=osgi.component)(version>=1.5.0)(!(version>=2.0.0))) is provided neither by Kura"
                + " 5.6 nor by a bundle of the packages"),
                problems(dir, Map.of("Require-Capability",
                        "osgi.extender;filter:=\"(&(osgi.extender=osgi.component)(version>=1.5.0)(!(version>=2.0.0)))\"")));
    }
}
