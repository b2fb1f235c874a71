package io.coaptree.harness.node;

import java.nio.file.Path;

/** Kura snapshot texts for the tests, in the exact esf: form Kura writes. */
final class Snapshots {

    private Snapshots() {
    }

    static String probe(String encryptedSecret) {
        return wrap("""
                    <esf:configuration pid="io.coaptree.harness.kura.PasswordProbe">
                        <esf:properties>
                            <esf:property array="false" encrypted="true" name="secret" type="Password">
                                <esf:value>%s</esf:value>
                            </esf:property>
                        </esf:properties>
                    </esf:configuration>
                """.formatted(encryptedSecret));
    }

    static String keystore(String kuraServicePid, Path file, String encryptedPassword) {
        return wrap("""
                    <esf:configuration pid="%1$s">
                        <esf:properties>
                            <esf:property array="false" encrypted="false" name="keystore.path" type="String">
                                <esf:value>%2$s</esf:value>
                            </esf:property>
                            <esf:property array="false" encrypted="true" name="keystore.password" type="Password">
                                <esf:value>%3$s</esf:value>
                            </esf:property>
                            <esf:property array="false" encrypted="false" name="service.factoryPid" type="String">
                                <esf:value>org.eclipse.kura.core.keystore.FilesystemKeystoreServiceImpl</esf:value>
                            </esf:property>
                            <esf:property array="false" encrypted="false" name="kura.service.pid" type="String">
                                <esf:value>%1$s</esf:value>
                            </esf:property>
                        </esf:properties>
                    </esf:configuration>
                """.formatted(kuraServicePid, file, encryptedPassword));
    }

    private static String wrap(String configurations) {
        return """
                <?xml version="1.0" encoding="UTF-8"?>
                <esf:configurations xmlns:esf="http://eurotech.com/esf/2.0" xmlns:ocd="http://www.osgi.org/xmlns/metatype/v1.2.0">
                %s</esf:configurations>
                """.formatted(configurations);
    }
}
