/**
 * The lean MQTT transport's adapter to Eclipse Paho: one client and its calls ({@link
 * io.coaptree.mqtt.paho.PahoClient}), the connect options, what a failure means and how to explain it to the
 * operator. No OSGi or Kura type here; the component turns these into Kura's API.
 */
package io.coaptree.mqtt.paho;
