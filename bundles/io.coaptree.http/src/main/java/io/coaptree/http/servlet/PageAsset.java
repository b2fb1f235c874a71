package io.coaptree.http.servlet;

import java.io.InputStream;
import java.util.Map;

/** The page's static files, inside the bundle: no build step, no framework. */
record PageAsset(String name, String contentType) {

    private static final Map<String, String> FILES = Map.of("index.html", "text/html;charset=utf-8", "app.js",
            "text/javascript;charset=utf-8", "style.css", "text/css;charset=utf-8");

    /** @return the file, or {@code null} when the page has none of that name */
    static PageAsset of(String name) {
        String type = FILES.get(name);
        return type == null ? null : new PageAsset(name, type);
    }

    InputStream open() {
        return PageAsset.class.getResourceAsStream("/io/coaptree/http/page/" + name);
    }
}
