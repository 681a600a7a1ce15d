// "Open a roster" (see rulesref/pages/roster.py): a BattleScribe roster read in this browser,
// matched to the imported entries by the ids their `origin` records, and shown as the army page
// `rulesref roster` writes. Nothing is sent anywhere. A classic script, not a module, so that it
// runs in the offline copy opened from the file system too.
//
// Reading mirrors rulesref/formats/roster/read.py and matching rulesref/formats/roster/match.py,
// step for step and in the same order (so that sorting ties and "first met" come out the same);
// tests/site/test_roster_browser.py proves the two give the same JSON for every fixture roster.
// What the command derives from an entry (a rule's name as taken, its text as paragraphs, the
// words its text is compared by) comes derived in the data files; nothing here words a rule.
(() => {
  const root = document.querySelector("[data-rr-roster]");
  if (!root) return;
  document.body.classList.add("rr-roster-page");
  const limits = JSON.parse(root.dataset.rrLimits);
  const input = root.querySelector("input[type=file]");
  const status = root.querySelector(".rr-roster-status");
  const out = root.querySelector(".rr-army");
  const printButton = root.querySelector(".rr-roster-print");
  const offline = location.protocol === "file:";

  class RosterError extends Error {
    constructor(where, line, message) {
      super(message);
      this.where = where;
      this.line = line;
    }
  }

  // -- the data files: each system's index, then the parts a roster needs (pages/roster.py) --

  function script(src) {
    return new Promise((resolve, reject) => {
      const tag = document.createElement("script");
      tag.src = src;
      tag.onload = resolve;
      tag.onerror = () => reject(new Error("the reference's roster data could not be read"));
      document.head.append(tag);
    });
  }

  let loaded = null;
  function loadData() {
    loaded ??= Promise.all(JSON.parse(root.dataset.rrRoster).map(script)).then(() => index(globalThis.rulesrefRosters ?? {}));
    return loaded;
  }

  // the parts holding the records of these entries, and of the rules their units name, until none is missing
  async function loadParts(idx, keys) {
    let wanted = [...keys];
    const followed = new Set();
    while (wanted.length) {
      const missing = [...new Set(wanted.filter((key) => !idx.byKey.get(key).loaded).map((key) => idx.parts.get(key)))].filter((f) => !idx.read.has(f));
      await Promise.all(missing.map((f) => script(idx.files.get(f)))); // (relative to this page, as the index files)
      for (const f of missing) {
        idx.read.add(f);
        const system = f.split("/")[0];
        for (const [id, record] of Object.entries(globalThis.rulesrefRosters[f].entries)) {
          const entry = idx.byKey.get(`${system}:${id}`);
          Object.assign(entry, record, { loaded: true });
          if (record.profiles) entry.profiles = record.profiles.map((p) => idx.profile(system, p));
        }
      }
      const next = [];
      for (const key of wanted) {
        if (followed.has(key)) continue;
        followed.add(key);
        const entry = idx.byKey.get(key);
        const refs = [...(entry.rules ?? []), ...(entry.wargear ?? []), ...(entry.profiles ?? []).flatMap((p) => p.rules)];
        for (const ref of refs) {
          const named = `${entry.system}:${typeof ref === "string" ? ref : ref[0]}`;
          if (idx.byKey.has(named) && !followed.has(named)) next.push(named);
        }
      }
      wanted = next;
    }
  }

  // -- reading a file: a zip's one .ros member, inflated with a limit; then the XML -----------

  // read.py's read_roster: a roster is known by its first bytes, a zip's or XML's, whatever the file's name
  const ZIP_MAGIC = [
    [0x50, 0x4b, 0x03, 0x04],
    [0x50, 0x4b, 0x05, 0x06],
  ];
  const BLANK = new Set([0x20, 0x09, 0x0a, 0x0d, 0x0b, 0x0c]);
  const NOT_A_ROSTER = "not a roster: a roster is BattleScribe's XML (a .ros file) or a zip holding one (a .rosz file)";
  const startsWith = (bytes, mark) => mark.every((b, i) => bytes[i] === b);

  function looksLikeXml(bytes) {
    if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) return true;
    const start = bytes.subarray(0, 64);
    let at = startsWith(start, [0xef, 0xbb, 0xbf]) ? 3 : 0;
    while (at < start.length && BLANK.has(start[at])) at++;
    return at < start.length ? start[at] === 0x3c : start.length > 0; // (all blank so far: the parser says)
  }

  const u16 = (b, i) => b[i] | (b[i + 1] << 8);
  const u32 = (b, i) => (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)) >>> 0;

  async function inflate(bytes, shown, member) {
    const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("deflate-raw"));
    const reader = stream.getReader();
    const parts = [];
    let size = 0;
    for (;;) {
      let step;
      try {
        step = await reader.read();
      } catch (error) {
        throw new RosterError(shown, 1, `not a readable zip file: ${error.message}`);
      }
      if (step.done) break;
      size += step.value.length;
      // the header may lie: read no more than the limit
      if (size > limits.bytes) {
        reader.cancel();
        throw new RosterError(shown, 1, `\`${member}\` inflates to more than ${limits.bytes} bytes`);
      }
      parts.push(step.value);
    }
    const whole = new Uint8Array(size);
    let at = 0;
    for (const part of parts) {
      whole.set(part, at);
      at += part.length;
    }
    return whole;
  }

  async function unzipped(bytes, shown) {
    if (bytes.length > limits.zipBytes) throw new RosterError(shown, 1, `the zipped file is ${bytes.length} bytes; the limit is ${limits.zipBytes}`);
    let end = -1;
    for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 65557); i--) {
      if (u32(bytes, i) === 0x06054b50) {
        end = i;
        break;
      }
    }
    if (end < 0) throw new RosterError(shown, 1, "not a readable zip file: File is not a zip file");
    const count = u16(bytes, end + 10);
    let at = u32(bytes, end + 16);
    const members = [];
    for (let n = 0; n < count; n++) {
      if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) throw new RosterError(shown, 1, "not a readable zip file: Bad magic number for central directory");
      const nameLength = u16(bytes, at + 28);
      const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
      members.push({ name, method: u16(bytes, at + 10), packed: u32(bytes, at + 20), size: u32(bytes, at + 24), local: u32(bytes, at + 42) });
      at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
    }
    const wanted = members.filter((m) => !m.name.endsWith("/") && m.name.toLowerCase().endsWith(".ros"));
    if (wanted.length !== 1) throw new RosterError(shown, 1, `a .rosz file holds exactly one .ros file; this one holds ${wanted.length}`);
    const member = wanted[0];
    if (member.size > limits.bytes) throw new RosterError(shown, 1, `\`${member.name}\` inflates to ${member.size} bytes; the limit is ${limits.bytes}`);
    const local = member.local;
    if (local + 30 > bytes.length || u32(bytes, local) !== 0x04034b50) throw new RosterError(shown, 1, "not a readable zip file: Bad magic number for file header");
    const start = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28);
    const packed = bytes.subarray(start, start + member.packed);
    const base = member.name.split("/").pop();
    if (member.method === 0) return [packed, base];
    if (member.method !== 8) throw new RosterError(shown, 1, `not a readable zip file: That compression method is not supported`);
    return [await inflate(packed, shown, member.name), base];
  }

  function decoded(bytes) {
    if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
    if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
    return new TextDecoder().decode(bytes);
  }

  const lineAt = (text, index) => text.slice(0, index).split("\n").length;

  // markup that is no start tag (comments, CDATA, processing instructions, declarations, end tags), or a start tag's `<`
  const MARKUP = /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<![^>]*>|<\/[^>]*>|<(?=[^!?/])/g;

  /** The line an element starts on, as the command's parser numbers it: the line of its document's nth start tag. */
  function lineOf(text, node) {
    const wanted = [...node.ownerDocument.getElementsByTagName("*")].indexOf(node);
    let seen = -1;
    for (const found of text.matchAll(MARKUP)) if (found[0] === "<" && ++seen === wanted) return lineAt(text, found.index);
    return 1;
  }

  // as the importer's parser (defusedxml): no document type, no entities, nothing fetched
  const REFUSED = [
    [/<!DOCTYPE/, "a document type declaration"],
    [/<!ENTITY/, "an entity declaration"],
  ];

  function parsed(text, shown) {
    if (text.length > limits.bytes) throw new RosterError(shown, 1, `the file is ${text.length} bytes; the limit is ${limits.bytes}`);
    for (const [pattern, what] of REFUSED) {
      const found = pattern.exec(text);
      if (found) throw new RosterError(shown, lineAt(text, found.index), `refused: the XML holds ${what}, which BattleScribe data never needs`);
    }
    const doc = new DOMParser().parseFromString(text, "application/xml");
    const error = doc.querySelector("parsererror");
    if (error) {
      const line = /line (\d+)/.exec(error.textContent);
      throw new RosterError(shown, line ? Number(line[1]) : 1, `malformed XML: ${error.textContent.split("\n").find((l) => l.trim()) ?? "not well-formed"}`);
    }
    const top = doc.documentElement;
    const stack = [[top, 1]];
    while (stack.length) {
      const [node, depth] = stack.pop();
      if (depth > limits.depth) throw new RosterError(shown, 1, `refused: elements nest more than ${limits.depth} deep`);
      for (const child of node.children) stack.push([child, depth + 1]);
    }
    if (top.localName !== "roster") throw new RosterError(shown, 1, `not a BattleScribe roster: the root element is <${top.localName}>, not <roster>`);
    return top;
  }

  // -- the roster as plain values (read.py) ----------------------------------------------------

  const kids = (node, tag) => [...node.children].filter((c) => c.localName === tag);
  const under = (node, wrapper, tag) => kids(node, wrapper).flatMap((h) => kids(h, tag));
  const attr = (node, name, otherwise = "") => node.getAttribute(name) ?? otherwise;
  /** ElementTree's `.text`: the text before the first child element. */
  function ownText(node) {
    let text = "";
    for (const child of node.childNodes) {
      if (child.nodeType === Node.ELEMENT_NODE) break;
      if (child.nodeType === Node.TEXT_NODE || child.nodeType === Node.CDATA_SECTION_NODE) text += child.data;
    }
    return text;
  }

  // numbers as formats/battlescribe/numbers.py reads them: ASCII digits of a bounded length
  const WHOLE = /^[0-9]{1,12}$/;
  const DECIMAL = /^-?[0-9]{1,12}(?:\.[0-9]{1,15})?$/;

  /** A number the roster writes where it has none: refused at its element's line (`open` finds it). */
  class NotANumber extends Error {
    constructor(node, name, text, signed) {
      const chars = [...text];
      const shown = chars.length <= 24 ? text : `${chars.slice(0, 24).join("")}… (${chars.length} characters)`;
      super(`\`${name}\` is ${JSON.stringify(shown)}, which is not a number of at most 12 ASCII digits${signed ? " (with a minus or a fraction)" : ""}`);
      this.node = node;
    }
  }

  /** An attribute's number (`signed`: with a minus or a fraction, as costs are written); null when absent or empty. */
  function number(node, name, signed = false) {
    const text = node.getAttribute(name);
    if (!text) return null;
    if (!(signed ? DECIMAL : WHOLE).test(text)) throw new NotANumber(node, name, text, signed);
    return Number(text);
  }

  function costsOf(node) {
    const costs = [];
    for (const cost of under(node, "costs", "cost")) {
      const value = number(cost, "value", true);
      if (value !== null) costs.push([attr(cost, "name").trim() || "pts", value]);
    }
    if (!costs.length) {
      const value = number(node, "points", true);
      if (value !== null) costs.push(["pts", value]);
    }
    return costs;
  }

  function ruleOf(node) {
    const description = kids(node, "description")[0];
    return { id: attr(node, "id"), name: attr(node, "name").trim(), text: (description ? ownText(description) : "").trim(), hidden: node.getAttribute("hidden") === "true" };
  }

  function profileOf(node) {
    const values = under(node, "characteristics", "characteristic").map((c) => [attr(c, "name").trim(), (c.getAttribute("value") ?? ownText(c)).trim()]);
    const kind = node.getAttribute("typeName") || node.getAttribute("profileTypeName") || node.getAttribute("type") || "";
    return { id: attr(node, "id"), name: attr(node, "name").trim(), type: kind.trim(), values, hidden: node.getAttribute("hidden") === "true" };
  }

  function selectionOf(node) {
    const count = number(node, "number") ?? 1;
    return {
      name: node.getAttribute("customName") || attr(node, "name").trim(),
      entryId: attr(node, "entryId"),
      type: attr(node, "type", "upgrade"),
      number: count,
      costs: costsOf(node),
      rules: under(node, "rules", "rule").map(ruleOf),
      profiles: under(node, "profiles", "profile").map(profileOf),
      selections: under(node, "selections", "selection").map(selectionOf),
      line: 0,
    };
  }

  const walk = (selection) => [selection, ...selection.selections.flatMap(walk)];

  function* forcesOf(node) {
    for (const force of under(node, "forces", "force")) {
      yield force;
      yield* forcesOf(force);
    }
  }

  function rosterOf(top, fileName) {
    // in read.py's order (the revision, the roster's costs, the forces), so that the same bad number is refused first
    const revision = number(top, "gameSystemRevision");
    const costs = costsOf(top);
    const forces = [...forcesOf(top)].map((force) => {
      const tops = under(force, "selections", "selection");
      for (const category of under(force, "categories", "category")) tops.push(...under(category, "selections", "selection"));
      return { selections: tops.map(selectionOf) };
    });
    const stem = fileName.lastIndexOf(".") > 0 ? fileName.slice(0, fileName.lastIndexOf(".")) : fileName;
    return {
      name: attr(top, "name").trim() || stem,
      gameSystem: attr(top, "gameSystemName").trim(),
      revision,
      battlescribeVersion: attr(top, "battleScribeVersion"),
      generatedBy: top.getAttribute("generatedBy"),
      costs,
      forces,
    };
  }

  // -- matching (match.py) ---------------------------------------------------------------------

  const UNIT_TYPES = new Set(["unit", "model"]);
  const UNIT_KINDS = new Set(["unit"]);
  const RULE_KINDS = new Set(["rule", "term"]);
  /** str.casefold, as near as JavaScript comes. */
  const fold = (text) => text.toUpperCase().toLowerCase();
  const byText = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
  const LINK = /\[\[([^\[\]\n]*)\]\]/g;
  /** links.plain_text: every link as the words it shows. */
  const plainText = (text) =>
    text.replace(LINK, (_, inner) => {
      const bar = inner.indexOf("|");
      return (bar >= 0 ? inner.slice(bar + 1).trim() : "") || inner.split(":").pop().trim();
    });
  /** match.compared: a rule's words, spaced singly, in any case. */
  /** cyrb53 over UTF-16 code units (roster.text_digest computes the same of an entry's words). */
  function digest(text) {
    let h1 = 0xdeadbeef;
    let h2 = 0x41c6ce57;
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      h1 = Math.imul(h1 ^ code, 2654435761);
      h2 = Math.imul(h2 ^ code, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
    h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return 4294967296 * (2097151 & h2) + (h1 >>> 0);
  }
  const compared = (text) => fold(plainText(text).replaceAll("**", "").replaceAll("*", "").split(/\s+/).filter(Boolean).join(" "));

  function index(rosters) {
    const byElement = new Map();
    const byKey = new Map();
    const revisions = new Map();
    const typeNames = new Map();
    const parts = new Map();
    const files = new Map();
    const columns = new Map();
    const armies = [];
    const systems = Object.keys(rosters).filter((key) => !key.includes("/")).sort(byText);
    for (const system of systems) {
      const data = rosters[system];
      revisions.set(system, data.revision);
      columns.set(system, data.columns);
      for (const [id, name] of Object.entries(data.types)) typeNames.set(`${system}:${id}`, name);
      // each entry known by its kind until its part is read (`loadParts`); elements name entries by number
      const numbered = data.entries.map(([id, kind, part]) => {
        const entry = { aliases: [], forms: [], kind, system, id, key: `${system}:${id}`, loaded: false };
        byKey.set(entry.key, entry);
        parts.set(entry.key, `${system}/${data.parts[part][0]}`);
        return entry;
      });
      for (const [part, file] of data.parts) files.set(`${system}/${part}`, file);
      // a played system's armies, each whole the opponent a roster's matrix may take (rulesref-matrix.js)
      for (const [id, name, numbers] of data.armies ?? []) armies.push({ system, id, name, keys: numbers.map((n) => numbered[n].key) });
      for (const [element, numbers] of Object.entries(data.elements)) {
        const list = byElement.get(element) ?? [];
        list.push(...numbers.map((n) => numbered[n]));
        byElement.set(element, list);
      }
    }
    // [type, name, columns, values, rules] -> the profile (pages/roster.py)
    const profile = (system, [type, name, at, values, rules]) => ({ type, name, values: columns.get(system)[at].map((c, i) => [c, values[i]]), rules });
    return { byElement, byKey, revisions, typeNames, parts, files, profile, armies, read: new Set() };
  }

  /** The keys of the entries the matcher will look up for a roster (as `match` finds them:
   * each unit's, each rule's), whose parts must be read first. */
  function named(roster, idx, system) {
    const keys = new Set();
    const add = (entry) => entry !== null && keys.add(entry.key);
    for (const force of roster.forces) {
      for (const top of force.selections) {
        for (const piece of pieces(top, idx, system)) add(piece.entry);
        for (const selection of walk(top)) for (const rule of selection.rules) if (rule.id.trim()) add(find(idx, rule.id, RULE_KINDS, system));
      }
    }
    return keys;
  }

  /** match._Matcher.pieces: the units a selection at the top of a force holds, itself first if
   * it is one (else it first, as a selection for the whole army), each with its own selections. */
  function pieces(top, idx, system) {
    const found = [];
    function visit(selection, above, owner) {
      const parts = selection.entryId.split("::").map((p) => p.trim());
      const chain = parts.filter((p) => !above.has(p)).join("::");
      const entry = find(idx, chain, UNIT_KINDS, system);
      const unit = owner === null || !owner.unit ? UNIT_TYPES.has(selection.type) || entry !== null : selection.type === "unit" || (entry !== null && entry !== owner.entry);
      if (owner === null || unit) {
        owner = { head: selection, entry, chain, unit, nested: owner !== null, own: [selection] };
        found.push(owner);
      } else {
        owner.own.push(selection);
      }
      for (const child of selection.selections) visit(child, new Set([...above, ...parts]), owner);
    }
    visit(top, new Set(), null);
    return found;
  }

  function find(idx, chain, kinds, system) {
    for (const part of chain.split("::").reverse()) {
      for (const entry of idx.byElement.get(part.trim()) ?? []) {
        if (kinds.has(entry.kind) && (system === null || entry.system === system)) return entry;
      }
    }
    return null;
  }

  function systemOf(roster, idx) {
    const votes = new Map();
    for (const force of roster.forces) {
      for (const selection of force.selections.flatMap(walk)) {
        for (const part of selection.entryId.split("::")) {
          for (const system of new Set((idx.byElement.get(part) ?? []).map((e) => e.system))) votes.set(system, (votes.get(system) ?? 0) + 1);
        }
      }
    }
    let best = null;
    for (const [system, count] of votes) if (best === null || count > votes.get(best) || (count === votes.get(best) && system < best)) best = system;
    return best;
  }

  function sumCosts(selections) {
    const costs = new Map();
    for (const selection of selections) for (const [name, value] of selection.costs) costs.set(name, (costs.get(name) ?? 0) + value);
    return costs;
  }

  function match(roster, idx, system) {
    const unmatched = [];
    const differences = new Map();
    const revision = system !== null ? idx.revisions.get(system) ?? null : null;
    const theirs = roster.revision;
    const changed = revision !== null && theirs !== null && theirs !== revision ? (theirs < revision ? "an older data revision" : "a newer data revision") : null;
    const use = (entry, shown) => ({ entry, shown });
    // match._Matcher.missing: why a selection or rule is not matched
    function missing(name, entryId, kinds, { chain = null, hidden = false, imported = true } = {}) {
      let reason = "not in this content";
      if (hidden) reason = "hidden";
      else if (find(idx, chain ?? entryId, kinds, null) !== null) reason = "in another system of this content";
      else if (imported && changed !== null) reason = changed;
      unmatched.push({ name, entryId, reason });
    }

    function rule(r, linked) {
      if (!r.id.trim()) {
        const found = linked?.get(fold(r.name)) ?? null;
        if (found === null) unmatched.push({ name: r.name, entryId: "", reason: r.hidden ? "hidden" : "no id in the roster" });
        return found;
      }
      const entry = find(idx, r.id, RULE_KINDS, system);
      if (entry === null) {
        missing(r.name, r.id, RULE_KINDS, { hidden: r.hidden });
        return null;
      }
      if (r.text && entry.digest !== undefined && digest(compared(r.text)) !== entry.digest && !differences.has(entry.key)) {
        const message = changed === "an older data revision" ? "the roster was made with an older revision of this rule" : "the roster's text of this rule is not the content's";
        differences.set(entry.key, { entry, name: r.name, message });
      }
      return use(entry, r.name.includes("(") && entry.name.includes("(") ? r.name : entry.name);
    }

    // each reference is an id, or [id, name as taken] (pages/roster.py)
    const refs = (written, owner) =>
      written.flatMap((ref) => {
        const [id, shown] = typeof ref === "string" ? [ref, null] : ref;
        const entry = idx.byKey.get(`${owner}:${id}`);
        return entry ? [use(entry, shown ?? entry.name)] : [];
      });

    function rulesUnder(selections, uses, linked = null) {
      for (const selection of selections) {
        for (const r of selection.rules) {
          const found = rule(r, linked);
          if (found !== null && !uses.has(found.entry.key)) uses.set(found.entry.key, found);
        }
      }
    }

    const byShown = (uses) => [...uses.values()].sort((a, b) => byText(fold(a.shown), fold(b.shown)));

    function profiles(entry, taken) {
      const shown = [];
      const seen = new Set();
      const rows = new Map(entry ? entry.profiles.map((p) => [fold(p.name), p]) : []);
      for (const profile of taken) {
        const key = JSON.stringify([fold(profile.type), fold(profile.name)]);
        if (profile.hidden || seen.has(key)) continue;
        seen.add(key);
        const row = rows.get(fold(profile.name));
        if (row) shown.push({ type: idx.typeNames.get(`${entry.system}:${row.type}`) ?? row.type, name: row.name, values: row.values, source: "content" });
        else shown.push({ type: profile.type, name: profile.name, values: profile.values, source: "roster" });
      }
      return shown;
    }

    function unit({ head: top, entry, chain, nested, own: inside }) {
      if (entry === null) missing(top.name, top.entryId, UNIT_KINDS, { chain, imported: !nested });
      const models = inside.slice(1).reduce((n, s) => n + (s.type === "model" ? s.number : 0), 0);
      const made = { name: top.name, entry, count: models || top.number, costs: sumCosts(inside), rules: [], profiles: [], selections: [] };
      const uses = new Map();
      const linked = new Map();
      if (entry !== null) {
        const own = refs(entry.rules, entry.system);
        const rows = refs([...entry.profiles.flatMap((p) => p.rules), ...entry.wargear], entry.system);
        for (const u of [...own, ...rows]) for (const name of [u.shown, u.entry.name, ...u.entry.aliases]) if (!linked.has(fold(name))) linked.set(fold(name), u);
        for (const u of own) if (!uses.has(u.entry.key)) uses.set(u.entry.key, u);
      }
      rulesUnder(inside, uses, linked);
      made.profiles = profiles(entry, inside.flatMap((s) => s.profiles));
      if (entry !== null) {
        const taken = new Set(made.profiles.map((p) => fold(p.name)));
        for (const profile of entry.profiles) {
          if (taken.has(fold(profile.name))) for (const u of refs(profile.rules, entry.system)) if (!uses.has(u.entry.key)) uses.set(u.entry.key, u);
        }
      }
      made.rules = byShown(uses);
      const counts = new Map();
      for (const s of inside.slice(1)) if (s.type !== "model") counts.set(s.name, (counts.get(s.name) ?? 0) + s.number);
      made.selections = [...counts].sort((a, b) => byText(a[0], b[0]) || a[1] - b[1]);
      return made;
    }

    function option({ head: top, own: inside }) {
      const uses = new Map();
      rulesUnder(inside, uses);
      return { name: top.name, entry: null, count: top.number, costs: sumCosts(inside), rules: byShown(uses), profiles: [], selections: inside.slice(1).map((s) => [s.name, 1]) };
    }

    const units = [];
    const options = [];
    for (const force of roster.forces) {
      for (const top of force.selections) {
        for (const piece of pieces(top, idx, system)) {
          if (piece.unit) units.push(unit(piece));
          else options.push(option(piece));
        }
      }
    }
    const everything = new Map();
    for (const made of [...units, ...options]) for (const u of made.rules) if (!everything.has(u.entry.key)) everything.set(u.entry.key, u);
    const rules = [...everything.values()].sort((a, b) => byText(fold(a.shown), fold(b.shown)) || byText(a.entry.key, b.entry.key));
    const once = new Map();
    for (const u of unmatched) {
      const key = JSON.stringify([u.name, u.entryId, u.reason]);
      if (!once.has(key)) once.set(key, u);
    }
    return { roster, system, units, options, rules, unmatched: [...once.values()], differences: [...differences.values()] };
  }

  // -- the army as the command's JSON (write.as_json) -------------------------------------------

  const ref = (entry) => `${entry.system}/${entry.id}`;
  const costsJson = (costs) => Object.fromEntries(costs instanceof Map ? costs : costs);
  const unitJson = (u) => ({
    name: u.name,
    entry: u.entry ? ref(u.entry) : null,
    count: u.count,
    costs: costsJson(u.costs),
    rules: u.rules.map((r) => ref(r.entry)),
    profiles: u.profiles.map((p) => ({ type: p.type, name: p.name, values: Object.fromEntries(p.values), source: p.source })),
    selections: u.selections.map(([name, n]) => ({ name, number: n })),
  });

  function armyJson(army) {
    const r = army.roster;
    return {
      roster: { name: r.name, game_system: r.gameSystem, battlescribe_version: r.battlescribeVersion, generated_by: r.generatedBy, costs: costsJson(r.costs) },
      system: army.system,
      units: army.units.map(unitJson),
      options: army.options.map(unitJson),
      rules: army.rules.map((u) => ref(u.entry)),
      unmatched: army.unmatched.map((u) => ({ name: u.name, entry_id: u.entryId, reason: u.reason })),
      differences: army.differences.map((d) => ({ rule: ref(d.entry), name: d.name, message: d.message })),
    };
  }

  // -- the army page (templates/roster/army.html.jinja, inside the site's page) ---------------

  function el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  }
  /** HTML the site made (escaped paragraphs, "Try it" placeholders), placed as it is. */
  function made(html) {
    const holder = document.createElement("template");
    holder.innerHTML = html;
    return holder.content;
  }
  const points = (costs) => [...(costs instanceof Map ? costs : costs)].map(([name, value]) => `${value} ${name}`).join(", ");
  const took = (u) => u.selections.map(([name, n]) => name + (n > 1 ? ` x${n}` : "")).join(", ");
  const page = (url) => (offline && url.endsWith("/") ? `${url}index.html` : url);

  function card(u) {
    const columns = [];
    for (const p of u.profiles) for (const [name] of p.values) if (!columns.includes(name)) columns.push(name);
    const byType = new Map();
    for (const p of u.profiles) byType.set(p.type, [...(byType.get(p.type) ?? []), p]);
    const cost = points(u.costs);
    const heading = el("header", {}, el("h3", {}, u.name + (u.count > 1 ? ` (${u.count})` : "")));
    if (cost) heading.append(el("span", { class: "points" }, cost));
    const article = el("article", { class: "unit" }, heading);
    if (!u.entry) article.append(el("p", { class: "unmatched" }, "Not in this reference: shown as the roster has it."));
    for (const [type, rows] of byType) {
      const heads = columns.filter((name) => rows.some((p) => p.values.some(([c]) => c === name)));
      const cell = (p, head) => Object.fromEntries(p.values)[head] ?? "";
      const table = el(
        "table",
        {},
        el("thead", {}, el("tr", {}, el("th", {}, type), ...heads.map((h) => el("th", {}, h)))),
        el("tbody", {}, ...rows.map((p) => el("tr", {}, el("td", {}, p.name), ...heads.map((h) => el("td", {}, cell(p, h)))))),
      );
      article.append(el("div", { class: "scroll", role: "region", "aria-label": `${type} of ${u.name}`, tabindex: "0" }, table));
    }
    if (u.rules.length) article.append(el("ul", { class: "rules" }, ...u.rules.map((r) => el("li", {}, el("a", { href: `#${r.entry.anchor}` }, el("strong", {}, r.shown)), `: ${r.entry.summary}`))));
    if (u.selections.length) article.append(el("p", { class: "took" }, `Took: ${took(u)}`));
    return article;
  }

  function show(army) {
    const r = army.roster;
    const cost = points(r.costs);
    const parts = [el("h2", {}, r.name), el("p", { class: "meta" }, r.gameSystem + (cost ? ` · ${cost}` : ""))];
    if (army.options.length) parts.push(el("p", { class: "meta" }, army.options.map((o) => o.name + (o.selections.length ? `: ${o.selections.map(([n]) => n).join(", ")}` : "")).join(" · ")));
    parts.push(el("section", { class: "units" }, ...army.units.map(card)));
    parts.push(el("h2", {}, "Rules"));
    const book = el("section", { class: "rulebook" });
    for (const u of army.rules) {
      const rule = el("div", { class: "rule", id: u.entry.anchor }, el("h3", {}, el("a", { href: page(u.entry.url) }, u.shown)));
      for (const paragraph of u.entry.paragraphs) rule.append(el("p", {}, made(paragraph)));
      for (const form of u.entry.forms) rule.append(made(form));
      book.append(rule);
    }
    parts.push(book);
    if (army.differences.length) parts.push(el("h2", {}, "Rule texts that differ"), el("ul", {}, ...army.differences.map((d) => el("li", {}, `${d.name}: ${d.message}`))));
    if (army.unmatched.length) parts.push(el("h2", {}, "Not matched"), el("ul", { class: "unmatched" }, ...army.unmatched.map((u) => el("li", {}, `${u.name} (${u.entryId}): ${u.reason}`))));
    const json = new Blob([JSON.stringify(armyJson(army), null, 2) + "\n"], { type: "application/json" });
    parts.push(el("p", { class: "rr-roster-json" }, el("a", { href: URL.createObjectURL(json), download: `${r.name}.json` }, "Download this army as JSON")));
    out.replaceChildren(...parts);
    // the "Try it" forms of the rules' checks (assets/rulesref-try.js builds the new ones)
    dispatchEvent(new Event("rr-try"));
  }

  function said(army) {
    const matched = army.units.filter((u) => u.entry).length;
    const shown = army.unmatched.filter((u) => u.reason !== "hidden").length;
    return `${army.units.length} units (${matched} matched), ${army.rules.length} rules` + (shown ? `; ${shown} not matched, listed at the end.` : ".");
  }

  /** A roster file read and matched: the army (a RosterError says where it could not be read). */
  async function armyOf(file) {
    let bytes = new Uint8Array(await file.arrayBuffer());
    let shown = file.name;
    const zipped = ZIP_MAGIC.some((mark) => startsWith(bytes, mark)); // (known by what it holds, whatever its name)
    if (!zipped && !looksLikeXml(bytes)) throw new RosterError(shown, 1, NOT_A_ROSTER);
    if (zipped) {
      const [inner, name] = await unzipped(bytes, shown);
      bytes = inner;
      shown = `${shown}!${name}`;
    } else if (bytes.length > limits.bytes) {
      throw new RosterError(shown, 1, `the file is ${bytes.length} bytes; the limit is ${limits.bytes}`);
    }
    const text = decoded(bytes);
    const top = parsed(text, shown);
    const idx = await loadData();
    let roster;
    try {
      roster = rosterOf(top, file.name);
    } catch (error) {
      throw error instanceof NotANumber ? new RosterError(shown, lineOf(text, error.node), error.message) : error;
    }
    const system = systemOf(roster, idx); // (the content system most of the roster's ids are from)
    await loadParts(idx, named(roster, idx, system));
    return match(roster, idx, system);
  }

  /** An army of the reference whole, as the units of a roster (`rulesref versus --against-army`). */
  async function wholeArmy(army) {
    const idx = await loadData();
    await loadParts(idx, army.keys);
    return { units: army.keys.map((key) => ({ name: idx.byKey.get(key).name, entry: idx.byKey.get(key), profiles: [] })) };
  }

  const problem = (error) => (error instanceof RosterError ? `${error.where}, line ${error.line}: ${error.message}` : `The roster could not be read: ${error.message}`);

  async function open(file) {
    status.classList.remove("rr-try-error");
    status.textContent = `Reading ${file.name}…`;
    try {
      const army = await armyOf(file);
      show(army);
      status.textContent = said(army);
      printButton.hidden = false;
      // the matrix against an opponent's roster (assets/rulesref-matrix.js) reads the next one the same way
      const { armies } = await loadData();
      dispatchEvent(new CustomEvent("rr-army", { detail: { army, read: armyOf, armies, wholeArmy, problem } }));
    } catch (error) {
      out.replaceChildren();
      printButton.hidden = true;
      status.classList.add("rr-try-error");
      status.textContent = problem(error);
      dispatchEvent(new CustomEvent("rr-army", { detail: { army: null } }));
    }
  }

  input.addEventListener("change", () => input.files[0] && open(input.files[0]));
  const drop = root.querySelector(".rr-roster-drop");
  drop.addEventListener("dragover", (event) => {
    event.preventDefault();
    drop.classList.add("rr-roster-over");
  });
  drop.addEventListener("dragleave", () => drop.classList.remove("rr-roster-over"));
  drop.addEventListener("drop", (event) => {
    event.preventDefault();
    drop.classList.remove("rr-roster-over");
    const file = event.dataTransfer.files[0];
    if (file) open(file);
  });
  printButton.addEventListener("click", () => print());
  // the data is read while the player finds the roster (a failure is told when one is opened)
  loadData().catch(() => {});
})();
