/**
 * Channel values to and from CoAP payloads, in plain Java: text/plain, JSON, CBOR (RFC 8949) and SenML packs (RFC
 * 8428, JSON and CBOR), to the Java value of a channel's {@code ValueType} and back.
 */
package io.coaptree.driver.codec;
