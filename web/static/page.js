// The page for the table: builds a request from the fields of web/forms.py, sends it to the API, shows the ruling.
// Games, variants, options and decks come from the API; every text comes from the page's config (the catalog).
"use strict";
(() => {
  const C = JSON.parse(document.getElementById("config").textContent);
  const T = C.texts;
  const $ = (id) => document.getElementById(id);
  const fmt = (text, params = {}) => text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  const num = (n) => (typeof n === "number" ? new Intl.NumberFormat(C.lang).format(n) : String(n));

  const { el } = window.refereeDom;

  // ------------------------------------------------------------------ JSON pointers (RFC 6901)
  const esc = (t) => String(t).replace(/~/g, "~0").replace(/\//g, "~1");
  const tokens = (ptr) => (ptr === "" ? [] : ptr.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~")));
  const parentOf = (ptr) => ptr.slice(0, ptr.lastIndexOf("/"));
  function getAt(obj, ptr) {
    let o = obj;
    for (const t of tokens(ptr)) {
      if (o === null || typeof o !== "object") return undefined;
      o = o[t];
    }
    return o;
  }
  function setAt(obj, ptr, value) {
    const ts = tokens(ptr);
    let o = obj;
    ts.forEach((t, i) => {
      if (i === ts.length - 1) { o[t] = value; return; }
      if (o[t] === null || typeof o[t] !== "object") o[t] = /^\d+$/.test(ts[i + 1]) ? [] : {};
      o = o[t];
    });
  }
  function deleteAt(obj, ptr) {
    const ts = tokens(ptr);
    if (!ts.length) return;
    const chain = [];
    let o = obj;
    for (const t of ts.slice(0, -1)) {
      if (o === null || typeof o !== "object") return;
      chain.push([o, t]);
      o = o[t];
    }
    if (o === null || typeof o !== "object") return;
    const last = ts[ts.length - 1];
    if (Array.isArray(o)) o.splice(Number(last), 1); else delete o[last];
    for (let i = chain.length - 1; i >= 0; i--) {     // objects left empty go; items of a list keep their place
      const [p, t] = chain[i];
      const v = p[t];
      if (Array.isArray(p) || !v || typeof v !== "object" || Array.isArray(v) || Object.keys(v).length) break;
      delete p[t];
    }
  }

  // ------------------------------------------------------------------ the API
  async function api(method, path, body) {
    const headers = { "Accept-Language": C.lang };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let r;
    try {
      r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      return { status: 0, data: { title: fmt(T.unreachable, { why: T.network_down }), errors: [] } };
    }
    let data = null;
    try { data = await r.json(); } catch (e) { data = { title: fmt(T.unreachable, { why: fmt(T.bad_answer, { status: r.status }) }), errors: [] }; }
    return { status: r.status, data };
  }

  // ------------------------------------------------------------------ state
  const S = {
    games: [], game: null, variant: null, info: null, overrides: {}, deck: null,
    question: "check", situation: null, body: {}, logText: "",
    fields: [],        // rendered fields: {ptr, f, wrap, error, focus, more}
    cardFields: [],    // rendered card fields: {ptr, single, render}
    active: null,      // the card field the picker fills
  };
  const gameInfo = () => S.games.find((g) => g.id === S.game);
  const variantSummary = () => gameInfo().variants.find((v) => v.id === S.variant);
  const situations = () => (C.forms[S.game] || {})[S.question] || [];
  const situation = () => situations().find((s) => s.id === S.situation) || situations()[0];
  const names = () => T.names.split(/\s*,\s*/);

  function players() {
    if (S.game === "canasta") {
      return (Array.isArray(S.body.sides) ? S.body.sides : [])
        .flatMap((s) => (s && Array.isArray(s.players) ? s.players : [])).filter((p) => typeof p === "string" && p);
    }
    return (Array.isArray(S.body.players) ? S.body.players : []).filter((p) => typeof p === "string" && p);
  }
  // the players of the deal: with four at Thousand the dealer sits out (thousand/3.1)
  const inPlay = () => (S.game === "thousand" && S.variant === "four-player" && players().length === 4
    ? players().filter((p) => p !== S.body.dealer) : players());
  const sides = () => (Array.isArray(S.body.sides) ? S.body.sides : []).map((s) => s && s.id)
    .filter((s) => typeof s === "string" && s);

  function startingTable(count) {
    const n = names();
    if (S.game !== "canasta") return { players: n.slice(0, count), dealer: n[count - 1] };
    const k = count <= 3 ? count : 2;
    const out = [];
    for (let j = 0; j < k; j++) {
      const ps = n.slice(0, count).filter((_, i) => i % k === j);
      out.push({ id: ps.join("+"), players: ps });
    }
    return { sides: out };
  }

  function tableFits() {
    const counts = variantSummary().players;
    const n = S.game === "canasta" ? players().length : (S.body.players || []).length;
    return counts.includes(n);
  }

  // ------------------------------------------------------------------ games, variants, options, deck
  async function loadGames() {
    const r = await api("GET", "/v1/games");
    if (r.status !== 200) { showProblem(r.data); return false; }
    S.games = r.data.games;
    $("game").replaceChildren(...S.games.map((g) => el("option", { value: g.id, text: g.title })));
    return true;
  }

  function fillVariants() {
    $("variant").replaceChildren(...gameInfo().variants.map((v) => el("option", { value: v.id, text: v.title })));
    $("variant").value = S.variant;
  }

  async function loadVariant() {
    const r = await api("GET", `/v1/games/${S.game}/variants/${encodeURIComponent(S.variant)}`);
    if (r.status !== 200) { showProblem(r.data); return; }
    S.info = r.data;
    S.deck = r.data.deck;
    const v = variantSummary();
    // the variant in players' terms; which texts it follows, behind «Sources»
    const plain = (C.variant_summaries[S.game] || {})[S.variant] || "";
    $("variant-summary").textContent = `${plain} ${fmt(T.variant_players, { n: v.players.join(", ") })}`.trim();
    $("variant-sources-text").textContent = v.summary;
    renderOptions();
    if (Object.keys(S.overrides).length) await refreshDeck(); else renderDeck();
  }

  async function refreshDeck() {
    const r = await api("POST", `/v1/games/${S.game}/deck`, { variant: S.variant, options: S.overrides });
    markOptions([]);
    if (r.status === 200) { S.deck = r.data.deck; renderDeck(); return; }
    markOptions((r.data && r.data.errors) || [{ pointer: "", detail: r.data ? r.data.title : "" }]);
  }

  function optionValue(spec, raw) {
    if (raw === "__null__") return null;
    if (spec.type.startsWith("bool")) return raw;
    if (spec.type.startsWith("int")) return /^-?\d+$/.test(raw.trim()) ? Number(raw) : raw;
    return raw;
  }

  // the house rules: the most argued first, then the topics (collapsed), with a search over their words
  function renderOptions() {
    const rows = new Map(S.info.options.map((spec) => [spec.name, optionRow(spec)]));
    const H = C.house_rules;
    const plan = H.games[S.game] || { first: [], topics: [] };
    const take = (names) => names.filter((n) => rows.has(n)).map((n) => { const r = rows.get(n); rows.delete(n); return r; });
    const first = take(plan.first);
    const topics = plan.topics.map(([id, label, names]) => [id, label, take(names)]).filter(([, , r]) => r.length);
    const search = el("input", { type: "search", id: "option-search", autocomplete: "off",
      "aria-describedby": "option-search-hint" });
    search.addEventListener("input", () => filterOptions(search.value));
    $("options").replaceChildren(
      el("div", { class: "field option-search" }, el("label", { for: "option-search", text: H.texts.search }), search,
        el("p", { class: "hint", id: "option-search-hint", text: H.texts.search_hint })),
      el("p", { id: "options-none", class: "hint", hidden: true, "aria-live": "polite" }),
      ...(first.length ? [el("section", { class: "topic-first", "aria-labelledby": "h-options-first" },
        el("h3", { id: "h-options-first", text: H.texts.first }), first)] : []),
      ...topics.map(([id, label, r]) => el("details", { class: "topic", id: `topic-${id}` },
        el("summary", {}, el("span", { text: label }), el("span", { class: "badge topic-count", text: String(r.length) })), r)),
      ...rows.values());
    changedCount();
  }

  // a search shows only the options whose words hold it (summary and value labels), in the topics opened for it
  function filterOptions(query) {
    const q = query.trim().toLocaleLowerCase(C.lang);
    let found = 0;
    for (const row of document.querySelectorAll("#options .option")) {
      row.hidden = Boolean(q) && !row.textContent.toLocaleLowerCase(C.lang).includes(q);
      if (!row.hidden) found += 1;
    }
    const first = document.querySelector("#options .topic-first");
    if (first) first.hidden = Boolean(q) && !first.querySelector(".option:not([hidden])");
    for (const d of document.querySelectorAll("#options details.topic")) {
      const any = Boolean(d.querySelector(".option:not([hidden])"));
      d.hidden = Boolean(q) && !any;
      d.open = Boolean(q) && any;
    }
    $("options-none").hidden = !q || found > 0;
    $("options-none").textContent = q && !found ? C.house_rules.texts.nothing_found : "";
  }

  function optionRow(spec) {
    const id = `opt-${spec.name}`;
    const current = spec.name in S.overrides ? S.overrides[spec.name] : spec.default;
    const onchange = (value) => {
      if (JSON.stringify(value) === JSON.stringify(spec.default)) delete S.overrides[spec.name];
      else S.overrides[spec.name] = value;
      changedCount();
      update();
      refreshDeck();
    };
    const summary = el("span", { class: "opt-summary" }, spec.summary);
    const label = (a) => (spec.labels && spec.labels[optionKey(a)]) || (typeof a === "boolean" ? (a ? T.yes : T.no) : String(a));
    let control;
    if (spec.type === "bool") {
      control = el("input", { type: "checkbox", id, checked: current === true });
      control.addEventListener("change", () => onchange(control.checked));
      return el("div", { class: "option check", id: `${id}-wrap` }, control, el("label", { for: id }, summary),
        el("p", { class: "field-error", id: `${id}-error` }));
    }
    const nullable = spec.type.endsWith("|null");
    if (spec.allowed || spec.type.startsWith("enum") || spec.type.startsWith("bool")) {
      const values = spec.allowed || [true, false];
      control = el("select", { id },
        ...(nullable ? [el("option", { value: "__null__", text: (spec.labels && spec.labels.null) || T.null_option })] : []),
        ...values.map((a) => el("option", { value: JSON.stringify(a), text: label(a) })));
      control.value = current === null ? "__null__" : JSON.stringify(current);
      control.addEventListener("change", () => onchange(control.value === "__null__" ? null : JSON.parse(control.value)));
    } else {
      control = el("input", { type: "text", inputmode: "numeric", id, value: current === null ? "" : String(current),
        placeholder: nullable ? (spec.labels && spec.labels.null) || T.null_option : "" });
      control.addEventListener("change", () => onchange(control.value.trim() === "" && nullable ? null : optionValue(spec, control.value)));
    }
    return el("div", { class: "option", id: `${id}-wrap` }, el("label", { for: id }, summary), control,
      el("p", { class: "field-error", id: `${id}-error` }));
  }

  // an option value as the labels of /variants key it: its JSON text, a string without its quotes
  function optionKey(v) {
    return typeof v === "string" ? v : JSON.stringify(v);
  }

  function changedCount() {
    const n = Object.keys(S.overrides).length;
    $("rules-changed").textContent = n ? fmt(T.changed, { n }) : "";
  }

  function markOptions(errors) {
    $("option-errors").replaceChildren();
    for (const w of document.querySelectorAll(".option.invalid")) w.classList.remove("invalid");
    for (const p of document.querySelectorAll(".option .field-error")) p.textContent = "";
    if (!errors.length) return;
    $("house-rules").open = true;
    const list = el("ul");
    for (const e of errors) {
      const name = (e.pointer || "").startsWith("/options/") ? tokens(e.pointer)[1] : null;
      const wrap = name && $(`opt-${name}-wrap`);
      if (wrap) {
        const topic = wrap.closest("details.topic");
        if (topic) topic.open = true;
        wrap.hidden = false;
        wrap.classList.add("invalid");
        $(`opt-${name}-error`).textContent = e.detail;
      }
      // the house rule by its words, as the page shows it (its name is for the API)
      const words = wrap ? wrap.querySelector(".opt-summary").textContent.replace(/\.$/, "") : "";
      list.append(el("li", {}, wrap ? el("a", { href: `#opt-${name}`, text: `${words}: ${e.detail}` })
        : e.detail));
    }
    $("option-errors").append(el("p", { class: "errors-title", text: T.needs_more }), list);
  }

  // ------------------------------------------------------------------ cards
  const SUITS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  function parseCard(card) {
    if (card === "JK") return { rank: "JK", suit: "" };
    return { rank: card.slice(0, -1), suit: card.slice(-1) };
  }
  function showCard(card) {
    if (typeof card !== "string") return String(card);
    const { rank, suit } = parseCard(card);
    if (!(suit in SUITS) && rank !== "JK") return card;
    return (C.ranks[rank] || rank) + (SUITS[suit] || "");
  }
  const red = (card) => /[HD]$/.test(card);
  const counted = (ptr) => !ptr.startsWith("/action");  // an action's cards are cards of the hand or the table

  function used() {
    const n = {};
    for (const cf of S.cardFields) {
      if (!counted(cf.ptr)) continue;
      const v = getAt(S.body, cf.ptr);
      for (const c of cf.single ? [v] : Array.isArray(v) ? v : []) if (typeof c === "string") n[c] = (n[c] || 0) + 1;
    }
    return n;
  }

  function renderDeck() {
    const deck = $("deck");
    const focused = deck.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    deck.replaceChildren();
    if (!S.deck) return;
    $("deck-size").textContent = fmt(T.deck_size, { n: num(S.deck.size) });
    const u = used();
    const free = S.active && !counted(S.active.ptr);
    const rows = {};
    for (const { card, copies } of S.deck.cards) {
      const { suit } = parseCard(card);
      const left = copies - (u[card] || 0);
      const b = el("button", {
        type: "button", class: `card${red(card) ? " red" : ""}`, "data-card": card, disabled: !free && left <= 0,
        "aria-label": `${fmt(T.add_card, { card: showCard(card) })}, ${fmt(T.left, { n: left })}`,
        onclick: () => pick(card),
      }, el("span", { class: "face", text: showCard(card) }), el("span", { class: "copies", text: `×${left}` }));
      (rows[suit || "JK"] = rows[suit || "JK"] || []).push(b);
    }
    deck.className = `deck ranks-${(rows.S || []).length}`;
    for (const key of ["S", "H", "D", "C", "JK"]) {
      if (rows[key]) {
        deck.append(el("div", { class: `suit-row${key === "JK" ? " jokers" : ""}`, role: "group",
          "aria-label": key === "JK" ? T.joker : C.suits[key] }, rows[key]));
      }
    }
    if (focused) {     // the keyboard stays where it was: on the same card, or the next one still to be had
      const buttons = [...deck.querySelectorAll("button")];
      const at = buttons.findIndex((b) => b.dataset.card === focused);
      const next = buttons.slice(at).find((b) => !b.disabled) || buttons.find((b) => !b.disabled);
      if (next) next.focus();
    }
  }

  function pick(card) {
    const cf = S.active;
    if (!cf) return;
    if (cf.single) {
      setAt(S.body, cf.ptr, card);
      cf.render();
      closePicker();
    } else {
      const list = Array.isArray(getAt(S.body, cf.ptr)) ? getAt(S.body, cf.ptr) : [];
      list.push(card);
      setAt(S.body, cf.ptr, list);
      cf.render();
    }
    changed();
  }

  function openPicker(cf) {
    S.active = cf;
    const p = $("picker");
    cf.wrap.after(p);
    p.hidden = false;
    $("picker-title").textContent = fmt(T.pick_for, { field: cf.label });
    for (const b of document.querySelectorAll(".pick[aria-expanded]")) b.setAttribute("aria-expanded", "false");
    cf.button.setAttribute("aria-expanded", "true");
    renderDeck();
    const first = $("deck").querySelector("button:not([disabled])");
    if (first) first.focus();
  }

  function closePicker() {
    const cf = S.active;
    $("picker").hidden = true;
    S.active = null;
    if (cf) { cf.button.setAttribute("aria-expanded", "false"); cf.button.focus(); }
  }

  // ------------------------------------------------------------------ fields
  let seq = 0;
  const fieldId = () => `f${++seq}`;

  function store(ptr, value) {
    const inList = Array.isArray(getAt(S.body, parentOf(ptr)));
    const empty = value === undefined || value === "" || (Array.isArray(value) && !value.length && !inList);
    if (empty && !inList) deleteAt(S.body, ptr);
    else setAt(S.body, ptr, value === undefined ? "" : value);
    changed();
  }

  function choiceSelect(id, ptr, values) {
    const current = getAt(S.body, ptr);
    const opts = values.slice();
    if (current !== undefined && current !== "" && !opts.some(([v]) => v === current)) opts.push([current, String(current)]);
    const s = el("select", { id }, ...opts.map(([v, label]) => el("option", { value: v, text: label })));
    s.value = current === undefined ? "" : current;
    s.addEventListener("change", () => store(ptr, s.value === "" ? undefined : s.value));
    return s;
  }

  function renderField(f, ptr, box, more) {
    const id = fieldId();
    const label = el("label", { for: id, text: f.label });
    const error = el("p", { class: "field-error", id: `${id}-error` });
    const wrap = el("div", { class: `field kind-${f.kind}`, "data-ptr": ptr });
    const value = getAt(S.body, ptr);
    let control;
    let focus = () => control && control.focus();
    switch (f.kind) {
      case "text":
        control = el("input", { type: "text", id, value: value === undefined ? "" : String(value), autocomplete: "off" });
        control.addEventListener("change", () => store(ptr, control.value.trim() === "" ? undefined : control.value.trim()));
        if (ptr.endsWith("/id")) control.addEventListener("change", rerender);
        break;
      case "int":
        control = el("input", { type: "text", inputmode: "numeric", id, value: value === undefined ? "" : String(value), autocomplete: "off" });
        control.addEventListener("change", () => {
          const t = control.value.trim();
          store(ptr, t === "" ? undefined : /^-?\d+$/.test(t) ? Number(t) : t);
        });
        break;
      case "bool":
        control = el("input", { type: "checkbox", id, checked: value === true });
        control.addEventListener("change", () => store(ptr, control.checked ? true : undefined));
        wrap.classList.add("check");
        wrap.append(control, label, error);
        box.append(wrap);
        S.fields.push({ ptr, f, wrap, error, focus, more });
        return;
      case "names":
        control = el("input", { type: "text", id, autocomplete: "off", "aria-describedby": `${id}-help`,
          value: Array.isArray(value) ? value.join(", ") : value === undefined ? "" : String(value) });
        control.addEventListener("change", () => {
          const list = control.value.split(",").map((x) => x.trim()).filter(Boolean);
          store(ptr, list.length ? list : undefined);
          rerender();
        });
        break;
      case "player":
        control = choiceSelect(id, ptr, [["", T.none], ...players().map((p) => [p, p])]);
        if (ptr === "/dealer") control.addEventListener("change", () => rerender());   // who sits out follows
        break;
      case "side":
        control = choiceSelect(id, ptr, [["", T.none], ...sides().map((s) => [s, s])]);
        break;
      case "suit":
        control = choiceSelect(id, ptr, [["", T.none], ...Object.entries(SUITS).map(([s, sym]) => [s, `${sym} ${C.suits[s]}`])]);
        break;
      case "select":
        control = choiceSelect(id, ptr, f.choices);
        break;
      case "card":
      case "cards":
        control = cardsControl(f, ptr, id, wrap, f.kind === "card");
        focus = () => control.focus();
        break;
      case "list":
        listControl(f, ptr, wrap, label, error, more);
        box.append(wrap);
        S.fields.push({ ptr, f, wrap, error, focus: () => (wrap.querySelector("input,select,button") || wrap).focus(), more });
        return;
      case "map":
        mapControl(f, ptr, wrap, label, error, more);
        box.append(wrap);
        S.fields.push({ ptr, f, wrap, error, focus: () => (wrap.querySelector("input,select,button") || wrap).focus(), more });
        return;
      default:
        return;
    }
    control.setAttribute("aria-errormessage", `${id}-error`);
    wrap.append(label);
    if (f.help) wrap.append(el("p", { class: "hint", id: `${id}-help`, text: f.help }));
    wrap.append(control, error);
    box.append(wrap);
    S.fields.push({ ptr, f, wrap, error, focus, more, control });
  }

  function cardsControl(f, ptr, id, wrap, single) {
    const chips = el("div", { class: "chips", role: "list" });
    const button = el("button", { type: "button", class: "pick", id, "aria-expanded": "false" });
    const box = el("div", { class: "cards-box" }, chips, button);
    const cf = { ptr, single, wrap, button, label: f.label || "", render: null };
    cf.render = () => {
      const v = getAt(S.body, ptr);
      const list = single ? (v === undefined ? [] : [v]) : Array.isArray(v) ? v : [];
      const u = used();
      const copies = Object.fromEntries((S.deck ? S.deck.cards : []).map((c) => [c.card, c.copies]));
      chips.replaceChildren(...list.map((c, i) => el("span", { role: "listitem" }, el("button", {
        type: "button", class: `chip${red(c) ? " red" : ""}${counted(ptr) && u[c] > (copies[c] || 0) ? " over" : ""}`,
        "data-index": i, title: counted(ptr) && u[c] > (copies[c] || 0) ? T.too_many : null,
        "aria-label": fmt(T.remove_card, { card: showCard(c) }),
        onclick: () => {
          if (single) store(ptr, undefined);
          else { const l = getAt(S.body, ptr).slice(); l.splice(i, 1); store(ptr, l); }
          cf.render();
          if (S.active) renderDeck();
          button.focus();
        },
      }, showCard(c), el("span", { class: "x", "aria-hidden": "true", text: "×" })))));
      button.textContent = list.length ? (single ? T.change : `+ ${T.add}`) : T.no_cards;
    };
    button.addEventListener("click", () => (S.active === cf ? closePicker() : openPicker(cf)));
    S.cardFields.push(cf);
    cf.render();
    box.focus = () => button.focus();
    return box;
  }

  function itemValue(f) {
    if (f.items.length === 1 && f.items[0].path === "") return f.items[0].kind === "cards" ? [] : "";
    return {};
  }

  function listControl(f, ptr, wrap, label, error, more) {
    const fs = el("fieldset", { class: "list" }, el("legend", { text: f.label }));
    const items = Array.isArray(getAt(S.body, ptr)) ? getAt(S.body, ptr) : [];
    items.forEach((_, i) => {
      const row = el("div", { class: "item" });
      for (const sub of f.items) renderField({ ...sub, label: sub.label || f.label }, `${ptr}/${i}${sub.path}`, row, more);
      row.append(el("button", { type: "button", class: "secondary remove", text: T.remove,
        "aria-label": `${T.remove}: ${f.label} ${i + 1}`,
        onclick: () => {
          deleteAt(S.body, `${ptr}/${i}`);
          if (!getAt(S.body, ptr).length && !f.keep_empty) deleteAt(S.body, ptr);
          changed();
          rerender();
        } }));
      fs.append(row);
    });
    fs.append(el("button", { type: "button", class: "secondary add", text: `+ ${f.add || T.add}`,
      onclick: () => {
        const list = Array.isArray(getAt(S.body, ptr)) ? getAt(S.body, ptr) : [];
        list.push(itemValue(f));
        setAt(S.body, ptr, list);
        changed();
        rerender(`${ptr}/${list.length - 1}`);
      } }));
    fs.append(error);
    wrap.append(fs);
  }

  function mapControl(f, ptr, wrap, label, error, more) {
    const fs = el("fieldset", { class: "map" }, el("legend", { text: f.label }));
    const keys = f.keys === "sides" ? sides() : f.keys === "in_play" ? inPlay() : players();
    if (f.keys === "in_play") {     // a value of a player who sits out (entered before the dealer was chosen) goes
      const given = getAt(S.body, ptr);
      if (given && typeof given === "object" && !Array.isArray(given)) {
        for (const k of Object.keys(given)) if (!keys.includes(k)) deleteAt(S.body, `${ptr}/${esc(k)}`);
        if (!Object.keys(given).length) deleteAt(S.body, ptr);
      }
    }
    for (const k of keys) renderField({ ...f.of, label: k }, `${ptr}/${esc(k)}`, fs, more);
    fs.append(error);
    wrap.append(fs);
  }

  function applies(f) {
    return !f.variants || f.variants.includes(S.variant);
  }

  function renderForm(focusPtr) {
    const box = $("fields");
    const moreBox = $("more");
    const wasOpen = $("more-details").open;
    const key = [S.game, S.variant, S.question, S.situation].join("|");
    const picking = S.active && S.formKey === key && S.active.ptr;   // a list grew or shrank: keep picking
    S.formKey = key;
    $("picker").hidden = true;
    document.body.append($("picker"));   // out of the fields about to be replaced
    S.active = null;
    box.replaceChildren();
    moreBox.replaceChildren();
    S.fields = [];
    S.cardFields = [];
    const validate = S.question === "validate";
    $("validate-input").hidden = !validate;
    $("situation-field").hidden = validate || situations().length < 2;
    if (!validate) {
      const sit = situation();
      $("situation").replaceChildren(...situations().map((s) => el("option", { value: s.id, text: s.label })));
      $("situation").value = sit.id;
      for (const f of sit.fields.filter(applies)) renderField(f, f.path, f.more ? moreBox : box, !!f.more);
    }
    $("more-details").hidden = !moreBox.children.length;
    $("more-details").open = wasOpen;
    if (picking) {
      const cf = S.cardFields.find((c) => c.ptr === picking);
      if (cf) openPicker(cf);
    }
    if (focusPtr) {
      const fd = S.fields.find((x) => x.ptr.startsWith(focusPtr));
      if (fd) fd.focus();
    }
  }
  const rerender = (focusPtr) => { renderForm(typeof focusPtr === "string" ? focusPtr : null); update(); };

  // ------------------------------------------------------------------ the request, the link, the JSON
  function request() {
    const req = { variant: S.variant };
    if (Object.keys(S.overrides).length) req.options = { ...S.overrides };
    return { ...req, ...S.body };
  }

  function hash() {
    const p = new URLSearchParams({ game: S.game, q: S.question });
    if (S.question === "validate") p.set("log", S.logText);
    else { p.set("s", situation().id); p.set("r", JSON.stringify(request())); }
    if (S.question === "validate" && S.variant) p.set("v", S.variant);
    if (S.question === "validate" && Object.keys(S.overrides).length) p.set("o", JSON.stringify(S.overrides));
    return p.toString();
  }

  function update() {
    const h = hash();
    history.replaceState(history.state, "", `${location.pathname}${location.search}#${h}`);   // quick.js's state stays
    $("share-link").value = location.href;
    for (const lang of ["en", "ru"]) $(`lang-${lang}`).href = `?lang=${lang}#${h}`;
    if (document.activeElement !== $("json")) $("json").value = JSON.stringify(request(), null, 2);
    if (S.info) renderTables();
  }

  function changed() {
    for (const cf of S.cardFields) cf.render();
    if (S.active) renderDeck();
    update();
  }

  function applySituationFixed() {
    for (const q of ["check", "score"]) {
      for (const s of (C.forms[S.game] || {})[q] || []) for (const p of Object.keys(s.fixed || {})) deleteAt(S.body, p);
    }
    const sit = situation();
    if (!sit) return;                      // a whole log: no fields
    for (const [p, v] of Object.entries(sit.fixed || {})) setAt(S.body, p, v);
    for (const f of sit.fields) if (f.keep_empty && applies(f) && getAt(S.body, f.path) === undefined) setAt(S.body, f.path, []);
    if (S.game === "canasta" && S.question === "score" && !getAt(S.body, "/deal/sides")) {
      setAt(S.body, "/deal/sides", (S.body.sides || []).map((s) => ({ id: s.id, hands: (s.players || []).map(() => []) })));
    }
  }

  function questionFor(body) {
    if ("log" in body) return "validate";
    if ("deal" in body) return "score";
    return "check";
  }

  function situationFor(body, question) {
    const list = (C.forms[S.game] || {})[question] || [];
    const hit = list.find((s) => Object.entries(s.fixed || {}).every(([p, v]) => getAt(body, p) === v));
    return (hit || list[0] || {}).id;
  }

  // set everything from a request body (a shared link, the JSON box)
  async function applyRequest(game, body, question, situationId) {
    const b = JSON.parse(JSON.stringify(body));
    if (typeof b.game === "string") { game = b.game; delete b.game; }
    if (!S.games.some((g) => g.id === game)) game = S.games[0].id;
    const variant = typeof b.variant === "string" ? b.variant : null;
    const options = b.options && typeof b.options === "object" && !Array.isArray(b.options) ? b.options : {};
    delete b.variant;
    delete b.options;
    S.game = game;
    $("game").value = game;
    const g = gameInfo();
    S.variant = variant && g.variants.some((v) => v.id === variant) ? variant : g.default_variant;
    S.overrides = { ...options };
    fillVariants();
    S.question = question || questionFor(b);
    S.body = b;
    S.situation = situationId && situations().some((s) => s.id === situationId) ? situationId : situationFor(b, S.question);
    setQuestion(S.question, false);
    await loadVariant();
    renderForm();
    update();
  }

  // ------------------------------------------------------------------ problems and rulings
  function clearMarks() {
    $("form-errors").replaceChildren();
    for (const f of S.fields) { f.wrap.classList.remove("invalid", "flagged"); f.error.textContent = ""; }
    for (const c of document.querySelectorAll(".chip.marked")) c.classList.remove("marked");
  }

  function fieldFor(ptr) {
    let best = null;
    for (const f of S.fields) {
      if ((ptr === f.ptr || ptr.startsWith(`${f.ptr}/`)) && (!best || f.ptr.length > best.ptr.length)) best = f;
    }
    return best;
  }

  function mark(ptr, detail, cls) {
    const f = fieldFor(ptr);
    if (!f) return null;
    f.wrap.classList.add(cls);
    f.error.textContent = f.error.textContent ? `${f.error.textContent} ${detail}` : detail;
    if (f.more) $("more-details").open = true;
    const rest = ptr.slice(f.ptr.length + 1);
    if (/^\d+$/.test(rest)) {
      const chip = f.wrap.querySelector(`.chip[data-index="${rest}"]`);
      if (chip) chip.classList.add("marked");
    }
    if (f.control) f.control.setAttribute("aria-invalid", "true");
    return f;
  }

  function showProblem(problem) {
    clearMarks();
    const box = $("form-errors");
    const errors = (problem && problem.errors) || [];
    const optionErrors = errors.filter((e) => (e.pointer || "").startsWith("/options/"));
    if (optionErrors.length) markOptions(optionErrors);
    const list = el("ul");
    let first = null;
    for (const e of errors) {
      if ((e.pointer || "").startsWith("/options/")) continue;
      const f = e.pointer !== undefined ? mark(e.pointer, e.detail, "invalid") : null;
      if (f && !first) first = f;
      // a pointer no field stands at is named by the fields under it (a part of the question left out, «/deal»),
      // never shown as a pointer: a player reads labels
      const inside = f || !e.pointer ? [] : S.fields.filter((x) => x.ptr.startsWith(`${e.pointer}/`) && x.f.label && !x.more);
      const under = inside.filter((x) => !inside.some((y) => y !== x && x.ptr.startsWith(`${y.ptr}/`)));
      for (const x of under) x.wrap.classList.add("invalid");
      if (!first && under.length) first = under[0];
      const where = f ? (f.f.label || f.ptr) : under.length ? [...new Set(under.map((x) => x.f.label))].join(", ")
        : e.parameter || T.whole_request;
      const text = `${where}: ${e.detail}`;
      list.append(el("li", {}, f ? el("a", { href: "#", text, onclick: (ev) => { ev.preventDefault(); f.focus(); } }) : text));
    }
    box.append(el("p", { class: "errors-title", text: T.needs_more }));
    if (list.children.length) box.append(el("p", { text: T.fix_marked }), list);
    else if (problem && problem.title) box.append(el("p", { text: `${problem.title}${problem.detail ? `: ${problem.detail}` : ""}` }));
    $("ruling").hidden = true;
    box.focus();
    box.scrollIntoView({ block: "nearest" });
  }

  function ruleRef(rule) {
    return el("span", { class: "rule-id", text: rule });
  }

  function describeAction(a) {
    const parts = [a.player ? `${a.player}:` : "", C.actions[a.type] || a.type];
    if (a.card) parts.push(showCard(a.card));
    if (Array.isArray(a.cards)) parts.push(a.cards.map(showCard).join(" "));
    if (a.amount !== undefined) parts.push(num(a.amount));
    if (a.min !== undefined && a.max !== undefined) parts.push(`${num(a.min)}–${num(a.max)}`);
    else if (a.min !== undefined) parts.push(`≥ ${num(a.min)}`);
    if (a.answer) parts.push(a.answer === "yes" ? T.yes : T.no);
    if (a.note) parts.push(`(${a.note})`);
    return parts.filter(Boolean).join(" ");
  }

  function penaltyList(ps) {
    return el("ul", { class: "penalties" }, ps.map((p) => el("li", {},
      `${p.player || p.side ? `${p.player || p.side}: ` : ""}${num(p.points)}${p.note ? ` — ${p.note}` : ""} `, ruleRef(p.rule))));
  }

  function citations(ans) {
    const box = el("div", { class: "citations" }, el("h3", { text: T.rule }));
    const specs = Object.fromEntries(((S.info && S.info.options) || []).map((o) => [o.name, o]));
    for (const c of ans.citations || []) {
      const art = el("article", { class: "citation" }, el("h4", {}, ruleRef(c.rule), " ", c.title), el("p", { text: c.text }));
      if (c.options && Object.keys(c.options).length) {
        art.append(el("details", {}, el("summary", { text: T.options_in_force }), el("ul", {},
          Object.entries(c.options).map(([k, v]) => {
            const o = specs[k];
            const shown = o && o.labels && o.labels[optionKey(v)];
            return el("li", {}, o ? `${o.summary} — ` : "", el("strong", { text: shown || JSON.stringify(v) }));
          }))));
      }
      box.append(art);
    }
    return box;
  }

  function scoreTables(ans) {
    const entries = ans.players || ans.sides || [];
    const box = el("div", { class: "scores" });
    for (const e of entries) {
      const t = el("table", {}, el("caption", { text: e.id || e.player || "" }),
        el("thead", {}, el("tr", {}, el("th", { scope: "col", text: T.item }), el("th", { scope: "col", text: T.points }))));
      const body = el("tbody");
      for (const line of e.lines || []) {
        body.append(el("tr", {}, el("td", {}, `${line.item} `, ruleRef(line.rule)), el("td", { class: "n", text: num(line.points) })));
      }
      const foot = el("tfoot");
      for (const [k, label] of C.score_keys) {
        if (typeof e[k] === "number") foot.append(el("tr", { class: `k-${k}` }, el("th", { scope: "row", text: label }), el("td", { class: "n", text: num(e[k]) })));
      }
      t.append(body, foot);
      box.append(t);
    }
    return box;
  }

  function renderRuling(ans, kind) {
    clearMarks();
    const v = $("verdict");
    v.replaceChildren();
    if (kind === "check") {
      v.append(el("p", { class: `big ${ans.legal ? "ok" : "bad"}`, id: "verdict-text" }, ans.legal ? `✓ ${T.legal}` : `✗ ${T.not_legal}`));
      if (ans.violations && ans.violations.length) {
        v.append(el("ul", { class: "why" }, ans.violations.map((x) => el("li", {}, `${x.message} `, ruleRef(x.rule)))));
        for (const x of ans.violations) if (x.pointer) mark(x.pointer, x.message, "flagged");
      }
      if (ans.effects && typeof ans.effects.points === "number") v.append(el("p", { class: "effect" }, `${T.points}: ${num(ans.effects.points)}`));
      if (ans.effects && typeof ans.effects.total === "number") v.append(el("p", { class: "effect" }, `${T.points}: ${num(ans.effects.total)}`));
      if (ans.penalties && ans.penalties.length) v.append(el("h3", { text: T.penalty }), penaltyList(ans.penalties));
      if (!ans.legal) {
        v.append(el("h3", { text: T.instead }));
        v.append(ans.legal_actions && ans.legal_actions.length
          ? el("ul", { class: "instead" }, ans.legal_actions.map((a) => el("li", { text: describeAction(a) })))
          : el("p", { text: T.nothing_instead }));
      }
    } else if (kind === "score") {
      v.append(el("p", { class: "big neutral", id: "verdict-text", text: T.scored }), scoreTables(ans));
      if (ans.penalties && ans.penalties.length) v.append(el("h3", { text: T.penalties }), penaltyList(ans.penalties));
      if (ans.events && ans.events.length) {
        v.append(el("h3", { text: T.events }), el("ul", {}, ans.events.map((e) => el("li", {},
          `${e.player || e.side ? `${e.player || e.side}: ` : ""}${e.note || ""} `, ruleRef(e.rule)))));
      }
      if (ans.game_over) v.append(el("p", { class: "big ok", text: `${T.game_over} ${ans.winner ? fmt(T.winner, { winner: ans.winner }) : ""}` }));
    } else {
      v.append(el("p", { class: `big ${ans.valid ? "ok" : "bad"}`, id: "verdict-text" }, ans.valid ? `✓ ${T.valid}` : `✗ ${T.invalid}`));
      if (ans.violations && ans.violations.length) {
        v.append(el("ul", { class: "why" }, ans.violations.map((x) => el("li", {},
          `${fmt(T.event, { n: x.index + 1 })} (${C.actions[x.event] || x.event}): ${x.message} `, ruleRef(x.rule)))));
      }
      if (ans.final) v.append(scoreTables(ans.final));
    }
    v.append(citations(ans));
    $("ruling").hidden = false;
    $("ruling").focus({ preventScroll: true });
    $("ruling").scrollIntoView({ block: "start" });
  }

  function renderBatch(results) {
    clearMarks();
    const v = $("verdict");
    const allValid = results.every((r) => r.status === 200 && r.data.valid);
    v.replaceChildren(el("p", { class: `big ${allValid ? "ok" : "bad"}`, id: "verdict-text" }, allValid ? `✓ ${T.valid}` : `✗ ${T.invalid}`));
    const list = el("ol", { class: "batch" });
    for (const r of results) {
      const head = fmt(T.line, { n: r.line });
      let text;
      if (r.status === 200) {
        const fv = r.data.first_violation;
        text = r.data.valid ? `✓ ${T.valid}` : `✗ ${fmt(T.event, { n: fv.index + 1 })}: ${fv.message} [${fv.rule}]`;
      } else {
        const errs = (r.data.errors || []).map((e) => `${e.pointer || e.parameter || T.whole_request}: ${e.detail}`);
        text = `${r.data.title || ""}${errs.length ? `: ${errs.join("; ")}` : r.data.detail ? `: ${r.data.detail}` : ""}`;
      }
      list.append(el("li", { class: r.status === 200 && r.data.valid ? "ok" : "bad" }, el("strong", { text: `${head}: ` }), text));
    }
    v.append(list);
    $("ruling").hidden = false;
    $("ruling").focus({ preventScroll: true });
    $("ruling").scrollIntoView({ block: "start" });
  }

  // ------------------------------------------------------------------ asking
  async function ask() {
    closePicker();
    if (S.question === "validate") return validateText();
    $("submit").disabled = true;
    $("verdict").replaceChildren(el("p", { text: T.loading }));
    const r = await api("POST", `/v1/games/${S.game}/${S.question}`, request());
    $("submit").disabled = false;
    if (r.status === 200) renderRuling(r.data, S.question); else showProblem(r.data);
  }

  async function validateText() {
    const text = $("log-text").value.trim();
    if (!text) { showProblem({ title: T.empty_log, errors: [] }); return; }
    let bodies;
    try {
      bodies = [{ line: 1, body: JSON.parse(text) }];
    } catch (e) {
      bodies = text.split(/\r?\n/).map((ln, i) => ({ line: i + 1, text: ln.trim() })).filter((x) => x.text)
        .map((x) => { try { return { line: x.line, body: JSON.parse(x.text) }; } catch (err) { return { line: x.line, fault: err.message }; } });
    }
    $("submit").disabled = true;
    const results = [];
    for (const b of bodies) {
      if (b.fault) { results.push({ line: b.line, status: 400, data: { title: T.bad_json, errors: [] } }); continue; }
      if (!b.body || typeof b.body !== "object" || Array.isArray(b.body)) { results.push({ line: b.line, status: 422, data: { title: T.not_object, errors: [] } }); continue; }
      const body = { ...b.body };
      let game = S.game;
      if (typeof body.game === "string") { game = body.game; delete body.game; }
      if (!("variant" in body) && game === S.game) body.variant = S.variant;
      if (!("options" in body) && game === S.game && Object.keys(S.overrides).length) body.options = { ...S.overrides };
      const r = await api("POST", `/v1/games/${encodeURIComponent(game)}/validate`, body);
      results.push({ line: b.line, ...r });
    }
    $("submit").disabled = false;
    if (results.length === 1 && results[0].status === 200) renderRuling(results[0].data, "validate");
    else if (results.length === 1 && results[0].status !== 200) showProblem(results[0].data);
    else renderBatch(results);
  }

  // ------------------------------------------------------------------ «Правила нашего стола»
  // A table's choices (the game, the variant, the house rules) saved under a name on this device (localStorage),
  // chosen, renamed, deleted; shared by a link (all of it in the URL fragment: the service keeps nothing); and
  // printed as one sheet of the rules as they apply under them (POST /v1/games/{game}/rules).  The table chosen
  // for a game is what the quick questions (quick.js) and «Партия» (sheet.js) play by.
  const TABLES = "referee.tables", CHOSEN = "referee.tables.chosen";
  const loadJSON = (k, dflt) => { try { return JSON.parse(localStorage.getItem(k)) ?? dflt; } catch (e) { return dflt; } };
  const storeJSON = (k, v) => { try { localStorage.setItem(k, JSON.stringify(v)); } catch (e) { /* private mode */ } };
  const tables = () => loadJSON(TABLES, []).filter((t) => t && typeof t.name === "string" && typeof t.game === "string");
  const chosenName = (game) => (loadJSON(CHOSEN, {}) || {})[game] || null;
  function choose(game, name) {
    const c = loadJSON(CHOSEN, {}) || {};
    if (name) c[game] = name; else delete c[game];
    storeJSON(CHOSEN, c);
    window.dispatchEvent(new Event("referee:table"));     // the first screen names the table in force (quick.js)
  }
  const chosenTable = () => tables().find((t) => t.game === S.game && t.name === chosenName(S.game)) || null;
  const sameChoices = (t) => t && t.game === S.game && t.variant === S.variant
    && JSON.stringify(sortKeys(t.options || {})) === JSON.stringify(sortKeys(S.overrides));
  const sortKeys = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  let offered = null;     // the table a shared link brought, until saved or put aside
  // a name as it is kept: trimmed, its runs of spaces made one; and as two names are compared: case, and the Latin
  // letters that look like Cyrillic ones («C» for «С», «o» for «о»), do not tell tables apart
  const cleanName = (s) => String(s).normalize("NFKC").replace(/\s+/g, " ").trim();
  const LOOKALIKE = { a: "а", b: "в", c: "с", e: "е", h: "н", k: "к", m: "м", o: "о", p: "р", t: "т", x: "х", y: "у" };
  const nameKey = (s) => cleanName(s).toLowerCase().replace(/[abcehkmoptxy]/g, (ch) => LOOKALIKE[ch]);
  const sameName = (a, b) => nameKey(a) === nameKey(b);
  const namedTable = (game, name) => tables().find((t) => t.game === game && sameName(t.name, name)) || null;

  function tableRecord(name) {
    return { name, game: S.game, variant: S.variant, options: { ...S.overrides }, players: variantSummary().players };
  }

  function saveTable(rec, replacing = rec.name) {
    const list = tables().filter((t) => !(t.game === rec.game && (sameName(t.name, replacing) || sameName(t.name, rec.name))));
    list.push(rec);
    storeJSON(TABLES, list);
    choose(rec.game, rec.name);
  }

  function tableStatus(text) {
    $("table-status").textContent = text;
  }

  // a question left open (replace a table's rules?) and a deleted table that may still be brought back: both end
  // at the next thing done with the tables
  let undo = null;        // {rec, at, timer}: the table just deleted
  let toReplace = null;    // the name of the table whose rules «Заменить» would replace
  const UNDO_MS = 10000;
  function settle() {
    $("table-replace").hidden = true;
    toReplace = null;
    if (undo) clearTimeout(undo.timer);
    undo = null;
    $("table-undo").hidden = true;
  }
  function offerUndo(rec, at) {
    settle();
    const expire = () => {                     // not while the keyboard is on it
      if ($("table-undo").matches(":focus")) { undo.timer = setTimeout(expire, 2000); return; }
      settle();
    };
    undo = { rec, at, timer: setTimeout(expire, UNDO_MS) };
    $("table-undo").hidden = false;
  }

  function saveAs(name) {
    settle();
    saveTable(tableRecord(name));
    $("table-name").value = "";
    renderTables();
    tableStatus(fmt(T.table_saved, { name }));
  }

  // the tables of this game as a radio group (arrow keys move and choose), with «the variant's rules» first
  function renderTables() {
    const mine = tables().filter((t) => t.game === S.game);
    const chosen = chosenTable();
    $("table-chosen").textContent = chosen ? chosen.name : "";
    const items = [{ name: null, text: T.table_none }, ...mine.map((t) => ({ name: t.name, text: t.name }))];
    const buttons = items.map((it, i) => el("button", { type: "button", role: "radio", class: "q-choice table-choice",
      id: `table-${i}`, "aria-checked": String((chosen ? chosen.name : null) === it.name),
      tabindex: (chosen ? chosen.name : null) === it.name ? "0" : "-1", text: it.text,
      onclick: () => chooseTable(it.name) }));
    const group = el("div", { class: "q-choices tables", role: "radiogroup", "aria-label": T.tables }, buttons);
    window.refereeDom.roving(group, buttons, (i) => chooseTable(items[i].name, true));
    const had = $("table-list").contains(document.activeElement);
    $("table-list").replaceChildren(group);
    if (had) (group.querySelector("[aria-checked=true]") || buttons[0]).focus();
    $("table-actions").hidden = !chosen;
    if (chosen) {
      $("table-rename").textContent = fmt(T.table_rename, { name: chosen.name });
      $("table-delete").textContent = fmt(T.table_delete, { name: chosen.name });
    }
    $("table-link").value = tableLink();
  }

  async function chooseTable(name, fromKeys = false) {
    settle();
    choose(S.game, name);
    const t = chosenTable();
    if (t) {
      await applyChoices(t.game, t.variant, t.options || {});
    } else {           // «the variant's rules»: the house rules back at the variant's
      S.overrides = {};
      renderOptions();
      update();
      refreshDeck();
    }
    renderTables();
    tableStatus(t ? fmt(T.table_chosen, { name: t.name }) : "");
    if (fromKeys) {
      const b = $("table-list").querySelector("[aria-checked=true]");
      if (b) b.focus();
    }
  }

  // the choices of a table into the question-builder: its game, variant and house rules (the question's fields
  // stay where the table still seats them)
  async function applyChoices(game, variant, options) {
    if (!S.games.some((g) => g.id === game)) return;
    const newGame = game !== S.game;
    S.game = game;
    $("game").value = game;
    const g = gameInfo();
    S.variant = g.variants.some((v) => v.id === variant) ? variant : g.default_variant;
    S.overrides = { ...options };
    fillVariants();
    if (newGame) {
      S.body = startingTable(variantSummary().players[0]);
      S.situation = null;
      setQuestion(S.question, false);
      applySituationFixed();
    } else {
      refitTable();
    }
    await loadVariant();
    renderForm();
    update();
  }

  // a variant that seats another number of players than the table holds: the table (players, dealer, sides) is
  // made anew for it
  function refitTable() {
    if (tableFits()) return;
    for (const k of ["players", "dealer", "sides"]) delete S.body[k];
    Object.assign(S.body, startingTable(variantSummary().players[0]));
    if (S.game === "canasta") deleteAt(S.body, "/deal/sides");
    applySituationFixed();
  }

  function tableLink() {
    const t = chosenTable();
    const rec = { name: t && sameChoices(t) ? t.name : "", game: S.game, variant: S.variant, options: S.overrides };
    return `${location.origin}${location.pathname}${location.search}#${new URLSearchParams({ table: JSON.stringify(rec) })}`;
  }

  // a shared link's table: its choices are loaded at once, and saving them is offered
  async function openSharedTable(raw) {
    let rec;
    try { rec = JSON.parse(raw); } catch (e) { return false; }
    if (!rec || typeof rec !== "object" || !S.games.some((g) => g.id === rec.game)) return false;
    const options = rec.options && typeof rec.options === "object" && !Array.isArray(rec.options) ? rec.options : {};
    await applyChoices(rec.game, typeof rec.variant === "string" ? rec.variant : null, options);
    const name = typeof rec.name === "string" && cleanName(rec.name) ? cleanName(rec.name).slice(0, 60) : variantSummary().title;
    offered = tableRecord(name);
    const changed = Object.keys(S.overrides).length;
    const what = [variantSummary().title, changed ? fmt(T.changed, { n: changed }) : null].filter(Boolean).join(", ");
    $("table-offer-text").textContent = fmt(T.table_offer, { name, what });
    $("table-offer").hidden = false;
    renderTables();
    return true;
  }

  function wireTables() {
    $("table-replace-yes").textContent = T.table_replace;
    $("table-replace-no").textContent = T.table_replace_keep;
    $("table-undo").textContent = T.table_undo;
    $("table-save").addEventListener("click", () => {
      const name = cleanName($("table-name").value);
      $("table-name-error").textContent = "";
      $("table-name").removeAttribute("aria-invalid");
      if (!name) {
        $("table-name-error").textContent = T.table_name_needed;
        $("table-name").setAttribute("aria-invalid", "true");
        $("table-name").focus();
        return;
      }
      // a table of this name (or one that only looks the same) with other rules: asked before they are replaced
      const same = namedTable(S.game, name);
      if (same && !sameChoices(same)) {
        settle();
        toReplace = same.name;
        tableStatus("");
        $("table-replace-text").textContent = fmt(T.table_replace_ask, { name: same.name });
        $("table-replace").hidden = false;
        $("table-replace-yes").focus();
        return;
      }
      saveAs(same ? same.name : name);
    });
    $("table-replace-yes").addEventListener("click", () => {
      if (toReplace && namedTable(S.game, toReplace)) saveAs(toReplace);
      $("table-name").focus();
    });
    $("table-replace-no").addEventListener("click", () => {
      settle();
      $("table-name").focus();
      $("table-name").select();
    });
    $("table-name").addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); $("table-save").click(); } });
    $("table-rename").addEventListener("click", () => {
      const t = chosenTable();
      if (!t) return;
      $("table-rename-box").hidden = false;
      $("table-new-name").value = t.name;
      $("table-new-name").focus();
      $("table-new-name").select();
    });
    const renameDone = () => {
      const t = chosenTable();
      const name = cleanName($("table-new-name").value);
      if (!t || !name) return;
      settle();
      if (tables().some((x) => x.game === t.game && x.name !== t.name && sameName(x.name, name))) { tableStatus(T.table_name_taken); return; }
      saveTable({ ...t, name }, t.name);
      $("table-rename-box").hidden = true;
      renderTables();
      tableStatus(fmt(T.table_renamed, { name }));
      $("table-rename").focus();
    };
    $("table-rename-done").addEventListener("click", renameDone);
    $("table-new-name").addEventListener("keydown", (ev) => { if (ev.key === "Enter") { ev.preventDefault(); renameDone(); } });
    // deleted at once, and «Bring it back» offered for a while; with no table chosen, the variant's rules are in
    // force again, house rules and all
    $("table-delete").addEventListener("click", async () => {
      const t = chosenTable();
      if (!t) return;
      const list = tables();
      const at = list.indexOf(list.find((x) => x.game === t.game && x.name === t.name));
      storeJSON(TABLES, list.filter((x, i) => i !== at));
      $("table-rename-box").hidden = true;
      await chooseTable(null);
      tableStatus(fmt(T.table_deleted, { name: t.name }));
      offerUndo(t, at);
      const first = $("table-list").querySelector("[role=radio]");
      if (first) first.focus();
    });
    $("table-undo").addEventListener("click", async () => {
      if (!undo) return;
      const { rec, at } = undo;
      settle();
      const list = tables().filter((x) => !(x.game === rec.game && sameName(x.name, rec.name)));
      list.splice(Math.min(at, list.length), 0, rec);
      storeJSON(TABLES, list);
      if (rec.game === S.game) await chooseTable(rec.name); else { choose(rec.game, rec.name); renderTables(); }
      tableStatus(fmt(T.table_restored, { name: rec.name }));
      const b = $("table-list").querySelector("[aria-checked=true]");
      if (b) b.focus();
    });
    $("table-copy").addEventListener("click", async () => {
      const input = $("table-link");
      input.value = tableLink();
      try { await navigator.clipboard.writeText(input.value); } catch (e) { input.select(); document.execCommand("copy"); }
      tableStatus(T.copied);
    });
    $("table-print").addEventListener("click", printTable);
    $("table-offer-save").addEventListener("click", () => {
      if (!offered) return;
      settle();
      const same = namedTable(offered.game, offered.name);
      let name = same && sameChoices(same) ? same.name : offered.name;
      for (let n = 2; same && !sameChoices(same) && namedTable(offered.game, name); n++) name = `${offered.name} (${n})`;
      saveTable({ ...tableRecord(name) });
      $("table-offer").hidden = true;
      offered = null;
      renderTables();
      tableStatus(fmt(T.table_offer_saved, { name }));
      $("table-rules").open = true;
      const b = $("table-list").querySelector("[aria-checked=true]");
      if (b) b.focus();
    });
    $("table-offer-skip").addEventListener("click", () => {
      $("table-offer").hidden = true;
      offered = null;
      $("h-quick").focus();
    });
    window.addEventListener("afterprint", () => document.body.classList.remove("print-table"));
  }

  // an option's value as the variant names it («бочка», «нет»)
  function optionText(spec, v) {
    const shown = spec.labels && spec.labels[v === null ? "null" : optionKey(v)];
    if (shown) return shown;
    if (v === null) return T.null_option;
    if (typeof v === "boolean") return v ? T.yes : T.no;
    return typeof v === "number" ? num(v) : String(v);
  }

  // the rules as they apply under the table's choices, on one printed page
  async function printTable() {
    const r = await api("POST", `/v1/games/${S.game}/rules`, { variant: S.variant, options: S.overrides });
    if (r.status !== 200) {
      markOptions((r.data && r.data.errors) || [{ pointer: "", detail: r.data ? r.data.title : "" }]);
      return;
    }
    buildSheet(r.data);
    document.body.classList.add("print-table");
    window.print();
  }

  function buildSheet(book) {
    const t = chosenTable();
    const name = t && sameChoices(t) ? t.name : null;
    const v = variantSummary();
    const specs = Object.fromEntries(((S.info && S.info.options) || []).map((o) => [o.name, o]));
    const changed = Object.entries(S.overrides).filter(([k]) => specs[k]);
    // the variant's one-line summary states its own values (the barrel, the bolts, the dump truck): once the table
    // chose a value of its own, the summary is left out and the house rules below say what the table plays
    const own = changed.some(([k, val]) => JSON.stringify(val) !== JSON.stringify(specs[k].default));
    const plain = own ? "" : (C.variant_summaries[S.game] || {})[S.variant] || "";
    const number = (id) => id.split("/").slice(1).join("/");
    $("table-sheet").replaceChildren(
      el("h1", { id: "table-sheet-title", text: name ? fmt(T.sheet_title, { name }) : T.sheet_untitled }),
      // the game and the variant in players' terms (a variant's title may name the text it follows: not here)
      el("p", { class: "sheet-variant", text: [C.quick.games[S.game], plain, fmt(T.sheet_players, { n: v.players.join(", ") })]
        .filter(Boolean).join(" · ") }),
      el("h2", { text: T.sheet_house }),
      changed.length ? el("ul", { class: "sheet-house" }, changed.map(([k, val]) => el("li", {},
        `${specs[k].summary} — `, el("strong", { text: optionText(specs[k], val) }))))
        : el("p", { text: T.sheet_as_variant }),
      el("h2", { text: T.sheet_rules }),
      el("div", { class: "sheet-rules" }, book.rules.map((rule) => el("p", { class: "sheet-rule" },
        el("span", { class: "rule-id", text: number(rule.id) }), " ", el("strong", { text: rule.title }), ` — ${rule.text}`))));
    // one page: a longer rulebook (Canasta's) is set smaller than Thousand's
    const length = book.rules.reduce((n, r) => n + r.title.length + r.text.length, 0);
    $("table-sheet").style.setProperty("--sheet-size", `${Math.max(5.2, Math.min(7.5, 6.6 * Math.sqrt(10000 / length))).toFixed(2)}pt`);
  }

  // ------------------------------------------------------------------ wiring
  function setQuestion(q, render = true) {
    S.question = q;
    for (const r of document.querySelectorAll("#questions input")) r.checked = r.value === q;
    if (!situations().some((s) => s.id === S.situation)) S.situation = (situations()[0] || {}).id;
    if (render) {
      const keep = {};
      for (const k of ["players", "dealer", "sides", "state"]) if (k in S.body) keep[k] = S.body[k];
      S.body = keep;
      applySituationFixed();
      renderForm();
      update();
      $("ruling").hidden = true;
      clearMarks();
    }
  }

  function wire() {
    $("questions").append(...C.questions.map(([q, label]) => el("label", { class: "choice" },
      el("input", { type: "radio", name: "question", value: q, onchange: () => setQuestion(q) }), el("span", { text: label }))));
    $("game").addEventListener("change", async () => {
      S.game = $("game").value;
      S.variant = gameInfo().default_variant;
      S.overrides = {};
      S.body = startingTable(variantSummary().players[0]);
      fillVariants();
      S.situation = null;
      setQuestion(S.question, false);
      applySituationFixed();
      await loadVariant();
      renderForm();
      update();
      $("ruling").hidden = true;
      clearMarks();
    });
    $("variant").addEventListener("change", async () => {
      S.variant = $("variant").value;
      S.overrides = {};
      refitTable();
      await loadVariant();
      renderForm();
      update();
    });
    $("situation").addEventListener("change", () => {
      S.situation = $("situation").value;
      const keep = {};
      for (const k of ["players", "dealer", "sides", "state"]) if (k in S.body) keep[k] = S.body[k];
      S.body = keep;
      applySituationFixed();
      renderForm();
      update();
    });
    $("reset-options").addEventListener("click", () => { S.overrides = {}; renderOptions(); update(); refreshDeck(); });
    $("ask").addEventListener("submit", (e) => { e.preventDefault(); ask(); });
    $("picker-done").addEventListener("click", closePicker);
    $("picker").addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); closePicker(); } });
    $("log-text").addEventListener("change", () => { S.logText = $("log-text").value; update(); });
    $("log-file").addEventListener("change", () => {
      const file = $("log-file").files[0];
      if (!file) return;
      file.text().then((text) => { $("log-text").value = text; S.logText = text; update(); });
    });
    $("copy-link").addEventListener("click", async () => {
      const input = $("share-link");
      try { await navigator.clipboard.writeText(input.value); } catch (e) { input.select(); document.execCommand("copy"); }
      $("copied").textContent = T.copied;
    });
    $("apply-json").addEventListener("click", async () => {
      $("json-error").textContent = "";
      let body;
      try { body = JSON.parse($("json").value); } catch (e) { $("json-error").textContent = T.bad_json; return; }
      if (!body || typeof body !== "object" || Array.isArray(body)) { $("json-error").textContent = T.not_object; return; }
      await applyRequest(S.game, body);
    });
  }

  async function boot() {
    wire();
    wireTables();
    if (!(await loadGames())) return;
    if (await restore()) return;
    S.game = S.games[0].id;
    S.variant = gameInfo().default_variant;
    fillVariants();
    S.body = startingTable(variantSummary().players[0]);
    setQuestion("check", false);
    applySituationFixed();
    await loadVariant();
    renderForm();
    update();
  }

  // the question in the URL fragment (a shared link), if there is one
  async function restore() {
    const p = new URLSearchParams(location.hash.slice(1));
    if (p.get("table") && (await openSharedTable(p.get("table")))) return true;
    const game = p.get("game");
    if (game && S.games.some((g) => g.id === game)) {
      const q = ["check", "score", "validate"].includes(p.get("q")) ? p.get("q") : "check";
      if (q === "validate") {
        S.logText = p.get("log") || "";
        $("log-text").value = S.logText;
        let o = {};
        try { o = JSON.parse(p.get("o") || "{}"); } catch (e) { o = {}; }
        await applyRequest(game, { variant: p.get("v") || undefined, options: o }, "validate");
        return true;
      }
      let body = {};
      try { body = JSON.parse(p.get("r") || "{}"); } catch (e) { body = {}; }
      if (body && typeof body === "object" && !Array.isArray(body)) { await applyRequest(game, body, q, p.get("s")); return true; }
    }
    return false;
  }

  window.addEventListener("hashchange", () => restore());
  boot();
})();
