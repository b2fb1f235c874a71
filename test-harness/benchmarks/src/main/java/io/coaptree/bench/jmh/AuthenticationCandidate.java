package io.coaptree.bench.jmh;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.spec.ECGenParameterSpec;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * One way a gateway could authenticate the messages it sends to other gateways, through the JDK's own
 * providers only: what a sender computes over an encoded envelope ({@link #sign}) and what the receiver checks
 * ({@link #verify}). A candidate holds its keys; instances are not thread-safe (JDK {@code Signature} and
 * {@code Mac} objects are stateful), which suits JMH's per-thread state.
 */
abstract class AuthenticationCandidate {

    abstract byte[] sign(byte[] message) throws GeneralSecurityException;

    abstract boolean verify(byte[] message, byte[] tag) throws GeneralSecurityException;

    static AuthenticationCandidate named(String name) throws GeneralSecurityException {
        switch (name) {
        case "ed25519":
            return new SignatureCandidate("Ed25519", KeyPairGenerator.getInstance("Ed25519").generateKeyPair());
        case "ecdsa-p256":
            KeyPairGenerator ec = KeyPairGenerator.getInstance("EC");
            ec.initialize(new ECGenParameterSpec("secp256r1"));
            return new SignatureCandidate("SHA256withECDSA", ec.generateKeyPair());
        case "hmac-sha256":
            byte[] secret = new byte[32];
            new SecureRandom().nextBytes(secret);
            return new MacCandidate(new SecretKeySpec(secret, "HmacSHA256"));
        default:
            throw new IllegalArgumentException("candidate: " + name);
        }
    }

    /** A public-key signature: the sender's private key signs, anyone holding its public key verifies. */
    private static final class SignatureCandidate extends AuthenticationCandidate {

        private final Signature signer;
        private final Signature verifier;

        SignatureCandidate(String algorithm, KeyPair keys) throws GeneralSecurityException {
            signer = Signature.getInstance(algorithm);
            signer.initSign(keys.getPrivate());
            verifier = Signature.getInstance(algorithm);
            verifier.initVerify(keys.getPublic());
        }

        @Override
        byte[] sign(byte[] message) throws GeneralSecurityException {
            signer.update(message);
            return signer.sign();
        }

        @Override
        boolean verify(byte[] message, byte[] tag) throws GeneralSecurityException {
            verifier.update(message);
            return verifier.verify(tag);
        }
    }

    /**
     * A MAC under a secret every gateway shares (the weaker "tree-wide secret" mode): verifying is
     * computing the tag again and comparing in constant time.
     */
    private static final class MacCandidate extends AuthenticationCandidate {

        private final Mac mac;

        MacCandidate(SecretKeySpec key) throws GeneralSecurityException {
            mac = Mac.getInstance("HmacSHA256");
            mac.init(key);
        }

        @Override
        byte[] sign(byte[] message) {
            return mac.doFinal(message);
        }

        @Override
        boolean verify(byte[] message, byte[] tag) {
            return MessageDigest.isEqual(mac.doFinal(message), tag);
        }
    }
}
