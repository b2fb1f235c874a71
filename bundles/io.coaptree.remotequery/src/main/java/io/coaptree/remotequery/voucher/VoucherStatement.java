package io.coaptree.remotequery.voucher;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Arrays;

import io.coaptree.codec.CallerIdentity;
import io.coaptree.codec.CoapEnvelope;

/**
 * What an entry gateway vouches for when it sends a caller's request into the tree: that this caller (authenticated
 * by it over DTLS) asked this gateway to apply this method to this target with this payload. It binds every field
 * no hop changes (caller, method, path, query, Content-Format, destination, a SHA-256 of the payload) and the
 * entry gateway itself, so a relay can neither give the request another caller nor give the voucher another
 * request. Version 2 adds the gateway that qualifies the caller, which must be the entry gateway itself. The bytes
 * are deterministic: the owner builds them again from the request it got and compares.
 */
final class VoucherStatement {

    private static final int VERSION = 2;

    private VoucherStatement() {
    }

    /** The statement {@code entry} makes for {@code request} (whose identity is not null). */
    static byte[] of(String entry, CoapEnvelope request) {
        CallerIdentity identity = request.identity();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(VERSION);
            out.writeUTF(entry);
            out.writeUTF(identity.type());
            out.writeUTF(identity.name());
            out.writeUTF(identity.gateway());
            out.writeByte(request.code());
            out.writeUTF(request.path());
            out.writeUTF(request.query());
            out.writeInt(request.contentFormat());
            out.writeUTF(String.valueOf(request.destinationNode()));
            out.write(MessageDigest.getInstance("SHA-256").digest(request.payload()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
        return bytes.toByteArray();
    }

    /**
     * Whether {@code statement}, vouched for by {@code entry}, is the statement for {@code request}, and its caller
     * one {@code entry} authenticated (a gateway vouches only for its own callers, never in another's name).
     */
    static boolean matches(byte[] statement, String entry, CoapEnvelope request) {
        return entry.equals(request.identity().gateway()) && Arrays.equals(statement, of(entry, request));
    }
}
