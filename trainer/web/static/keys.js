// Keyboard-first: N follows the "next" link or button ([data-next]), digits 1-9
// tick the cards of a picker (or pick a card to play, [data-card-buttons]),
// Enter on a ticked card sends a one-button form, a letter presses the button
// with that data-claim-key, H opens the coach's hint ([data-hint]), C, B, F, V, S and T at a game's
// table say its count, crib, starter, cards, scores and turn ([data-table-keys]), and a timer ticks where asked.
// Everything here is a shortcut: each flow works with plain forms without it.
(function () {
  function typing(target) {
    return target && (target.tagName === "INPUT" && target.type !== "checkbox" && target.type !== "radio"
      || target.tagName === "TEXTAREA" || target.tagName === "SELECT");
  }
  document.addEventListener("keydown", function (event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    // Letters by the key pressed, not the letter typed: N is N on a Russian layout too (where it types "т").
    var key = /^Key[A-Z]$/.test(event.code || "") ? event.code.slice(3).toLowerCase() : event.key.toLowerCase();
    var next = document.querySelector("[data-next]");
    if (next && key === "n" && !typing(event.target)) {
      event.preventDefault();
      next.click();
      return;
    }
    // The playroom's keys (C, B, F, V, S, T): the table's answer in words, written into the live
    // region so a screen reader says it, and shown on screen.  The words are the page's own (the
    // server renders them in the learner's language); the count box of a claim takes digits only, so
    // the keys answer there too.
    var answers = document.querySelector("[data-table-keys]");
    var live = document.querySelector("[data-key-live]");
    if (answers && live && (!typing(event.target) || event.target.inputMode === "numeric")) {
      var answer = answers.querySelector("[data-key-answer='" + key + "']");
      if (answer) {
        event.preventDefault();
        // Emptied first, so the same answer asked twice is said again.
        live.textContent = "";
        setTimeout(function () { live.textContent = answer.textContent; }, 30);
        return;
      }
    }
    if (typing(event.target)) return;
    // H opens (or closes) the coach's hint, where the page has one.
    var hint = document.querySelector("details[data-hint]");
    if (hint && key === "h") {
      event.preventDefault();
      hint.open = !hint.open;
      hint.querySelector("summary").focus();
      return;
    }
    if (key === "enter" && event.target.type === "checkbox") {
      // Enter sends a picker's form when it has one button (a discard); where a
      // form has several (the claim buttons of a count), ticking cards must not
      // press the first of them.
      event.preventDefault();
      var form = event.target.form;
      var buttons = form ? form.querySelectorAll("button[type=submit], button:not([type])") : [];
      if (buttons.length === 1 && !buttons[0].disabled) {
        if (form.requestSubmit) form.requestSubmit(buttons[0]); else buttons[0].click();
      }
      return;
    }
    var picker = document.querySelector("[data-picker]");
    if (picker && /^[1-9]$/.test(key)) {
      var box = picker.querySelectorAll("input")[Number(key) - 1];
      if (box && !box.disabled) {
        event.preventDefault();
        box.checked = box.type === "radio" ? true : !box.checked;
        box.focus();
        // As a click would: the page's own scripts (the discard button) follow the change.
        box.dispatchEvent(new Event("input", { bubbles: true }));
        box.dispatchEvent(new Event("change", { bubbles: true }));
      }
      return;
    }
    // Cards played by pressing them (the game's play): a digit picks the card, Enter plays it.
    var hand = document.querySelector("[data-card-buttons]");
    if (hand && /^[1-9]$/.test(key)) {
      var cards = hand.querySelectorAll("button");
      var card = cards[Number(key) - 1];
      if (card && !card.disabled) {
        event.preventDefault();
        cards.forEach(function (other) { other.classList.toggle("picked", other === card); });
        card.focus();
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
      timer.textContent = ((Date.now() - started) / 1000).toFixed(0) + " " + (timer.getAttribute("data-timer-unit") || "s");
    }, 500);
  }
})();
