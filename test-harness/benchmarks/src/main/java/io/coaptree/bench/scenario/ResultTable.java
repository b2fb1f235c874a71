package io.coaptree.bench.scenario;

import java.util.ArrayList;
import java.util.List;

/**
 * A table of figures that are not load steps (offered against achieved rates, ablations, convergence), written
 * into result.json and summary.md as it is.
 */
public record ResultTable(String title, List<String> columns, List<List<String>> rows) {

    public ResultTable {
        columns = List.copyOf(columns);
        rows = rows.stream().map(List::copyOf).toList();
    }

    /** Collects rows one at a time. */
    public static final class Builder {
        private final String title;
        private final List<String> columns;
        private final List<List<String>> rows = new ArrayList<>();

        public Builder(String title, String... columns) {
            this.title = title;
            this.columns = List.of(columns);
        }

        public Builder row(Object... cells) {
            if (cells.length != columns.size()) {
                throw new IllegalArgumentException(title + ": " + cells.length + " cells for " + columns.size()
                        + " columns");
            }
            List<String> row = new ArrayList<>();
            for (Object cell : cells) {
                row.add(String.valueOf(cell));
            }
            rows.add(row);
            return this;
        }

        public ResultTable build() {
            return new ResultTable(title, columns, rows);
        }
    }
}
