// The game table's small helpers; every form works without them.
// − and + step the claimed count; the discard button waits for the right number of cards;
// the bots' moves revealed by the last move play back as a short animation.
(function () {
  "use strict";
  document.querySelectorAll("[data-step]").forEach(function (button) {
    button.addEventListener("click", function () {
      var input = button.parentNode.querySelector("input[name=points], input[data-points]");
      var value = parseInt(input.value, 10) || 0;
      var most = Number(input.getAttribute("data-max")) || 29;  // the engine's limit for this count
      input.value = Math.max(0, Math.min(most, value + Number(button.getAttribute("data-step"))));
    });
  });
  // The count box starts at 0, selected, so typing a number replaces it.
  document.querySelectorAll("input[name=points]").forEach(function (input) {
    input.addEventListener("focus", function () { input.select(); });
    if (document.activeElement === input) input.select();
  });
  // Its words come from the page, in the page's language: data-label-ready, data-label-more-<k>
  // for k cards still to choose, data-label-over when too many are chosen.
  document.querySelectorAll("form[data-discard]").forEach(function (form) {
    var need = Number(form.getAttribute("data-discard"));
    var submit = form.querySelector("button[type=submit]");
    var boxes = form.querySelectorAll("input[type=checkbox]");
    var ready = form.getAttribute("data-label-ready") || submit.textContent;
    function update() {
      var chosen = form.querySelectorAll("input[type=checkbox]:checked").length;
      var label = chosen === need ? ready : form.getAttribute(
        need - chosen > 0 ? "data-label-more-" + (need - chosen) : "data-label-over");
      submit.disabled = chosen !== need;
      submit.textContent = label || ready;
    }
    boxes.forEach(function (box) { box.addEventListener("change", update); });
    update();
  });
  document.querySelectorAll("input[name=lift]").forEach(function (range) {
    var out = document.getElementById("lift-out");
    range.addEventListener("input", function () { out.value = range.value; });
  });
  // A submitted move disables its buttons, so a double click sends one move.
  document.querySelectorAll(".game form").forEach(function (form) {
    form.addEventListener("submit", function (event) {
      if (form.dataset.sent) { event.preventDefault(); return; }
      form.dataset.sent = "1";
    });
  });
  // Back to a page kept by the browser: its forms may be sent again (the server
  // refuses a stale one with a message).
  window.addEventListener("pageshow", function () {
    document.querySelectorAll(".game form").forEach(function (form) { delete form.dataset.sent; });
  });

  // ------------------------------------------------------------ the bots' moves, played back
  // The server renders the table where the reveal stopped; the lines, cards and
  // combinations revealed by the last move carry data-reveal="k" (their step) and
  // each line the pegs after it.  Here they are hidden, then shown one step at a
  // time; any key or click skips to the end (and does nothing else).
  var game = document.querySelector(".game[data-pegs-before]");
  if (!game) return;

  // A refused move's message goes beside the hand it is about: the page opens
  // scrolled to the hand (its first card has the focus), and the message at the
  // top of the page would be off a phone's screen.
  var flashes = document.querySelector("main > .flashes");
  var seat = game.querySelector(".my-seat");
  if (flashes && seat && flashes.querySelector(".flash-error")) {
    seat.insertBefore(flashes, seat.firstChild);
    flashes.classList.add("at-hand");
    flashes.scrollIntoView({ block: "nearest" });
  }

  // ------------------------------------------------------------ pause (the menu's button)
  // Hides the table and holds the bots' moves where they are until Resume; the
  // button is shown only here, where a script can keep that promise.
  var paused = false;
  var held = false;  // a step of the playback waits for the resume
  var pauseButton = document.querySelector("[data-pause]");
  var pauseScreen = game.querySelector("[data-pause-screen]");
  var hidden = game.querySelectorAll("[data-pausable]");
  function setPaused(on) {
    paused = on;
    game.classList.toggle("paused", on);
    if (pauseScreen) pauseScreen.hidden = !on;
    hidden.forEach(function (el) { el.inert = on; el.setAttribute("aria-hidden", on ? "true" : "false"); });
    document.dispatchEvent(new CustomEvent("crib:pause", { detail: { paused: on } }));
    if (on) {
      var resume = pauseScreen && pauseScreen.querySelector("button");
      if (resume) resume.focus();
    } else {
      if (pauseButton) pauseButton.focus();
      if (held) { held = false; tick(); }
    }
  }
  if (pauseButton && pauseScreen) {
    pauseButton.hidden = false;
    pauseButton.addEventListener("click", function () {
      var menu = pauseButton.closest("details");
      if (menu) menu.open = false;
      setPaused(true);
    });
    pauseScreen.querySelector("button").addEventListener("click", function () { setPaused(false); });
    document.addEventListener("keydown", function (event) {
      if (paused && event.key === "Escape") setPaused(false);
    });
  }

  var DELAYS = { slow: 1100, normal: 600, fast: 250, off: 0 };
  var speed = game.dataset.animation || document.body.dataset.animation || "normal";
  if (!(speed in DELAYS)) speed = "normal";
  // A system asking for reduced motion gets the moves at once (WCAG 2.3.3).
  if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) speed = "off";
  var lines = Array.prototype.slice.call(game.querySelectorAll(".happened li[data-reveal]"));

  function sound(kind) {
    document.dispatchEvent(new CustomEvent("crib:sound", { detail: { kind: kind } }));
  }

  function hole(board, side, score) {
    if (score <= 0) return board.querySelector(".track.p" + side + " .hole.start");
    return board.querySelector(".track.p" + side + " .hole[data-s='" + score + "']") ||
      board.querySelector(".hole.game");
  }

  function placePegs(text) {
    if (!text) return;
    text.split(",").forEach(function (pair, side) {
      var holes = pair.split(" ").map(Number);
      document.querySelectorAll("svg.crib-board").forEach(function (board) {
        ["front", "back"].forEach(function (which, i) {
          var peg = board.querySelector(".peg.p" + side + "." + which);
          var target = hole(board, side, holes[i]);
          if (peg && target) {
            peg.setAttribute("cx", target.getAttribute("cx"));
            peg.setAttribute("cy", target.getAttribute("cy"));
          }
        });
      });
      var score = document.querySelector("[data-side-score='" + side + "']");
      if (score) score.textContent = String(holes[0]);
    });
  }

  // Only right after a move on this page: opened again later (a link, a reload)
  // the table simply shows where the game stands.
  var navigation = window.performance && performance.getEntriesByType ? performance.getEntriesByType("navigation")[0] : null;
  var afterMove = document.referrer === window.location.href && (!navigation || navigation.type === "navigate");
  if (!lines.length || !afterMove) { game.dataset.animated = "done"; return; }
  if (DELAYS[speed] === 0) {
    // No animation: everything is already on the page; one sound of each kind.
    var kinds = {};
    lines.forEach(function (line) { if (line.dataset.sound) kinds[line.dataset.sound] = true; });
    Object.keys(kinds).forEach(sound);
    game.dataset.animated = "done";
    document.dispatchEvent(new CustomEvent("crib:shown"));
    return;
  }

  var finalPegs = lines[lines.length - 1].dataset.pegs;
  var countShown = game.querySelector("[data-testid=count]");
  var finalCount = countShown ? countShown.textContent : "";
  // The phone's score bar repeats the count after its word ("Count 15").
  var phoneCount = game.querySelector("[data-count-shown]");
  var countWord = phoneCount ? phoneCount.textContent.replace(/\s*\d+\s*$/, "") : "";
  function showCount(value) {
    if (countShown && value !== undefined) countShown.textContent = value;
    if (phoneCount && value !== undefined) phoneCount.textContent = countWord + " " + value;
  }

  var next = 0;
  var timer = null;
  var reveal = game.querySelectorAll("[data-reveal]");
  game.classList.add("animating");
  reveal.forEach(function (el) { el.classList.add("pending"); });
  placePegs(game.dataset.pegsBefore);
  showCount(game.dataset.countBefore);

  function showStep(k, quiet) {
    game.querySelectorAll("[data-reveal='" + k + "']").forEach(function (el) { el.classList.remove("pending"); });
    var line = lines[k];
    if (line.dataset.pegs) placePegs(line.dataset.pegs);
    showCount(line.dataset.count);
    if (!quiet && line.dataset.sound) sound(line.dataset.sound);
    if (!quiet) document.dispatchEvent(new CustomEvent("crib:step", { detail: { step: k } }));
  }

  function finish() {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    while (next < lines.length) showStep(next++, true);
    placePegs(finalPegs);
    showCount(finalCount);
    game.classList.remove("animating");
    game.dataset.animated = "done";
    document.removeEventListener("keydown", skip, true);
    document.removeEventListener("click", skip, true);
  }

  function tick() {
    if (paused) { held = true; return; }
    if (next >= lines.length) { finish(); return; }
    showStep(next++, false);
    timer = setTimeout(tick, DELAYS[speed]);
  }

  function skip(event) {
    if (event.type === "keydown" && (event.key === "Shift" || event.key === "Tab" || event.ctrlKey || event.metaKey || event.altKey)) return;
    // The menu and the pause are not the table: opening them skips nothing (a paused table waits).
    if (paused || (event.target.closest && event.target.closest(".table-menu, [data-pause-screen]"))) return;
    event.preventDefault();
    event.stopPropagation();
    document.dispatchEvent(new CustomEvent("crib:skipped"));
    finish();
  }

  document.addEventListener("keydown", skip, true);
  document.addEventListener("click", skip, true);
  tick();
})();
