package io.coaptree.harness.exchange;

/**
 * A service registered by every probe instance; it carries no methods, only properties that tests read from
 * outside the framework: {@value #STATE} ({@code starting}, {@code ready}, {@code running}, {@code done},
 * {@code failed}), the results of an initiator's run, and which transport the target filter selected.
 */
public interface ExchangeProbeStatus {

    String STATE = "probe.state";
    String MODE = "probe.mode";
    String ERROR = "probe.error";
    String TRANSPORT_PID = "transport.kura.service.pid";
    String REQUESTED = "exchanges.requested";
    String OK = "exchanges.ok";
    String ERRORS = "exchanges.errors";
    String TOTAL_MILLIS = "exchanges.total-millis";
    String BACKOFFS = "exchanges.backoffs";
}
