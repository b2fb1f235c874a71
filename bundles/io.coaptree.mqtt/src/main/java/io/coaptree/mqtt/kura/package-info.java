/**
 * The lean MQTT transport's adapters to Kura's API: listener dispatch to {@code DataTransportListener}s on one
 * thread of their own, and TLS socket factories from a Kura {@code KeystoreService}.
 */
package io.coaptree.mqtt.kura;
