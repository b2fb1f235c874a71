package io.coaptree.it;

import java.util.ArrayList;
import java.util.List;

import org.w3c.dom.Element;

/** One property of a Kura snapshot against the metatype attribute it sets. */
final class SnapshotValueCheck {

    private static final String ESF = "http://eurotech.com/esf/2.0";

    private SnapshotValueCheck() {
    }

    /** @return what is wrong with the property, empty when it holds */
    static List<String> of(Element property, Element ad) {
        if (ad == null) {
            return List.of("is not a setting of the component's metatype");
        }
        List<String> problems = new ArrayList<>();
        String type = ad.getAttribute("type");
        if (!type.equals(property.getAttribute("type"))) {
            problems.add("has type " + property.getAttribute("type") + ", the metatype " + type);
        }
        if (!"false".equals(property.getAttribute("array"))) {
            problems.add("is an array; the setting is a single value");
        }
        if (type.equals("Password")) {
            if (!"true".equals(property.getAttribute("encrypted"))) {
                problems.add("is a Password stored in clear text");
            }
            return problems;
        }
        String value = property.getElementsByTagNameNS(ESF, "value").item(0).getTextContent();
        problems.addAll(valueProblems(type, value, ad));
        if (value.equals(ad.getAttribute("default"))) {
            problems.add("repeats its default '" + value + "': leave it out, so the default lives in one place");
        }
        return problems;
    }

    private static List<String> valueProblems(String type, String value, Element ad) {
        List<String> options = ShippedMetatypes.options(ad);
        if (!options.isEmpty() && !options.contains(value)) {
            return List.of("'" + value + "' is not one of " + options);
        }
        if (type.equals("Boolean")) {
            return value.equals("true") || value.equals("false") ? List.of()
                    : List.of("'" + value + "' is not true or false");
        }
        if (!type.equals("Integer") && !type.equals("Long")) {
            return List.of();
        }
        long number;
        try {
            number = type.equals("Integer") ? Integer.parseInt(value.trim()) : Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            return List.of("'" + value + "' is not a " + type);
        }
        String min = ad.getAttribute("min");
        String max = ad.getAttribute("max");
        if (!min.isEmpty() && number < Long.parseLong(min) || !max.isEmpty() && number > Long.parseLong(max)) {
            return List.of(number + " is outside " + min + ".." + max);
        }
        return List.of();
    }
}
