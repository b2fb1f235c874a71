/**
 * The plain parts of the lean MQTT transport, free of OSGi and unit-tested on their own: validated options,
 * the in-flight window, the subscription registry, reconnect backoff, topic variables and listener dispatch.
 */
package io.coaptree.mqtt.transport;
