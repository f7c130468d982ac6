// The page's own script (solo-fluxx serve), run before textual.js connects
// (it connects on window.onload; this runs as the body is read).
(function () {
  "use strict";
  var terminal = document.getElementById("terminal");

  // The tab's id, kept in this tab's sessionStorage: a reload comes back with
  // the same id (its new app may wait for the old one's save slot), a second
  // tab has another (it is told at once that the game is open elsewhere).
  // textual.js adds "?width=..&height=.." to the address, so the id goes in the path.
  var id = null;
  try {
    id = window.sessionStorage.getItem("solo-fluxx-tab");
    if (!id || !/^[0-9a-f]{32}$/.test(id)) {
      var bytes = new Uint8Array(16);
      window.crypto.getRandomValues(bytes);
      id = Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
      window.sessionStorage.setItem("solo-fluxx-tab", id);
    }
  } catch (e) {
    id = null; // no storage (a private window's policy): every load is a new tab
  }
  if (id) {
    terminal.dataset.sessionWebsocketUrl = terminal.dataset.sessionWebsocketUrl + "/" + id;
  }

  document.getElementById("reload").addEventListener("click", function () { window.location.reload(); });

  // A screen too small for 80x24 (a phone held upright): say how to get there,
  // in the page (the app says it too, in the terminal, where it fits).
  var fontSize = parseInt(terminal.dataset.fontSize, 10) || 16;
  var hidden = false;
  function cell() {
    var probe = document.createElement("span");
    probe.style.cssText = "position:absolute;visibility:hidden;white-space:pre;font-family:'Roboto Mono', Monaco, " +
      "'Courier New', monospace;font-size:" + fontSize + "px;line-height:normal";
    probe.textContent = "MMMMMMMMMM";
    document.body.appendChild(probe);
    var box = probe.getBoundingClientRect();
    document.body.removeChild(probe);
    return { w: box.width / 10 || fontSize * 0.6, h: box.height || fontSize * 1.2 };
  }
  function check() {
    var c = cell();
    var cols = Math.floor(window.innerWidth / c.w), rows = Math.floor(window.innerHeight / c.h);
    var small = cols < 80 || rows < 24;
    document.body.classList.toggle("-small", small && !hidden);
    if (!small) { return; }
    var fits = Math.max(6, Math.floor(fontSize * Math.min(window.innerWidth / (80 * c.w),
                                                          window.innerHeight / (24 * c.h))));
    var turn = window.innerHeight > window.innerWidth ? "Turn the phone sideways, or zoom out" : "Zoom out";
    var text = document.getElementById("small-text");
    text.textContent = "This window holds " + cols + "\u00d7" + rows + " characters; Solo Fluxx needs 80\u00d724. " +
      turn + ", or open the page with a smaller font: ";
    var link = document.createElement("a");
    var params = new URLSearchParams(window.location.search);
    params.set("fontsize", String(fits));
    link.href = "?" + params.toString();
    link.textContent = "font size " + fits;
    text.appendChild(link);
    text.appendChild(document.createTextNode("."));
  }
  document.getElementById("small-close").addEventListener("click", function () {
    hidden = true;
    document.body.classList.remove("-small");
  });
  window.addEventListener("resize", check);
  check();
})();
