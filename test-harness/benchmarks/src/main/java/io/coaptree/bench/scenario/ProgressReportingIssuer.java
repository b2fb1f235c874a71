package io.coaptree.bench.scenario;

import io.coaptree.bench.load.RequestIssuer;

/** Moves a step's progress bar on every request that ends, however it ends; the issuer itself is not closed. */
final class ProgressReportingIssuer implements RequestIssuer {

    private final RequestIssuer issuer;
    private final StepProgress progress;

    ProgressReportingIssuer(RequestIssuer issuer, StepProgress progress) {
        this.issuer = issuer;
        this.progress = progress;
    }

    @Override
    public int clients() {
        return issuer.clients();
    }

    @Override
    public Cancellable issue(int client, Outcome outcome) {
        return issuer.issue(client, new Outcome() {
            @Override
            public void succeeded() {
                progress.step();
                outcome.succeeded();
            }

            @Override
            public void failed(String reason) {
                progress.step();
                outcome.failed(reason);
            }
        });
    }

    @Override
    public void close() {
        // the caller owns the issuer
    }
}
