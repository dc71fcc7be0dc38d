// Keyboard-first: N (or the key in data-next-key) follows the "next" link,
// digits 1-9 tick the cards of a picker, and a timer ticks where asked.
// Everything here is a shortcut: each flow works with plain forms without it.
(function () {
  function typing(target) {
    return target && (target.tagName === "INPUT" && target.type !== "checkbox" && target.type !== "radio"
      || target.tagName === "TEXTAREA" || target.tagName === "SELECT");
  }
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    var key = event.key.toLowerCase();
    var next = document.querySelector("[data-next]");
    if (next && key === "n" && !typing(event.target)) {
      event.preventDefault();
      next.click();
      return;
    }
    if (typing(event.target)) return;
    if (key === "enter" && event.target.type === "checkbox") {
      event.preventDefault(); // ticking cards must not submit the first claim button
      return;
    }
    var picker = document.querySelector("[data-picker]");
    if (picker && /^[1-9]$/.test(key)) {
      var box = picker.querySelectorAll("input")[Number(key) - 1];
      if (box && !box.disabled) {
        event.preventDefault();
        box.checked = box.type === "radio" ? true : !box.checked;
        box.focus();
      }
      return;
    }
    var claim = document.querySelector("[data-claim-key='" + key + "']");
    if (claim) { event.preventDefault(); claim.click(); }
  });
  document.documentElement.setAttribute("data-keys", "ready"); // lets browser tests wait for the shortcuts
  var timer = document.querySelector("[data-timer-start]");
  if (timer) {
    var started = Date.now() - 1000 * Number(timer.getAttribute("data-timer-start") || 0);
    setInterval(function () {
      timer.textContent = ((Date.now() - started) / 1000).toFixed(0) + " s";
    }, 500);
  }
})();
