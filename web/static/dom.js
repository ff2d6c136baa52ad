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
});
