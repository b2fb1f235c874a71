/**
 * The lean MQTT transport's configuration: each setting defined once in
 * {@link io.coaptree.mqtt.options.MqttTransportOptions}, from which the build writes the component's metatype.
 * Plain Java.
 */
package io.coaptree.mqtt.options;
