package io.coaptree.properties.metatype;

import java.io.IOException;
import java.io.Writer;

import io.coaptree.properties.ComponentSettings;
import io.coaptree.properties.Setting;

/**
 * Writes a component's settings as the metatype document Kura's WebUI renders ({@code OSGI-INF/metatype/<pid>.xml}).
 * The form is the one Kura reads: unprefixed {@code OCD}, {@code AD}, {@code Option} and {@code Designate} elements
 * in the metatype 1.2 namespace, every attribute scalar ({@code cardinality="0"}), the PID as OCD id and Designate
 * pid. Output is deterministic, so a build writes the same bytes for the same definitions.
 */
public final class MetatypeXml {

    private MetatypeXml() {
    }

    public static void write(ComponentSettings component, Writer out) throws IOException {
        out.write("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        out.write("<!-- Written by the build from " + escape(component.pid())
                + "'s settings in its options classes: change them there, not here. -->\n");
        out.write("<MetaData xmlns=\"http://www.osgi.org/xmlns/metatype/v1.2.0\" localization=\"en_us\">\n");
        out.write("    <OCD id=\"" + escape(component.pid()) + "\"\n");
        out.write("         name=\"" + escape(component.name()) + "\"\n");
        out.write("         description=\"" + escape(component.description()) + "\">\n");
        for (Setting<?> setting : component.settings()) {
            out.write("\n");
            writeAttribute(setting, out);
        }
        out.write("    </OCD>\n");
        String pidAttribute = component.factory() ? "factoryPid" : "pid";
        out.write("    <Designate " + pidAttribute + "=\"" + escape(component.pid()) + "\">\n");
        out.write("        <Object ocdref=\"" + escape(component.pid()) + "\"/>\n");
        out.write("    </Designate>\n");
        out.write("</MetaData>\n");
    }

    private static void writeAttribute(Setting<?> s, Writer out) throws IOException {
        StringBuilder ad = new StringBuilder("        <AD id=\"").append(escape(s.id())).append('"');
        ad.append(" name=\"").append(escape(s.name())).append('"');
        ad.append(" type=\"").append(s.type().metatypeName()).append('"');
        ad.append(" cardinality=\"0\" required=\"").append(s.required()).append('"');
        ad.append(" default=\"").append(escape(s.defaultText())).append('"');
        if (s.min() != null) {
            ad.append(" min=\"").append(s.min()).append("\" max=\"").append(s.max()).append('"');
        }
        ad.append("\n            description=\"").append(escape(s.description())).append('"');
        if (s.choices().isEmpty()) {
            out.write(ad.append("/>\n").toString());
            return;
        }
        out.write(ad.append(">\n").toString());
        for (Setting.Choice choice : s.choices()) {
            out.write("            <Option label=\"" + escape(choice.label()) + "\" value=\"" + escape(choice.value())
                    + "\"/>\n");
        }
        out.write("        </AD>\n");
    }

    static String escape(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\n' -> b.append("&#10;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
