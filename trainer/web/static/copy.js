// A "Copy" button beside a read-only field (the invitation link): shown only
// where a script runs; copies the field's text, or selects it for the person
// to copy themselves where the browser will not (no clipboard outside HTTPS).
(function () {
  "use strict";
  document.querySelectorAll("button[data-copy]").forEach(function (button) {
    var field = document.getElementById(button.dataset.copy);
    var status = button.parentElement.querySelector("[data-copy-status]");
    if (!field) return;
    button.hidden = false;
    button.addEventListener("click", function () {
      var told = function () { if (status) status.textContent = button.dataset.copied; };
      field.select();
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(told, function () { field.select(); });
      } else if (document.execCommand && document.execCommand("copy")) {
        told();
      }
    });
  });
})();
