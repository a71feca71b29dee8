// The post form (routes/console/templates/console/post.html, _post_versions.html): the
// character counters of every box, as each platform counts, the thread editor's
// buttons and the per-platform tabs. Without it the form still works: every box is
// shown, with the counts of the page as it was sent.
"use strict";

(() => {
  // X counts weighted characters (its twitter-text rules, as the API checks them in
  // postline/platforms/x/text.py): a link 23, an emoji 2, a character of these code
  // point ranges 1, any other (CJK) 2. Links without a scheme are found only for the
  // commonest top-level domains; the API's own count decides when you save.
  const X_SINGLE = [[0x0, 0x10ff], [0x2000, 0x200d], [0x2010, 0x201f], [0x2032, 0x2037]];
  const X_LINK_LENGTH = 23;
  const LINK_END = String.raw`[^\s.,;:!?)\]'"]`; // a link does not end in punctuation
  const TLDS = "com|org|net|io|dev|app|co|ai|me|info|edu|gov|uk|de|fr|jp|shop|bar";
  const X_LINKS = new RegExp(
    String.raw`\bhttps?:\/\/[^\s]*${LINK_END}` +
      String.raw`|\b[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:${TLDS})\b(?:\/(?:[^\s]*${LINK_END})?)?`,
    "giu",
  );
  const X_EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;
  const graphemes = "Segmenter" in Intl ? new Intl.Segmenter() : null;

  const xWeighted = (text) => {
    let weighted = 0;
    const rest = text.normalize("NFC").replace(X_LINKS, () => {
      weighted += X_LINK_LENGTH;
      return "";
    });
    const pieces = graphemes ? Array.from(graphemes.segment(rest), (piece) => piece.segment) : Array.from(rest);
    for (const piece of pieces) {
      if (X_EMOJI.test(piece)) {
        weighted += 2;
        continue;
      }
      for (const character of piece) {
        const code = character.codePointAt(0);
        weighted += X_SINGLE.some(([low, high]) => code >= low && code <= high) ? 1 : 2;
      }
    }
    return weighted;
  };
  // Bluesky counts graphemes (what a reader sees as one character: an emoji with its
  // skin tone, a flag, a letter with its accent), as postline/platforms/bluesky/text.py.
  const blueskyGraphemes = (text) => (graphemes ? Array.from(graphemes.segment(text)) : Array.from(text)).length;
  // Threads counts an emoji as many as its UTF-8 bytes (a thumbs-up 4), every other
  // character 1, as postline/platforms/threads/limits.py (the same code point ranges).
  const THREADS_EMOJI = [
    [0x2190, 0x21ff], [0x2300, 0x23ff], [0x2460, 0x27bf], [0x2900, 0x2bff], [0x3030, 0x303d],
  ];
  const THREADS_POINTS = [0xa9, 0xae, 0x200d, 0x203c, 0x2049, 0x20e3, 0x2122, 0x2139, 0x3297, 0x3299, 0xfe0f];
  const utf8Bytes = (code) => (code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4);
  const threadsLength = (text) => {
    let length = 0;
    for (const character of text) {
      const code = character.codePointAt(0);
      const emoji =
        code >= 0x1f000 ||
        THREADS_POINTS.includes(code) ||
        THREADS_EMOJI.some(([low, high]) => code >= low && code <= high);
      length += emoji ? utf8Bytes(code) : 1;
    }
    return length;
  };
  // YouTube counts a description's UTF-8 bytes, as postline/platforms/youtube/limits.py.
  const youtubeBytes = (text) => new TextEncoder().encode(text).length;
  // Every other platform counts characters (code points).
  const COUNTERS = { x: xWeighted, bluesky: blueskyGraphemes, threads: threadsLength, youtube: youtubeBytes };
  const measure = (platform, text) => (COUNTERS[platform] || ((value) => Array.from(value).length))(text);
  window.postlineCount = measure; // for the browser test, which compares it with the API's count

  // A list `ul.limits[data-counts=<box id>]` counts that box (or, while it is empty, the
  // box its data-fallback names: a platform's own text falls back to the post's).
  const refresh = (list) => {
    const box = document.getElementById(list.dataset.counts);
    if (!box) return;
    const fallback = list.dataset.fallback && document.getElementById(list.dataset.fallback);
    const text = box.value || (fallback ? fallback.value : "");
    for (const item of list.querySelectorAll("li[data-platform]")) {
      const length = measure(item.dataset.platform, text);
      item.querySelector(".count").textContent = length;
      item.classList.toggle("over", length > Number(item.dataset.limit));
    }
  };
  const refreshAll = () => document.querySelectorAll("ul.limits[data-counts]").forEach(refresh);

  const threadEditor = (list, add, template) => {
    const max = Number(list.dataset.max);
    const renumber = () => {
      Array.from(list.children).forEach((part, index) => {
        const number = index + 2; // part 1 is the post itself
        const box = part.querySelector("textarea");
        const limits = part.querySelector("ul.limits");
        box.id = `thread-${index}`;
        limits.id = `thread-${index}-limits`;
        limits.dataset.counts = box.id;
        box.setAttribute("aria-describedby", limits.id);
        const label = part.querySelector("label");
        label.htmlFor = box.id;
        label.textContent = `Thread part ${number}`;
        for (const button of part.querySelectorAll("button[data-part]")) {
          const action = button.dataset.part;
          button.setAttribute(
            "aria-label",
            action === "remove" ? `Remove thread part ${number}` : `Move thread part ${number} ${action}`,
          );
        }
        part.querySelector('[data-part="up"]').disabled = index === 0;
        part.querySelector('[data-part="down"]').disabled = index === list.children.length - 1;
      });
      add.disabled = list.children.length >= max;
      refreshAll();
    };
    list.addEventListener("click", (event) => {
      const button = event.target.closest("button[data-part]");
      if (!button) return;
      const part = button.closest("li");
      const action = button.dataset.part;
      if (action === "up" && part.previousElementSibling) {
        list.insertBefore(part, part.previousElementSibling);
      } else if (action === "down" && part.nextElementSibling) {
        list.insertBefore(part.nextElementSibling, part);
      } else if (action === "remove") {
        const next = part.nextElementSibling || part.previousElementSibling;
        part.remove();
        renumber();
        (next ? next.querySelector("textarea") : add).focus();
        return;
      }
      renumber();
      (button.disabled ? part.querySelector("textarea") : button).focus();
    });
    add.addEventListener("click", () => {
      const part = template.content.firstElementChild.cloneNode(true);
      for (const hidden of part.querySelectorAll("[data-script-only]")) hidden.hidden = false;
      list.append(part);
      renumber();
      part.querySelector("textarea").focus();
    });
    renumber();
  };

  const tabs = (tablist) => {
    const all = Array.from(tablist.querySelectorAll("[role=tab]"));
    const select = (chosen, focus) => {
      for (const tab of all) {
        const selected = tab === chosen;
        tab.setAttribute("aria-selected", String(selected));
        tab.tabIndex = selected ? 0 : -1;
        document.getElementById(tab.getAttribute("aria-controls")).hidden = !selected;
      }
      if (focus) chosen.focus();
    };
    tablist.addEventListener("click", (event) => {
      const tab = event.target.closest("[role=tab]");
      if (tab) select(tab);
    });
    tablist.addEventListener("keydown", (event) => {
      const at = all.indexOf(document.activeElement);
      const moves = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: all.length - 1 };
      if (at < 0 || !(event.key in moves)) return;
      event.preventDefault();
      select(all[(moves[event.key] + all.length) % all.length], true);
    });
    // The tab of a text the API refused opens first.
    const refused = all.find((tab) =>
      document.getElementById(tab.getAttribute("aria-controls")).querySelector("[aria-invalid=true]"),
    );
    select(refused || all[0]);
  };

  document.addEventListener("DOMContentLoaded", () => {
    for (const shown of document.querySelectorAll("[data-script-only]")) shown.hidden = false;
    const list = document.getElementById("thread-parts");
    if (list) {
      threadEditor(list, document.getElementById("thread-add"), document.getElementById("thread-part-template"));
    }
    const tablist = document.querySelector("[data-tabs]");
    if (tablist) tabs(tablist);
    document.addEventListener("input", (event) => {
      if (event.target.matches("textarea")) refreshAll();
    });
    refreshAll();
  });
})();
