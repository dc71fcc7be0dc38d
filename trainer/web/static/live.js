// A live table (trainer.live): the element with data-live-key follows its table's
// stream, /live/<key>.  The stream carries only the table's version; when it moves
// past the one this page shows (data-live-version), or the server says versions may
// have been missed, or a dropped stream reconnects, the page is loaded again, so each
// seat fetches its own view.  Without JavaScript a reload does the same.
(function () {
  var element = document.querySelector("[data-live-key]");
  if (!element || !window.EventSource) return;
  var shown = Number(element.getAttribute("data-live-version"));
  var source = new EventSource("/live/" + encodeURIComponent(element.getAttribute("data-live-key")));
  var dropped = false;
  var reloading = false;
  function reload() {
    if (reloading) return;
    reloading = true;
    source.close();
    window.location.reload();
  }
  source.addEventListener("version", function (event) {
    var data = JSON.parse(event.data);
    if (data.version !== shown) reload();
  });
  source.addEventListener("resync", reload);
  // The learner's own move is on its way: its answer is the new page, so nothing reloads meanwhile.
  document.addEventListener("submit", function () { reloading = true; source.close(); });
  source.addEventListener("error", function () { dropped = true; });
  source.addEventListener("open", function () {
    document.documentElement.setAttribute("data-live", "open");
    if (dropped) reload();  // events may have been missed while it was down: catch up
  });
})();
