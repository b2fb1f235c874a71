/** A test bundle that exchanges CoAP envelopes over a DataTransportService chosen by target filter. */
package io.coaptree.harness.exchange;
