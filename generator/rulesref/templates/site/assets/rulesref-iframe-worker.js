/* Search in the offline copy of the reference, opened from the file system. Browsers refuse
   `new Worker(url)` on a page opened from file:// (its origin is opaque), and the theme's
   search runs in a worker. So, on file:// only, Worker becomes a stand-in that runs the
   worker's script in a hidden frame of the page's own origin and passes messages between
   them as structured clones, as a real worker would. The offline build lists this file as
   the theme's polyfill (its name says it is an iframe worker, so no copy of one is fetched
   from another site); on http(s) it does nothing. */
(function () {
  "use strict";
  if (window.location.protocol !== "file:") return;

  class FrameWorker extends EventTarget {
    constructor(url) {
      super();
      this.onmessage = null;
      this.onerror = null;
      this.waiting = [];
      this.loaded = false;
      this.frame = document.createElement("iframe");
      this.frame.hidden = true;
      this.frame.tabIndex = -1;
      this.frame.setAttribute("aria-hidden", "true");
      (document.body || document.documentElement).appendChild(this.frame);
      const scope = this.frame.contentWindow;
      const worker = this;
      scope.postMessage = function (data) {
        const copy = window.structuredClone(data);
        window.setTimeout(function () { worker.deliver(copy); }, 0);
      };
      scope.importScripts = function () {
        throw new Error("importScripts is not available to a worker run from the file system");
      };
      const script = scope.document.createElement("script");
      script.src = new URL(url, window.location.href).href;
      script.onload = function () {
        worker.loaded = true;
        worker.waiting.splice(0).forEach(function (data) { worker.send(data); });
      };
      script.onerror = function () {
        const event = new Event("error");
        if (worker.onerror) worker.onerror(event);
        worker.dispatchEvent(event);
      };
      scope.document.head.appendChild(script);
    }

    postMessage(data) {
      if (this.loaded) this.send(data);
      else this.waiting.push(data);
    }

    send(data) {
      const scope = this.frame.contentWindow;
      if (!scope) return;
      const event = new scope.MessageEvent("message", { data: scope.structuredClone(data) });
      window.setTimeout(function () { scope.dispatchEvent(event); }, 0);
    }

    deliver(data) {
      const event = new MessageEvent("message", { data: data });
      if (this.onmessage) this.onmessage(event);
      this.dispatchEvent(event);
    }

    terminate() {
      this.frame.remove();
    }
  }

  window.Worker = FrameWorker;
})();
