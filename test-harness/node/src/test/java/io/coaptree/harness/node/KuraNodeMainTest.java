package io.coaptree.harness.node;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class KuraNodeMainTest {

    @Test
    void acceptsTheDocumentedOptions() {
        KuraNodeMain.parse(new String[] { "--name", "gw", "--storage", "/tmp/x", "--dp",
                "a.dp", "--dp", "b.dp", "--snapshot", "s.xml", "--property", "k=v" });
    }

    @Test
    void refusesBadArgumentsWithAMessageNamingTheOption() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> KuraNodeMain.parse(new String[] {}))
                .getMessage().contains("--name"));
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> KuraNodeMain.parse(new String[] { "--name", "n", "--framework", "felix" })).getMessage()
                .contains("--framework"), "the node runs Kura's framework only");
        assertTrue(assertThrows(IllegalArgumentException.class,
                () -> KuraNodeMain.parse(new String[] { "--name", "n", "--bogus", "1" })).getMessage()
                .contains("--bogus"));
    }
}
