package io.coaptree.harness.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;

import org.junit.jupiter.api.Test;
import org.opentest4j.TestAbortedException;

/** The one reading of CI and what a missing prerequisite does with it. */
class PrerequisitesTest {

    @Test
    void ciIsTrueInAnyCaseAndNothingElse() {
        for (String value : new String[] { "true", "TRUE", "True", " true " }) {
            assertTrue(Prerequisites.isCi(value), value);
        }
        for (String value : new String[] { null, "", "false", "1", "yes", "truee" }) {
            assertFalse(Prerequisites.isCi(value), value);
        }
    }

    @Test
    void aMissingPrerequisiteSkipsOutsideCiAndFailsUnderIt() {
        TestAbortedException skipped = assertThrows(TestAbortedException.class,
                () -> Prerequisites.missing("mosquitto is not installed", false));
        assertTrue(skipped.getMessage().contains("mosquitto is not installed"), skipped.getMessage());
        AssertionError failed = assertThrows(AssertionError.class,
                () -> Prerequisites.missing("mosquitto is not installed", true));
        assertTrue(failed.getMessage().startsWith("mosquitto is not installed; under CI=true"), failed.getMessage());
    }

    @Test
    void aDebianToolIsFoundOnThePathOrMissing() {
        assertTrue(Files.isExecutable(Prerequisites.debianTool("sh", "dash")));
        Class<? extends Throwable> expected = Prerequisites.underCi() ? AssertionError.class
                : TestAbortedException.class;
        Throwable missing = assertThrows(Throwable.class,
                () -> Prerequisites.debianTool("no-such-tool-on-this-machine", "nothing"));
        assertEquals(expected, missing.getClass());
        assertTrue(missing.getMessage().startsWith(
                "no-such-tool-on-this-machine is not installed (Debian package nothing)"), missing.getMessage());
    }
}
