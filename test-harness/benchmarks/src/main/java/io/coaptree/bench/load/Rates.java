package io.coaptree.bench.load;

final class Rates {

    private Rates() {
    }

    static double requirePositive(double ratePerSecond) {
        if (!(ratePerSecond > 0) || Double.isInfinite(ratePerSecond)) {
            throw new IllegalArgumentException("ratePerSecond must be a positive finite number, was " + ratePerSecond);
        }
        return ratePerSecond;
    }
}
