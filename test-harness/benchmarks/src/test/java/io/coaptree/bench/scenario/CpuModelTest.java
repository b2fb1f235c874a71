package io.coaptree.bench.scenario;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.List;

import org.junit.jupiter.api.Test;

class CpuModelTest {

    @Test
    void theFirstModelNameOfAnX86MachineIsItsModel() {
        List<String> cpuinfo = List.of(
                "processor\t: 0",
                "vendor_id\t: AuthenticAMD",
                "cpu family\t: 25",
                "model\t\t: 1",
                "model name\t: AMD EPYC 7B13",
                "stepping\t: 0",
                "flags\t\t: fpu vme de pse tsc msr pae mce cx8",
                "",
                "processor\t: 1",
                "vendor_id\t: AuthenticAMD",
                "model name\t: AMD EPYC 7B13");
        assertEquals("AMD EPYC 7B13", CpuModel.parse(cpuinfo));
    }

    @Test
    void aModelNameWithColonsAndSpacesIsKeptWhole() {
        assertEquals("Intel(R) Xeon(R) CPU @ 2.20GHz",
                CpuModel.parse(List.of("processor\t: 0", "model name\t:   Intel(R) Xeon(R) CPU @ 2.20GHz  ")));
    }

    @Test
    void anArmBoardWithoutAModelNameIsNamedByItsModelLine() {
        List<String> cpuinfo = List.of(
                "processor\t: 0",
                "BogoMIPS\t: 108.00",
                "CPU implementer\t: 0x41",
                "CPU part\t: 0xd08",
                "",
                "Revision\t: c03114",
                "Serial\t\t: 10000000a1b2c3d4",
                "Model\t\t: Raspberry Pi 4 Model B Rev 1.4");
        assertEquals("Raspberry Pi 4 Model B Rev 1.4", CpuModel.parse(cpuinfo));
    }

    @Test
    void nothingToReadIsUnknown() {
        assertEquals(CpuModel.UNKNOWN, CpuModel.parse(List.of()));
        assertEquals(CpuModel.UNKNOWN, CpuModel.parse(List.of("model name\t:", "processor\t: 0")));
    }

    @Test
    void thisMachineIsNamed() {
        // on Linux the model comes from /proc/cpuinfo; elsewhere "unknown", never an exception or an empty name
        assertFalse(CpuModel.read().isBlank());
    }
}
