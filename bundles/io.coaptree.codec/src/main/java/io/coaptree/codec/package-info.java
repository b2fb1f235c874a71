/**
 * A transport-neutral envelope for CoAP requests, responses and notifications that cross MQTT between
 * CoAPTree gateways, and its versioned, registration-only Kryo codec.
 * <p>
 * The package has no Californium dependency: callers copy the options that matter between a Californium
 * message and a {@link io.coaptree.codec.CoapEnvelope}.
 */
@org.osgi.annotation.versioning.Version("2.1.0")
package io.coaptree.codec;
