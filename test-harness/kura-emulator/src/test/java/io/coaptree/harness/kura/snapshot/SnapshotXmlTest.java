package io.coaptree.harness.kura.snapshot;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

class SnapshotXmlTest {

    @Test
    void whatIsWrittenReadsBackWithItsKuraTypes() throws Exception {
        Map<String, Object> properties = new LinkedHashMap<>();
        properties.put("coap.port", 5683);
        properties.put("limit", 7L);
        properties.put("enabled", Boolean.TRUE);
        properties.put("name", "a <b> & \"c\"");
        properties.put("peers", new String[] { "x", "y" });
        properties.put("secret", new PasswordValue("ciphertext==", true));
        properties.put("service.factoryPid", "com.example.Factory");
        properties.put("unsupported", new Object());

        List<SnapshotConfiguration> read = SnapshotXml.read(
                SnapshotXml.write(List.of(new SnapshotConfiguration("instance-1", properties))), "round trip");

        assertEquals(1, read.size());
        Map<String, Object> back = read.get(0).properties();
        assertEquals("instance-1", read.get(0).pid());
        assertEquals("com.example.Factory", read.get(0).factoryPid());
        assertEquals(5683, back.get("coap.port"));
        assertEquals(7L, back.get("limit"));
        assertEquals(Boolean.TRUE, back.get("enabled"));
        assertEquals("a <b> & \"c\"", back.get("name"));
        assertArrayEquals(new String[] { "x", "y" }, (String[]) back.get("peers"));
        assertEquals(new PasswordValue("ciphertext==", true), back.get("secret"));
        assertTrue(!back.containsKey("unsupported"), "a value Kura cannot store is left out, as Kura does");
    }

    @Test
    void aPlainPasswordIsMarkedForEncryptionAndAWrongPrefixIsRefusedWithTheReason() throws Exception {
        String plain = """
                <esf:configurations xmlns:esf="http://eurotech.com/esf/2.0">
                  <esf:configuration pid="p"><esf:properties>
                    <esf:property name="s" array="false" encrypted="false" type="Password"><esf:value>x</esf:value></esf:property>
                  </esf:properties></esf:configuration>
                </esf:configurations>""";
        assertEquals(new PasswordValue("x", false), SnapshotXml.read(plain, "plain").get(0).properties().get("s"));
        IOException e = assertThrows(IOException.class, () -> SnapshotXml.read(plain.replace("esf:", "kura:")
                .replace("xmlns:kura", "xmlns:esf"), "prefixed"));
        assertTrue(e.getMessage().contains("esf:"), e.getMessage());
    }
}
