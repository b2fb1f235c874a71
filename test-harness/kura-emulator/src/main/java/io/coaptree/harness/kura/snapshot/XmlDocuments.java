package io.coaptree.harness.kura.snapshot;

import java.io.IOException;
import java.io.InputStream;

import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;

import org.w3c.dom.Document;
import org.xml.sax.SAXException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Hardened XML parsing for bundle descriptors and snapshots: no DTDs, no external entities. Not namespace-aware on
 * purpose, because Kura matches element names literally (a prefix changes what Kura sees).
 */
public final class XmlDocuments {

    private XmlDocuments() {
    }

    public static Document parse(InputStream in) throws IOException {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(false);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_DTD, "");
            factory.setAttribute(XMLConstants.ACCESS_EXTERNAL_SCHEMA, "");
            DocumentBuilder builder = factory.newDocumentBuilder();
            builder.setErrorHandler(new DefaultHandler()); // report through the exception, not stderr
            return builder.parse(in);
        } catch (ParserConfigurationException | SAXException e) {
            throw new IOException("not well-formed XML: " + e.getMessage(), e);
        }
    }
}
