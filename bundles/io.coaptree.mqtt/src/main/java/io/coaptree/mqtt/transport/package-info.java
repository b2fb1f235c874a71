/**
 * The plain parts of the lean MQTT transport, free of OSGi, Kura and Paho and unit-tested on their own: the in-flight
 * window, the subscription registry, reconnect backoff, topic variables and low-latency sockets.
 */
package io.coaptree.mqtt.transport;
