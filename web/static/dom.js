// What both scripts of the page build their elements with (page.js, the question; sheet.js, «Партия»).
"use strict";
window.refereeDom = Object.freeze({
  // el("button", {class: "x", text: "…", onclick: f, disabled: true}, ...children): attributes left out when
  // undefined, null or false; "text" sets the text, "on…" adds a listener; children may be nested lists
  el(tag, attrs = {}, ...kids) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) {
      if (v === undefined || v === null || v === false) continue;
      if (k === "class") e.className = v;
      else if (k === "text") e.textContent = v;
      else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
      else e.setAttribute(k, v === true ? "" : v);
    }
    for (const kid of kids.flat()) if (kid !== null && kid !== undefined && kid !== false) e.append(kid);
    return e;
  },
  // the arrow keys move through a group of buttons (roving tabindex: the group is one stop of the Tab key); in a
  // radio group, onmove(i) checks the button moved to, as the WAI-ARIA radio group does
  roving(group, buttons, onmove) {
    group.addEventListener("keydown", (ev) => {
      const i = buttons.indexOf(document.activeElement);
      if (i < 0) return;
      const n = buttons.length;
      const j = { ArrowRight: (i + 1) % n, ArrowDown: (i + 1) % n, ArrowLeft: (i - 1 + n) % n, ArrowUp: (i - 1 + n) % n,
        Home: 0, End: n - 1 }[ev.key];
      if (j === undefined) return;
      ev.preventDefault();
      for (const b of buttons) b.setAttribute("tabindex", b === buttons[j] ? "0" : "-1");
      buttons[j].focus();
      if (onmove) onmove(j);
    });
    if (!buttons.some((b) => b.getAttribute("tabindex") === "0") && buttons[0]) buttons[0].setAttribute("tabindex", "0");
  },
});
