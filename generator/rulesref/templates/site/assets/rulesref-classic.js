// The offline copy's module loader. Browsers run no ES modules from file://, so the copy
// carries a classic twin of each module (<name>.classic.js, see rulesref.render.classic), which
// registers its exports under the module's URL; rulesrefImport(url) loads one as import() would,
// the modules the checks share first, in order (the twins of check modules read them when they run),
// and the modules of the steps a composed check calls before its twin runs.
(() => {
  const loading = new Map();
  const RUNTIME = "/_runtime.js";
  const POOLS = "/_pools.js";
  const VERSUS = "/_versus.js"; // (the Versus forms' adding up of several weapons: it needs nothing first)
  function script(href) {
    return new Promise((resolve, reject) => {
      const tag = document.createElement("script");
      tag.src = href.slice(0, -".js".length) + ".classic.js";
      tag.onload = () => {
        // a composed check's twin waits for the modules of the steps it calls: load them, then run it
        const waiting = globalThis.rulesrefWaiting?.[href];
        const done = () => (globalThis.rulesrefModules?.[href] ? resolve(globalThis.rulesrefModules[href]) : reject(new Error(`${href} did not load`)));
        if (!waiting || globalThis.rulesrefModules?.[href]) return done();
        Promise.all(waiting[0].map((need) => globalThis.rulesrefImport(need))).then(() => (waiting[1](), done()), reject);
      };
      tag.onerror = () => reject(new Error(`${href} could not be read`));
      document.head.append(tag);
    });
  }
  globalThis.rulesrefImport = (href) => {
    if (!loading.has(href)) {
      // the pools sit beside the runtime, at the package's top; a check module one folder down
      const shared = href.endsWith(RUNTIME) || href.endsWith(VERSUS) ? null : href.endsWith(POOLS) ? "." + RUNTIME : ".." + POOLS;
      const first = shared ? globalThis.rulesrefImport(new URL(shared, href).href) : Promise.resolve();
      loading.set(href, first.then(() => script(href)));
    }
    return loading.get(href);
  };
})();
