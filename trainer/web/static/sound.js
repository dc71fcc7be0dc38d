// Short tones for the table, when the learner turned sound on in the menu
// (<body data-sound="on">).  Any page plays one by dispatching
//   document.dispatchEvent(new CustomEvent("crib:sound", {detail: {kind: "peg"}}))
// with kind "peg", "go" or "muggins".  Web Audio makes the tones, so there are
// no files to fetch; browsers start audio only after a user gesture, which a
// move always is.
(function () {
  "use strict";
  // Each kind: [frequency in Hz, seconds] per note, played one after another.
  var TONES = {
    peg: [[880, 0.07]],
    go: [[523, 0.09], [392, 0.12]],
    muggins: [[330, 0.1], [262, 0.1], [196, 0.18]]
  };
  var context = null;

  function audio() {
    var Context = window.AudioContext || window.webkitAudioContext;
    if (!Context) return null;
    if (context === null) context = new Context();
    if (context.state === "suspended") context.resume();
    return context;
  }

  function play(kind) {
    var notes = TONES[kind];
    if (!notes || document.body.dataset.sound !== "on") return false;
    var ctx = audio();
    if (ctx === null) return false;
    var start = ctx.currentTime;
    notes.forEach(function (note) {
      var oscillator = ctx.createOscillator();
      var gain = ctx.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = note[0];
      // A quick fade in and out, so the tone does not click.
      gain.gain.setValueAtTime(0.0001, start);
      gain.gain.exponentialRampToValueAtTime(0.2, start + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + note[1]);
      oscillator.connect(gain).connect(ctx.destination);
      oscillator.start(start);
      oscillator.stop(start + note[1] + 0.02);
      start += note[1] + 0.03;
    });
    return true;
  }

  document.addEventListener("crib:sound", function (event) {
    var kind = event.detail && event.detail.kind;
    // Tests read the last tone asked for and whether it played.
    document.body.dataset.soundLast = kind + (play(kind) ? ":played" : ":silent");
  });
})();
