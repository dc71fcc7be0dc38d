// The spoken count at the game table: as each combination of a hand or crib lights
// up (board.js's playback, "crib:step"), its words (a hidden [data-say], the trainer's
// traditional count: "fifteen two", "and a pair is six") go into the show panel's
// live region, so a screen reader says them, and, when the learner turned the
// spoken count on (the menu: <div class="game" data-speak="on">), the browser's
// speech synthesis says them aloud in the page's language.  Shown at once (no
// animation), the whole count is said in one go; a skip stops the voice.
(function () {
  "use strict";
  var game = document.querySelector(".game[data-speak]");
  if (!game) return;
  var live = game.querySelector("[data-spoken-live]");
  var synth = window.speechSynthesis || null;
  var aloud = game.dataset.speak === "on" && synth !== null && typeof SpeechSynthesisUtterance !== "undefined";
  var lang = (document.documentElement.lang || "en").toLowerCase();
  var LOCALES = { en: "en-GB", ru: "ru-RU" };
  var locale = LOCALES[lang.slice(0, 2)] || lang;

  function voice() {
    var voices = synth ? synth.getVoices() : [];
    var prefix = locale.slice(0, 2);
    return voices.filter(function (v) { return v.lang === locale; })[0] ||
      voices.filter(function (v) { return (v.lang || "").toLowerCase().indexOf(prefix) === 0; })[0] || null;
  }

  function say(text) {
    if (!text) return;
    if (live) live.textContent = text;
    document.body.dataset.spokenLast = text + (aloud ? ":aloud" : ":read");  // tests read what was said, and how
    if (!aloud) return;
    var utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = locale;
    var chosen = voice();
    if (chosen) utterance.voice = chosen;
    synth.speak(utterance);
  }

  function words(elements) {
    return Array.prototype.map.call(elements, function (el) { return el.dataset.say; })
      .filter(function (text) { return text; });
  }

  document.addEventListener("crib:step", function (event) {
    var step = event.detail && event.detail.step;
    words(game.querySelectorAll(".count-items li[data-reveal='" + step + "'] [data-say]")).forEach(say);
  });
  document.addEventListener("crib:shown", function () {
    var said = words(game.querySelectorAll(".count-items li[data-reveal] [data-say]"));
    if (said.length) say(said.join(", "));
  });
  document.addEventListener("crib:skipped", function () { if (aloud) synth.cancel(); });
  document.addEventListener("crib:pause", function (event) {
    if (!aloud) return;
    if (event.detail && event.detail.paused) synth.pause(); else synth.resume();
  });
})();
