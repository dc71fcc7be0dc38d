// The game table's small helpers; every form works without them.
// − and + step the claimed count; the discard button waits for the right number of cards.
(function () {
  document.querySelectorAll("[data-step]").forEach(function (button) {
    button.addEventListener("click", function () {
      var input = button.parentNode.querySelector("input[name=points], input[data-points]");
      var value = parseInt(input.value, 10) || 0;
      input.value = Math.max(0, Math.min(29, value + Number(button.getAttribute("data-step"))));
    });
  });
  document.querySelectorAll("form[data-discard]").forEach(function (form) {
    var need = Number(form.getAttribute("data-discard"));
    var submit = form.querySelector("button[type=submit]");
    var boxes = form.querySelectorAll("input[type=checkbox]");
    function update() {
      var chosen = form.querySelectorAll("input[type=checkbox]:checked").length;
      submit.disabled = chosen !== need;
      submit.textContent = chosen === need ? "To the crib" : "Choose " + (need - chosen > 0 ? need - chosen + " more" : need);
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
})();
