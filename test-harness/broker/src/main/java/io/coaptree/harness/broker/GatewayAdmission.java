package io.coaptree.harness.broker;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Map;
import java.util.Objects;

import javax.net.ssl.KeyManagerFactory;

import io.coaptree.brokeracl.AccessList;
import io.coaptree.brokeracl.AclFile;
import io.coaptree.brokeracl.InvalidInputException;
import io.moquette.broker.ISslContextCreator;
import io.moquette.broker.security.IAuthorizatorPolicy;
import io.moquette.broker.subscriptions.Topic;
import io.netty.handler.ssl.ClientAuth;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslProvider;

/**
 * How the embedded broker admits only a tree's gateways, as close to the Mosquitto set-up that
 * {@code coaptree-broker-acl} generates as Moquette allows: TLS only, a client certificate issued by the tree's CA
 * required, and the access list of the generated {@code acl_file} applied to publishes and subscriptions. Moquette's
 * authenticator sees the user name and password but not the certificate, so it cannot take the certificate's CN as
 * the user name (Mosquitto's {@code use_identity_as_username}): each gateway logs in with its node name and a
 * password of its own, and the certificate only proves the client belongs to the tree.
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

    ISslContextCreator sslContext(Path keystore, char[] password) {
        Objects.requireNonNull(keystore, "keystore");
        return () -> {
            try (InputStream in = Files.newInputStream(keystore)) {
                KeyStore store = KeyStore.getInstance("PKCS12");
                store.load(in, password);
                KeyManagerFactory keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
                keys.init(store, password);
                return SslContextBuilder.forServer(keys).trustManager(ca).clientAuth(ClientAuth.REQUIRE)
                        .sslProvider(SslProvider.JDK).build();
            } catch (IOException | GeneralSecurityException e) {
                throw new IllegalStateException("cannot set up the broker's TLS from " + keystore, e);
            }
        };
    }

    IAuthorizatorPolicy authorizator() {
        return new IAuthorizatorPolicy() {
            @Override
            public boolean canWrite(Topic topic, String user, String client) {
                return accessList.mayPublish(user, topic.toString());
            }

            @Override
            public boolean canRead(Topic topic, String user, String client) {
                return accessList.maySubscribe(user, topic.toString());
            }
        };
    }
}
