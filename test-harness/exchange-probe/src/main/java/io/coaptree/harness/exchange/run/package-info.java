/** The probe's logic, without OSGi: settings, responder, initiator, a publisher that respects the in-flight window. */
package io.coaptree.harness.exchange.run;
