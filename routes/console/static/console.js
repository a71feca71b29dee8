// Postline console: the little the pages do in the browser. Everything works without it.
"use strict";

document.addEventListener("DOMContentLoaded", () => {
  // Per-platform counters under a post's content, updated as you type. Characters are
  // counted as code points; X weighs some characters double, which the API checks on save.
  const content = document.querySelector("textarea[data-limits]");
  if (content) {
    const update = () => {
      const length = Array.from(content.value).length;
      for (const item of document.querySelectorAll("#content-limits li")) {
        item.querySelector(".count").textContent = length;
        item.classList.toggle("over", length > Number(item.dataset.limit));
      }
    };
    content.addEventListener("input", update);
    update();
  }
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
