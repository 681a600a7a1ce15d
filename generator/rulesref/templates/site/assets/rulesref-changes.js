// "Compare two releases" on the Changes page (see rulesref/pages/changes.py): what differs
// between any two releases, made of the changes of every release between them, as the JSON
// API publishes them (api/releases/<slug>.json). An entry added and removed in between is
// left out; one renamed along the way is followed by the id each change names it by before.
// Each entry links to its page, whose history has every change word by word. The page offers
// the releases it links; the list of every release (api/releases/index.json) adds the rest,
// and only the files of releases that changed something are read. A classic script; from
// the file system (the offline copy) the API cannot be read, and it says so.
(() => {
  const form = document.querySelector("form[data-rr-compare]");
  if (!form) return;
  const spec = JSON.parse(form.dataset.rrCompare);
  const out = document.querySelector(".rr-compare-result");
  const [from, to] = [form.elements.from, form.elements.to];
  const GROUPS = [["added", "Added"], ["changed", "Changed"], ["moved", "Moved or renamed"], ["removed", "Removed"]];

  function el(tag, attributes = {}, ...children) {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  }

  /** The entries that differ from the state after step `first` to the state after step `last`. */
  function composed(steps) {
    const state = new Map();
    for (const [slug, changes] of steps) {
      for (const c of changes) {
        const system = c.entry.split("/")[0];
        const earlier = c.before ? `${system}/${c.before.id}` : c.entry;
        const known = state.get(earlier) ?? { added: c.change === "added", removed: false, steps: [] };
        state.delete(earlier);
        known.steps.push({ slug, change: c.change, diff: c.diff ?? [] });
        Object.assign(known, { name: c.name, kind: c.kind });
        if (c.change === "removed") {
          if (known.added) continue; // added and removed between the two: no difference
          known.removed = true;
        }
        state.set(c.entry, known);
      }
    }
    const grouped = new Map(GROUPS.map(([kind]) => [kind, []]));
    for (const [entry, s] of state) {
      const kind = s.removed ? "removed" : s.added ? "added" : s.steps.some((x) => x.change === "changed") ? "changed" : "moved";
      grouped.get(kind).push([entry, s]);
    }
    for (const items of grouped.values()) items.sort((a, b) => (a[1].name < b[1].name ? -1 : a[1].name > b[1].name ? 1 : 0));
    return grouped;
  }

  function item(entry, s, kind, titles) {
    const name = kind === "removed" ? el("span", {}, s.name) : el("a", { href: `${spec.site}${entry}/` }, s.name);
    const li = el("li", {}, name);
    const where = s.steps.filter((x) => x.change !== "added" || kind === "added").map((x) => titles.get(x.slug) ?? x.slug);
    if (where.length) li.append(` (${where.join(", ")})`);
    return li;
  }

  function read(file) {
    return fetch(`${spec.api}${file}`).then((r) => (r.ok ? r.json() : Promise.reject(new Error(`${file}: ${r.status}`))));
  }

  // every step, oldest first, from the API's list; the choices offered grow to all of them
  let listed = null;
  function steps() {
    listed ??= read("index.json").then((index) => {
      for (const select of [from, to]) {
        const chosen = select.value;
        select.replaceChildren(...index.steps.map((s) => el("option", { value: s.slug }, s.release ?? "now")));
        select.value = chosen;
      }
      return index.steps;
    });
    return listed;
  }

  async function compare() {
    if (location.protocol === "file:") {
      out.replaceChildren(el("p", {}, "Comparing releases reads the site's JSON API, which a page opened from a file cannot; each release's own page above works here."));
      return;
    }
    out.replaceChildren(el("p", {}, "Comparing…"));
    try {
      const all = await steps();
      const slugs = all.map((s) => s.slug);
      const a = slugs.indexOf(from.value);
      const b = slugs.indexOf(to.value);
      if (a < 0 || b < 0 || a >= b) {
        out.replaceChildren(el("p", {}, "Pick an earlier release first, then a later one."));
        return;
      }
      const titles = new Map(all.map((s) => [s.slug, s.release ?? "now"]));
      const wanted = all.slice(a + 1, b + 1).filter((s) => s.changes !== 0);
      const files = await Promise.all(wanted.map((s) => read(s.file)));
      const grouped = composed(wanted.map((s, i) => [s.slug, files[i].changes]));
      const parts = [el("h3", {}, `From ${titles.get(from.value)} to ${titles.get(to.value)}`)];
      for (const [kind, title] of GROUPS) {
        const items = grouped.get(kind);
        if (items.length) parts.push(el("h4", {}, `${title} (${items.length})`), el("ul", {}, ...items.map(([entry, s]) => item(entry, s, kind, titles))));
      }
      if (parts.length === 1) parts.push(el("p", {}, "No entry differs."));
      out.replaceChildren(...parts);
    } catch (error) {
      out.replaceChildren(el("p", {}, `The releases could not be read: ${error.message}`));
    }
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    compare();
  });
  if (location.protocol !== "file:") steps().catch(() => {}); // (a failure is said when comparing)
})();
