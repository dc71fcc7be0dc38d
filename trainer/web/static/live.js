// A live table (trainer.live): the element with data-live-key follows its table's
// stream, /live/<key>.  The stream carries only the table's version; when it moves
// past the one this page shows (data-live-version), or the server says versions may
// have been missed, or a dropped stream reconnects, the page is loaded again, so each
// seat fetches its own view.  Without JavaScript a reload does the same.
//
// A table of people may have a clock (data-clock-in: seconds until the people it waits
// on have had their time): then the page asks the server to let it act (a bot plays
// for whoever is away, a muggins window closes); the move comes back on the stream.
//
// A person half-way through a choice (cards ticked for the crib or muggins, a count
// being typed) is not interrupted: the reload waits until nothing is ticked and the
// count box is left, or their own move sends the page on anyway.
(function () {
  var element = document.querySelector("[data-live-key]");
  if (!element || !window.EventSource) return;
  var shown = Number(element.getAttribute("data-live-version"));
  var source = new EventSource("/live/" + encodeURIComponent(element.getAttribute("data-live-key")));
  var dropped = false;
  var reloading = false;
  var waiting = false;
  function busy() {
    var focused = document.activeElement;
    return !!document.querySelector("form input[type=checkbox]:checked")
      || !!(focused && focused.tagName === "INPUT" && focused.type === "text" && !focused.readOnly);
  }
  function reload() {
    if (reloading) return;
    if (busy()) {
      waiting = true;
      document.documentElement.setAttribute("data-live", "waiting");
      return;
    }
    reloading = true;
    source.close();
    window.location.reload();
  }
  function settled() {
    if (waiting && !reloading) setTimeout(function () { if (!busy()) reload(); }, 0);
  }
  source.addEventListener("version", function (event) {
    var data = JSON.parse(event.data);
    if (data.version !== shown) reload();
  });
  source.addEventListener("resync", reload);
  // The learner's own move is on its way: its answer is the new page, so nothing reloads meanwhile.
  document.addEventListener("submit", function () { reloading = true; source.close(); });
  document.addEventListener("change", settled);
  document.addEventListener("focusout", settled);
  // A stream the server refused (too many open, the server busy) or that failed for good is
  // not retried by the browser: the page reloads instead, after a wait that doubles each time
  // (kept for the tab, up to five minutes, a random part so pages refused together spread out),
  // so a refused page never hammers the server and still catches up.
  function backOff() {
    var wait = 10;
    try {
      wait = Math.min(300, 2 * Number(window.sessionStorage.getItem("live-wait") || 5));
      window.sessionStorage.setItem("live-wait", String(wait));
    } catch (error) { /* no storage (a private window): the shortest wait each time */ }
    setTimeout(reload, (wait / 2 + Math.random() * wait / 2) * 1000);
  }
  source.addEventListener("error", function () {
    dropped = true;
    if (source.readyState === EventSource.CLOSED) backOff();  // else the browser reconnects by itself
  });
  var clockIn = element.getAttribute("data-clock-in");
  var token = document.querySelector("input[name=csrf_token]");
  if (clockIn !== null && token && window.fetch) {
    setTimeout(function () {
      var body = new FormData();
      body.append("csrf_token", token.value);
      fetch(element.getAttribute("data-clock-url"), {method: "POST", body: body, credentials: "same-origin"})
        .then(function (response) { if (response.status === 200) reload(); });
    }, (Number(clockIn) + 1) * 1000);
  }
  source.addEventListener("open", function () {
    try { window.sessionStorage.removeItem("live-wait"); } catch (error) { /* no storage: nothing kept */ }
    if (!waiting) document.documentElement.setAttribute("data-live", "open");
    if (dropped) reload();  // events may have been missed while it was down: catch up
  });
})();
