/**
 * The hierarchy's data model: node paths and addresses, members with their liveness, and the tree collections
 * (node path to replicas, parent to children) with the effective attachment that routes around failed nodes.
 */
@org.osgi.annotation.versioning.Version("1.2.0")
package io.coaptree.tree.model;
