/**
 * {@code run fleet}: the fleet simulator. Many gateways in one JVM with the tree bundle's own protocol code over the
 * lean MQTT transport and a real Mosquitto, measured at the wire (what each gateway receives, checks and sends).
 */
package io.coaptree.bench.fleet;
