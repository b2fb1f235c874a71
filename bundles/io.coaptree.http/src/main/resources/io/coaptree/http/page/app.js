// The page of the tree: plain browser JavaScript, no framework and no build step.
// Data: .tree/gateways (JSON), tree-stats (JSON, through CoAP: this gateway's join), tree-lookup/res (CoRE link format,
// through CoAP), .tree/events (server-sent events).
"use strict";

const state = { resources: new Map(), streamKey: "", events: null };

function credentials() {
  const user = document.getElementById("user").value;
  const password = document.getElementById("password").value;
  return user ? "Basic " + btoa(user + ":" + password) : null;
}

function cell(row, text, className) {
  const td = row.insertCell();
  td.textContent = text;
  if (className) td.className = className;
  return td;
}

async function loadGateways() {
  const response = await fetch(".tree/gateways", { cache: "no-store" });
  const tree = await response.json();
  document.getElementById("self").textContent = tree.self ? "seen from " + tree.self : "";
  const body = document.querySelector("#gateways tbody");
  body.replaceChildren();
  for (const g of tree.gateways) {
    const row = body.insertRow();
    row.className = "gateway level-" + g.level;
    row.dataset.gateway = g.name;
    row.dataset.live = g.live;
    cell(row, g.name);
    cell(row, ["root", "domain", "group"][g.level] || g.level);
    cell(row, g.domain || "-");
    cell(row, g.group || "-");
    cell(row, g.live ? "live" : "down", g.live ? "live" : "down");
    cell(row, g.parent || "-");
    cell(row, g.replicas.join(", "));
  }
  document.getElementById("gateway-count").textContent =
    tree.gateways.filter(g => g.live).length + " live of " + tree.gateways.length;
}

// This gateway's own join: a gateway refused (another holds its name) says by whom and when it asks again.
async function loadJoin() {
  const response = await fetch("tree-stats", { cache: "no-store" });
  const join = response.ok ? (await response.json()).join : null;
  const shown = document.getElementById("join");
  if (!join) { shown.textContent = ""; return; }
  shown.className = "join-" + join.state.toLowerCase();
  shown.textContent = join.state === "REFUSED"
    ? "join refused by " + (join["refused-by"] || "?") + ", asks again at "
      + new Date(join["next-attempt"]).toLocaleTimeString()
    : join.state.toLowerCase();
}

// RFC 6690 link format: links separated by commas outside quotes and angle brackets.
function parseLinks(text) {
  const links = [];
  let current = "", quoted = false, inTarget = false;
  for (const c of text) {
    if (c === '"' && !inTarget) quoted = !quoted;
    if (c === "<" && !quoted) inTarget = true;
    if (c === ">" && !quoted) inTarget = false;
    if (c === "," && !quoted && !inTarget) { links.push(current); current = ""; } else current += c;
  }
  if (current.trim()) links.push(current);
  return links.map(link => {
    const match = link.trim().match(/^<([^>]*)>(.*)$/s);
    if (!match) return null;
    const attributes = {};
    for (const part of match[2].split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/)) {
      const p = part.trim();
      if (!p) continue;
      const eq = p.indexOf("=");
      const name = eq < 0 ? p : p.slice(0, eq);
      const value = eq < 0 ? "" : p.slice(eq + 1).replace(/^"|"$/g, "");
      attributes[name] = value;
    }
    return { target: match[1], attributes };
  }).filter(Boolean);
}

function isActuator(attributes) {
  return (attributes["if"] || "").split(" ").includes("core.a");
}

async function loadResources() {
  const response = await fetch("tree-lookup/res", { cache: "no-store" });
  if (!response.ok) {
    document.getElementById("status").textContent = "tree lookup: " + response.status + " " + await response.text();
    return;
  }
  const links = parseLinks(await response.text())
    .filter(l => l.target.startsWith("/tree/"))
    .sort((a, b) => a.target.localeCompare(b.target));
  const body = document.querySelector("#resources tbody");
  const seen = new Set();
  for (const link of links) {
    seen.add(link.target);
    if (state.resources.has(link.target)) continue;
    const row = body.insertRow();
    row.className = "resource";
    row.dataset.uri = link.target;
    cell(row, link.target);
    cell(row, Object.entries(link.attributes).map(([k, v]) => v ? k + "=" + v : k).join(" "), "attrs");
    const value = cell(row, "", "value");
    const actions = row.insertCell();
    if (isActuator(link.attributes)) {
      const button = document.createElement("button");
      button.textContent = "switch";
      button.className = "toggle";
      button.addEventListener("click", () => toggle(link.target, value));
      actions.appendChild(button);
    }
    state.resources.set(link.target, { link, value });
    if (!("obs" in link.attributes)) read(link.target, value);
  }
  document.getElementById("resource-count").textContent = state.resources.size + " in the directory";
  observe();
}

async function read(uri, value) {
  const response = await fetch(uri.slice(1), { cache: "no-store" });
  show(value, response.ok ? await response.text() : response.status + "");
}

function show(value, text) {
  if (value.textContent === text) return;
  value.textContent = text;
  value.classList.add("changed");
  setTimeout(() => value.classList.remove("changed"), 800);
}

// One stream for every observable resource: a browser opens only a few connections per server.
function observe() {
  const uris = [...state.resources.values()].filter(r => "obs" in r.link.attributes).map(r => r.link.target);
  const key = uris.join(" ");
  if (key === state.streamKey || uris.length === 0) return;
  state.streamKey = key;
  if (state.events) state.events.close();
  state.events = new EventSource(".tree/events?" + uris.map(u => "uri=" + encodeURIComponent(u)).join("&"));
  state.events.addEventListener("notification", event => {
    const n = JSON.parse(event.data);
    const resource = state.resources.get(n.uri);
    if (resource) show(resource.value, n.status < 300 ? (n.payload ?? "(binary)") : n.code + " " + (n.payload || ""));
  });
}

async function toggle(uri, value) {
  const headers = { "Content-Type": "text/plain" };
  const auth = credentials();
  if (auth) headers["Authorization"] = auth;
  const next = value.textContent.trim() === "on" ? "off" : "on";
  const response = await fetch(uri.slice(1), { method: "PUT", headers, body: next });
  document.getElementById("status").textContent =
    response.ok ? "" : "PUT " + uri + ": " + response.status + " " + await response.text();
  if (response.ok) show(value, await response.text());
}

document.getElementById("login").addEventListener("input", () => {
  const user = document.getElementById("user").value;
  document.getElementById("who").textContent = user ? "writes as kura:" + user : "anonymous: reads only";
});
document.getElementById("login").addEventListener("submit", event => event.preventDefault());

loadGateways();
loadJoin();
loadResources();
setInterval(loadGateways, 2000);
setInterval(loadJoin, 2000);
setInterval(loadResources, 15000);
