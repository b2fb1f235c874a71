/**
 * The lean MQTT transport's adapter to Eclipse Paho, the only package that sees Paho's types: one client and its
 * calls ({@link io.coaptree.mqtt.paho.PahoClient}), which throw {@link io.coaptree.mqtt.paho.PahoCallException}
 * rather than Paho's exception, the connect options, what a failure means and how to explain it to the operator. No
 * OSGi or Kura type here; the connection engine ({@code io.coaptree.mqtt.connection}) drives it.
 */
package io.coaptree.mqtt.paho;
