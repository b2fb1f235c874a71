package io.coaptree.harness.broker;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Map;

import io.coaptree.brokeracl.AccessList;
import io.coaptree.brokeracl.AclFile;
import io.coaptree.brokeracl.InvalidInputException;

/**
 * How the embedded broker admits only a tree's gateways, as the Mosquitto set-up that {@code coaptree-broker-acl}
 * generates with {@code --auth password} does: TLS only, a client certificate issued by the tree's CA required, each
 * gateway's node name and a password of its own, and the access list of the generated {@code acl_file} applied to
 * publishes, subscriptions and last wills. The certificate proves the client belongs to the tree; the user name says
 * which gateway it is, and owns that gateway's client ids ({@link AdmissionRules}).
 */
public final class GatewayAdmission {

    private final X509Certificate ca;
    private final Map<String, String> passwords;
    private final AccessList accessList;

    private GatewayAdmission(X509Certificate ca, Map<String, String> passwords, AccessList accessList) {
        this.ca = ca;
        this.passwords = Map.copyOf(passwords);
        this.accessList = accessList;
    }

    /**
     * @param caPem     the CA that issues the gateways' client certificates
     * @param passwords user name (node name) to password, one per gateway
     * @param aclFile   an access list written by {@code coaptree-broker-acl}
     */
    public static GatewayAdmission of(Path caPem, Map<String, String> passwords, Path aclFile) {
        try (InputStream in = Files.newInputStream(caPem)) {
            X509Certificate ca = (X509Certificate) CertificateFactory.getInstance("X.509").generateCertificate(in);
            return new GatewayAdmission(ca, passwords, AclFile.parse(Files.readString(aclFile)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException | InvalidInputException e) {
            throw new IllegalArgumentException("cannot use " + caPem + " and " + aclFile + ": " + e.getMessage(), e);
        }
    }

    Map<String, String> passwords() {
        return passwords;
    }

    X509Certificate caCertificate() {
        return ca;
    }

    /** Each gateway's password, its client ids and the access list, last wills included. */
    AdmissionRules rules() {
        return new AdmissionRules(passwords, accessList);
    }
}
