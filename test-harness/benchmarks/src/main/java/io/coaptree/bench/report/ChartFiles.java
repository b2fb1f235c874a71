package io.coaptree.bench.report;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;

/** Writes an XChart chart as a PNG file. */
public final class ChartFiles {

    private ChartFiles() {
    }

    /** Saves {@code chart} as {@code dir/name} (name ends in .png). */
    public static void savePng(Chart<?, ?> chart, Path dir, String name) {
        System.setProperty("java.awt.headless", "true");
        try {
            Files.createDirectories(dir);
            BitmapEncoder.saveBitmap(chart, dir.resolve(name).toString(), BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write chart " + name, e);
        }
    }
}
