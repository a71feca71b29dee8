// Postline console: the little the pages do in the browser. Everything works without it.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  // The post form's counters, thread editor and tabs are post_form.js's.
  // Ask before destructive forms (revoke, delete).
  for (const form of document.querySelectorAll("form[data-confirm]")) {
    form.addEventListener("submit", (event) => {
      if (!window.confirm(form.dataset.confirm)) event.preventDefault();
    });
  }
  // A secret shown once is selected whole when focused, ready to copy.
  for (const input of document.querySelectorAll("[data-select-on-focus]")) {
    input.addEventListener("focus", () => input.select());
  }
});
