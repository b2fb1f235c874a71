package io.coaptree.harness.kura.snapshot;

/**
 * A value of a Password property as a snapshot holds it: the ciphertext of Kura's CryptoService, or, in a
 * hand-written snapshot marked encrypted="false", the plain text that Kura encrypts when it loads the file.
 */
public record PasswordValue(String text, boolean encrypted) {
}
