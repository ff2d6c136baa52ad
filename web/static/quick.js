// Quick questions at the table («Что случилось?»): one screen per everyday dispute that asks only what decides it,
// builds the request the API needs from what the table knows (a hand given as the cards known, how many are
// unknown and the suits lacking), and shows the verdict first, in the players' words.
"use strict";
(() => {
  const C = JSON.parse(document.getElementById("config").textContent);
  const Q = C.quick, T = Q.texts;
  const $ = (id) => document.getElementById(id);
  const fmt = (text, params = {}) => text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  const num = (n) => new Intl.NumberFormat(C.lang).format(n).replace(/^-/, "−");
  const { el } = window.refereeDom;
  const load = (k, dflt) => { try { return JSON.parse(localStorage.getItem(k)) ?? dflt; } catch (e) { return dflt; } };
  const store = (k, v) => { try { localStorage.setItem(k, JSON.stringify(v)); } catch (e) { /* private mode */ } };
  const GAME = "referee.quick.game", NAMES = "referee.names", SHEET = "referee.sheet";
  // «Правила нашего стола» (page.js keeps them): the tables saved on this device, and the one chosen for each game
  const TABLES = "referee.tables", CHOSEN = "referee.tables.chosen";
  // the open tile and the answers of each tile, kept for this tab: back and forward, a language switch, a reload
  const SESSION = "referee.quick.session";
  const sload = () => { try { return JSON.parse(sessionStorage.getItem(SESSION)) || {}; } catch (e) { return {}; } };
  const ssave = (v) => { try { sessionStorage.setItem(SESSION, JSON.stringify(v)); } catch (e) { /* private mode */ } };

  const SUITS = ["S", "C", "D", "H"];
  const SIGN = { S: "♠", C: "♣", D: "♦", H: "♥" };
  // The conditions of a ruling that depends on unseen cards, as one sentence: all of them must hold, and a player's
  // suits to lack are said once ("legal only if Anna holds no ♦ and no ♥"), not one "legal only if" each.
  const sayConditions = (conditions) => {
    const lacks = new Map();
    const said = [];
    for (const c of conditions || []) {
      if (!c.lacks_suit) { said.push(c.text); continue; }
      if (!lacks.has(c.player)) { lacks.set(c.player, []); said.push(c.player); }
      lacks.get(c.player).push(c);
    }
    return said.map((x) => {
      if (typeof x !== "string" || !lacks.has(x)) return x;
      const own = lacks.get(x);
      return own.length === 1 ? own[0].text
        // a suit as the service says it in a sentence: a word in English («diamonds»), the symbol elsewhere («♦»)
        : fmt(T.lacks_suits, { player: x, suits: own.map((c) => (C.lang === "en" ? Q.suit_words[c.lacks_suit]
          : SIGN[c.lacks_suit])).join(T.lacks_suits_sep) });
    }).join("; ");
  };
  const RED = new Set(["D", "H"]);
  const THOUSAND_RANKS = ["A", "10", "K", "Q", "J", "9"];
  const CANASTA_RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2", "JK"];
  // Canasta's threes differ by colour: a red three (3♥) and a black three (3♠) stand for either suit of theirs
  const BLACK3_RANKS = CANASTA_RANKS.map((r) => (r === "3" ? "3S" : r));
  const PILE_RANKS = CANASTA_RANKS.flatMap((r) => (r === "3" ? ["3H", "3S"] : [r]));
  const threeWords = () => ({ "3H": T.red_three_card, "3S": T.black_three_card });
  // a rank typed on the keyboard, in either alphabet (Russian Т К Д В are ace, king, queen, jack)
  const TYPED = { A: "A", "Т": "A", K: "K", "К": "K", Q: "Q", "Д": "Q", J: "J", "В": "J", T: "10", 1: "10", 0: "10",
    9: "9", 8: "8", 7: "7", 6: "6", 5: "5", 4: "4", 3: "3", 2: "2", "Ж": "JK" };

  // ------------------------------------------------------------------ names and words
  function names(count) {
    const remembered = load(NAMES, []).filter((n) => typeof n === "string" && n.trim());
    const dflt = T.names.split(/\s*,\s*/);
    return Array.from({ length: count }, (_, i) => remembered[i] || dflt[i]);
  }
  const MALE_A = new Set(["илья", "никита", "фома", "кузьма", "лука", "савва", "данила", "гаврила", "ilya", "nikita"]);
  const female = (name) => /[аяaа]$/i.test(name) && !MALE_A.has(name.toLowerCase());
  // a Russian name in the genitive («у Бориса», «у Анны»); other languages keep the name
  function genitive(name) {
    if (C.lang !== "ru" || !/[а-яё]$/i.test(name)) return name;
    const low = name.toLowerCase(), stem = name.slice(0, -1);
    if (/[гкхжшщч]а$/.test(low)) return stem + "и";
    if (/а$/.test(low)) return stem + "ы";
    if (/ия$/.test(low)) return stem + "и";
    if (/я$/.test(low)) return stem + "и";
    if (/[йь]$/.test(low)) return stem + "я";
    if (/[бвгджзклмнпрстфхцчшщ]$/.test(low)) return name + "а";
    return name;
  }
  const rankText = (r) => C.ranks[r] || r;
  const cardText = (c) => (c.length > 1 && SIGN[c.slice(-1)] && c !== "JK" ? rankText(c.slice(0, -1)) + SIGN[c.slice(-1)] : rankText(c));
  function cardWords(c) {
    if (c === "JK") return Q.rank_words.JK;
    const suit = c.slice(-1);
    if (!SIGN[suit] || c.length < 2) return Q.rank_words[c] || c;
    return fmt(T["of_" + suit], { rank: Q.rank_words[c.slice(0, -1)] });
  }
  const sign = (s) => SIGN[s] || s;

  // ------------------------------------------------------------------ the API
  async function api(path, body) {
    let r;
    try {
      r = await fetch(path, { method: body === undefined ? "GET" : "POST",
        headers: { "Accept-Language": C.lang, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      return { status: 0, data: null };
    }
    let data = null;
    try { data = await r.json(); } catch (e) { /* an error page */ }
    return { status: r.status, data };
  }
  // the rules of the table chosen for this game, when its variant seats the tile's players: {variant, options}
  function chosenTable(g) {
    const name = (load(CHOSEN, {}) || {})[g];
    const t = load(TABLES, []).find((x) => x && x.game === g && x.name === name);
    return t && typeof t.variant === "string" ? t : null;
  }
  function tableRules(g) {
    const t = chosenTable(g);
    return t && (!Array.isArray(t.players) || t.players.includes(COUNT[g])) ? t : null;
  }
  // one rule as it applies at our table: under its house rules when it has some (POST), else as its variant has it
  async function ruleOf(g, id) {
    const table = tableRules(g), path = `/v1/games/${g}/rules/${id}`;
    if (table && table.options && Object.keys(table.options).length) return api(path, { variant: table.variant, options: table.options });
    return api(path + (table ? `?variant=${encodeURIComponent(table.variant)}` : ""));
  }
  const variants = {};
  async function variantInfo(game) {
    const table = tableRules(game);
    const key = `${game}/${table ? table.variant : ""}`;
    if (!variants[key]) {
      let id = table ? table.variant : null;
      if (!id) {
        const g = await api(`/v1/games`);
        id = g.status === 200 ? g.data.games.find((x) => x.id === game).variants[0].id : null;
      }
      const r = id ? await api(`/v1/games/${game}/variants/${encodeURIComponent(id)}`) : { status: 0 };
      variants[key] = r.status === 200 ? r.data : { options: [] };
    }
    return variants[key];
  }

  // ------------------------------------------------------------------ fields
  // V: the values of the open tile's fields; F: field id -> {wrap, error, focus}
  let V = {}, F = {}, tile = null;

  function fieldWrap(id, label, required, control, hint) {
    const error = el("p", { class: "field-error", id: `q-${id}-error`, "aria-live": "off" });
    const head = el("span", { class: "q-label", id: `q-${id}-label` }, label,
      required ? el("span", { class: "req", text: " *", title: T.required }) : null,
      required ? el("span", { class: "sr-only", text: ` (${T.required})` }) : null);
    const wrap = el("div", { class: "q-field", id: `q-${id}-wrap` }, head, hint ? el("p", { class: "hint", text: hint }) : null, control, error);
    F[id] = { wrap, error, focus: () => (wrap.querySelector("[tabindex='0'], input, button") || wrap).focus() };
    return wrap;
  }

  // buttons of which one (a radio group) or several (multi: toggle buttons) may be pressed; the arrow keys move
  // through the group (roving tabindex: the group is one stop of the Tab key), and in a radio group they check the
  // button they move to, as the WAI-ARIA radio group does
  function choice(id, label, options, { required = false, multi = false, onpick = null, hint = null } = {}) {
    const group = el("div", { class: "q-choices", role: multi ? "group" : "radiogroup", "aria-labelledby": `q-${id}-label`,
      "aria-describedby": `q-${id}-error`, "aria-required": !multi && required ? "true" : null });
    const buttons = [];
    const render = () => {
      let stop = null;
      for (const b of buttons) {
        const on = multi ? (V[id] || []).includes(b.dataset.value) : V[id] === b.dataset.value;
        b.setAttribute(multi ? "aria-pressed" : "aria-checked", on ? "true" : "false");
        if (on && !stop) stop = b;
      }
      if (!multi || !buttons.some((b) => b.getAttribute("tabindex") === "0")) {
        for (const b of buttons) b.setAttribute("tabindex", b === (stop || buttons[0]) ? "0" : "-1");
      }
    };
    const press = (o) => {
      if (multi) {
        const cur = V[id] || [];
        V[id] = cur.includes(o.value) ? cur.filter((x) => x !== o.value) : [...cur, o.value];
      } else {
        V[id] = o.value;
      }
      clearError(id);
      render();
      if (onpick) onpick(o.value);
    };
    for (const o of options) {
      buttons.push(el("button", { type: "button", class: "q-choice" + (o.red ? " red" : ""), id: `q-${id}-${o.value}`,
        role: multi ? null : "radio", "data-value": o.value, onclick: () => press(o) },
        o.words ? [el("span", { "aria-hidden": "true", text: o.text }), el("span", { class: "sr-only", text: o.words })] : o.text));
    }
    group.append(...buttons);
    // a pick that sends the cursor on (the declarer to the contract) does not, from the arrow keys: they stay
    window.refereeDom.roving(group, buttons, multi ? null : (k) => { press(options[k]); setTimeout(() => buttons[k].focus(), 0); });
    render();
    const wrap = fieldWrap(id, label, required, group, hint);
    F[id].render = render;
    return wrap;
  }

  function number(id, label, { required = false, hint = null, placeholder = null } = {}) {
    const input = el("input", { type: "text", inputmode: "numeric", id: `q-${id}`, autocomplete: "off", enterkeyhint: "next",
      "aria-describedby": `q-${id}-error`, "aria-required": required ? "true" : null, placeholder,
      value: V[id] === undefined || V[id] === null ? "" : String(V[id]) });
    input.addEventListener("input", () => { V[id] = input.value.trim() === "" ? null : input.value.trim(); clearError(id); });
    input.addEventListener("keydown", (ev) => {
      if (ev.key !== "Enter") return;
      ev.preventDefault();
      const boxes = [...$("quick-form").querySelectorAll("input")];
      const next = boxes[boxes.indexOf(input) + 1];
      if (next) next.focus();
    });
    const wrap = fieldWrap(id, el("label", { for: `q-${id}`, text: label }), required, input, hint);
    F[id].focus = () => input.focus();
    return wrap;
  }

  // the card picker: a grid of the deck's cards; arrow keys move through it, a rank typed (Д, Q) goes to that rank;
  // max 1 picks one card, more picks cards in order (a card of a double deck may be picked twice with copies 2)
  function cards(id, label, deck, { max = 1, copies = 1, columns = 6, required = false, hint = null, words = null } = {}) {
    const grid = el("div", { class: "q-deck", role: "group", "aria-labelledby": `q-${id}-label`,
      "aria-describedby": `q-${id}-error q-${id}-picked`, style: null });
    grid.dataset.columns = String(columns);
    const picked = el("p", { class: "q-picked", id: `q-${id}-picked`, "aria-live": "polite" });
    // the cards picked taken back at once (a question asked again from the start, a wrong card among several)
    const clear = el("button", { type: "button", class: "secondary q-clear", id: `q-${id}-clear`, text: T.clear_cards,
      onclick: () => { V[id] = []; clearError(id); render(); buttons[0].focus(); } });
    const buttons = deck.map((c, i) => {
      const red = RED.has(c.slice(-1)) && c !== "JK";
      return el("button", { type: "button", class: "q-card" + (red ? " red" : ""), id: `q-${id}-${c}`, "data-card": c,
        tabindex: i === 0 ? "0" : "-1",
        onclick: () => {
          const cur = V[id] || [];
          const n = cur.filter((x) => x === c).length;
          if (max === 1) V[id] = cur[0] === c ? [] : [c];
          else if (n >= copies) V[id] = cur.filter((x) => x !== c);
          else if (cur.length < max) V[id] = [...cur, c];
          clearError(id);
          render();
        } }, el("span", { "aria-hidden": "true", text: cardText(c) }), el("span", { class: "sr-only", text: (words && words[c]) || cardWords(c) }));
    });
    grid.append(...buttons);
    const render = () => {
      const cur = V[id] || [];
      for (const b of buttons) {
        const n = cur.filter((x) => x === b.dataset.card).length;
        b.setAttribute("aria-pressed", n ? "true" : "false");
        b.dataset.count = n > 1 ? String(n) : "";
      }
      picked.textContent = cur.length ? fmt(T.picked, { cards: cur.map(cardText).join(" ") }) : "";
      clear.hidden = !cur.length || max === 1;    // one card is taken back by tapping it again
    };
    grid.addEventListener("keydown", (ev) => {
      const i = buttons.indexOf(document.activeElement);
      if (i < 0) return;
      let j = null;
      if (ev.key === "ArrowRight") j = Math.min(i + 1, buttons.length - 1);
      else if (ev.key === "ArrowLeft") j = Math.max(i - 1, 0);
      else if (ev.key === "ArrowDown") j = Math.min(i + columns, buttons.length - 1);
      else if (ev.key === "ArrowUp") j = Math.max(i - columns, 0);
      else if (ev.key === "Home") j = 0;
      else if (ev.key === "End") j = buttons.length - 1;
      else if (ev.key.length === 1 && TYPED[ev.key.toUpperCase()]) {
        const rank = TYPED[ev.key.toUpperCase()];
        const rankOf = (b) => (b.dataset.card === "JK" ? "JK" : deck.length && SIGN[b.dataset.card.slice(-1)] && b.dataset.card.length > 1 ? b.dataset.card.slice(0, -1) : b.dataset.card);
        for (let k = 1; k <= buttons.length; k++) {
          const b = buttons[(i + k) % buttons.length];
          if (rankOf(b) === rank) { j = buttons.indexOf(b); break; }
        }
      }
      if (j === null) return;
      ev.preventDefault();
      buttons[i].setAttribute("tabindex", "-1");
      buttons[j].setAttribute("tabindex", "0");
      buttons[j].focus();
    });
    render();
    const wrap = fieldWrap(id, label, required, el("div", {}, grid, el("div", { class: "q-picked-row" }, picked, clear)), hint);
    F[id].render = render;
    return wrap;
  }

  function clearError(id) {
    const f = F[id];
    if (!f) return;
    f.error.textContent = "";
    f.wrap.classList.remove("invalid");
    for (const c of f.wrap.querySelectorAll("[aria-invalid]")) c.removeAttribute("aria-invalid");
  }

  function showErrors(errors) {
    const list = $("quick-errors");
    list.replaceChildren();
    for (const id of Object.keys(F)) clearError(id);
    if (!errors.length) return;
    const items = [];
    for (const [id, text] of errors) {
      const f = F[id];
      if (f) {
        f.error.textContent = text;
        f.wrap.classList.add("invalid");
        const c = f.wrap.querySelector("input, [role=group], [role=radiogroup]");
        if (c) c.setAttribute("aria-invalid", "true");
        items.push(el("li", {}, el("a", { href: `#q-${id}-wrap`, text, onclick: (ev) => { ev.preventDefault(); f.focus(); } })));
      } else {
        items.push(el("li", { text }));
      }
    }
    list.append(el("p", { class: "errors-title", text: T.fix_marked }), el("ul", {}, items));
    const first = errors.find(([id]) => F[id]);
    if (first) F[first[0]].focus(); else list.focus();
  }

  // a whole number as players write it: «1 500» with spaces between the thousands (as the page prints them), a minus
  // sign or a hyphen
  const whole = (v) => {
    if (v === null || v === undefined) return null;
    const t = String(v).replace(/[\s\u00a0\u202f\u2009]/g, "").replace(/^\u2212/, "-");
    return /^-?\d+$/.test(t) ? Number(t) : null;
  };

  // ------------------------------------------------------------------ the tiles
  const suitOptions = (withNone) => [...(withNone ? [{ value: "none", text: T.no_trump }] : []),
    ...SUITS.map((s) => ({ value: s, text: SIGN[s], red: RED.has(s), words: Q.suit_words[s] }))];
  const playerOptions = (ps) => ps.map((p, i) => ({ value: String(i), text: p }));

  // must he follow suit, trump or beat: the trick, his card, the trump, what is known of his hand
  function followTile(spec) {
    return {
      id: spec.id, title: spec.title,
      fields(ps) {
        V.he = V.he ?? "1";
        return [
          choice("he", T.who_plays, playerOptions(ps), { required: true }),
          cards("trick", spec.trickMax > 1 ? T.trick_cards : T.led_card, spec.deck, { max: spec.trickMax, required: true,
            hint: spec.trickMax > 1 ? T.trick_hint : null }),
          cards("card", T.his_card, spec.deck, { required: true }),
          choice("trump", T.trump, suitOptions(spec.trumpNone), { required: true }),
          choice("void", T.lacks, suitOptions(false), { multi: true,
            onpick: (s) => { if ((V.void || []).includes(s)) { V.holds = (V.holds || []).filter((x) => x !== s); F.holds.render(); } } }),
          choice("holds", T.holds, suitOptions(false), { multi: true,
            onpick: (s) => { if ((V.holds || []).includes(s)) { V.void = (V.void || []).filter((x) => x !== s); F.void.render(); } } }),
        ];
      },
      check(ps) {
        const e = [];
        const trick = V.trick || [], card = (V.card || [])[0];
        if (!trick.length) e.push(["trick", T.need_trick]);
        if (!card) e.push(["card", T.need_card]);
        else if (trick.includes(card) && !spec.copies) e.push(["card", fmt(T.card_on_table, { card: cardText(card) })]);
        else if ((V.void || []).includes(card.slice(-1))) {
          e.push(["void", fmt(T.void_but_plays, { who: ps[Number(V.he)], suit: sign(card.slice(-1)), card: cardText(card) })]);
        }
        if (!V.trump) e.push(["trump", spec.trumpNone ? T.need_trump : T.need_trump_suit]);
        else if (card && trick.length && spec.trumpHolders) {
          // a trump a marriage made: its king and queen in two hands (played to this trick or held) make it none's
          const who = spec.trumpHolders(Number(V.he), trick, card, V.trump);
          if (new Set(who).size > 1) {
            e.push(["trump", fmt(T.trump_split, { trump: sign(V.trump), k: cardText("K" + V.trump), q: cardText("Q" + V.trump) })]);
          }
        }
        return e;
      },
      // with no trump yet, the rules on trumping decided nothing
      houseRule: (name) => V.trump !== "none" || !/trump/.test(name),
      request(ps) {
        const trump = V.trump === "none" ? null : V.trump;
        const req = spec.request(ps, Number(V.he), V.trick, V.card[0], trump);
        req.pointers = { "/action/card": "card", "/position/hand": "void", "/position/trick": "trick", "/position/trump": "trump" };
        return req;
      },
      verdict(a, ps) {
        const who = ps[Number(V.he)], led = V.trick[0].slice(-1), card = V.card[0];
        const trump = V.trump === "none" ? null : V.trump;
        const holds = V.holds || [], voids = V.void || [];
        let legal = a.legal, failed = null;
        if (legal === null) {
          // the table knows more than the cards: a suit he is known to hold settles a condition on it
          const known = (a.conditions || []).map((c) => (c.lacks_suit && holds.includes(c.lacks_suit) ? false
            : c.holds_suit && holds.includes(c.holds_suit) ? true : null));
          failed = (a.conditions || [])[known.indexOf(false)] || null;
          if (failed) legal = false;
          else if (known.length && known.every((k) => k === true)) legal = true;
        }
        const g = female(who) ? "f" : "m";
        const params = { who: genitive(who), led: sign(led), trump: sign(trump) };
        if (legal === false) {
          const lacks = failed ? failed.lacks_suit : null;
          if (trump && voids.includes(led) && card.slice(-1) !== trump && (lacks === trump || (!failed && holds.includes(trump)))) {
            return [false, fmt(T["must_trump_" + g], params), [fmt(T.instead_trump, params)]];
          }
          if (card.slice(-1) !== led && (holds.includes(led) || lacks === led)) {
            return [false, fmt(T["must_follow_" + g], params), [fmt(T.instead_follow, params)]];
          }
          return [false, fmt(T.not_allowed, { why: failed ? failed.text : (a.violations[0] || {}).message || "" })];
        }
        if (legal === true) {
          if (!trump && card.slice(-1) !== led && voids.includes(led)) return [true, T.no_trump_yet];
          return [true, T.allowed];
        }
        return [null, fmt(T.depends, { conditions: sayConditions(a.conditions) })];
      },
    };
  }

  // ------------------------------------------------------------------ the barrel, bolts, going out, irregularities
  // a variant option's value as the house rules in force have it (the game's default variant)
  const optionOf = (info, name) => ((info.options || []).find((o) => o.name === name) || {}).default;
  const ordinal = (n) => ({ value: String(n), text: String(n) });
  const signed = (n) => String(n).replace(/^-/, "−");           // a total as a score sheet writes it

  // the contracts a player may bid under the variant: from the forced 100 to its maximum, in its steps
  // an option as our table has it (page.js keeps the table chosen), else as the variant has it
  const house = (g, info, name) => {
    const t = tableRules(g);
    return t && t.options && name in t.options ? t.options[name] : optionOf(info, name);
  };
  // the cards each of four players is dealt under our table's rules (canasta/1.5, as referee.canasta.options.deal_size
  // says for four): the variant's deal size, or where it leaves that to the number of players 15 with sequences,
  // else its deal table's (11 for four; the 12-card classic's 12)
  // (the classic's 11 with no table of ours chosen: its variant is not fetched for it)
  const canastaDeal = async () => {
    if (!tableRules("canasta")) return 11;
    const info = await variantInfo("canasta");
    const size = house("canasta", info, "deal_size");
    if (size !== null && size !== undefined) return Number(size);
    if (house("canasta", info, "sequences") === true) return 15;
    return house("canasta", info, "deal_table") === "twelve" ? 12 : 11;
  };
  const bidRange = (info) => ({ low: 100, high: Number(house("thousand", info, "max_bid") ?? 400),
    step: Number(house("thousand", info, "bid_step") ?? 5) });
  // the lowest contract from the barrel where the barrel sets one (thousand/7.8): the one that reaches the target if
  // made, in whole bid steps; the score rows say it too (barrel.least_contract)
  const barrelLeast = (info) => {
    if (house("thousand", info, "barrel_bid_floor") === false) return null;
    const need = Number(house("thousand", info, "target") ?? 1000) - Number(house("thousand", info, "barrel_threshold") ?? 880);
    const step = bidRange(info).step;
    return Math.ceil(need / step) * step;
  };
  // marriages a declarer can announce in one deal: his 8 cards hold four at most, and unless a marriage may be
  // announced on the first lead a card is played before the first one, which leaves three (thousand/10.2)
  const MARRIAGES = { S: 40, C: 60, D: 80, H: 100 };
  function marriageSets(info) {
    const most = house("thousand", info, "marriage_on_first_trick") ? 4 : 3;
    const sets = [[]];
    for (const s of Object.keys(MARRIAGES)) for (const x of [...sets]) if (x.length < most) sets.push([...x, s]);
    const worth = (x) => x.reduce((n, s) => n + MARRIAGES[s], 0);
    return sets.map((suits) => ({ suits, worth: worth(suits) })).sort((a, b) => a.worth - b.worth || a.suits.length - b.suits.length);
  }
  const madeMost = (info) => 120 + marriageSets(info).at(-1).worth;
  // a deal in which the declarer makes exactly contract c: the fewest marriage points that leave him at most 115
  // card points (each defender then takes a trick: six cards, at least two of them counting), else all 120 card
  // points and every trick; null when no deal makes c (above 120 and the marriages he can announce)
  function madeDeal(c, info) {
    const sets = marriageSets(info);
    const shared = sets.find((x) => c - x.worth >= 0 && c - x.worth <= 115);
    if (shared) return { points: c - shared.worth, suits: shared.suits, alone: false };
    const alone = sets.find((x) => c - x.worth <= 120 && c - x.worth >= 0);
    return alone ? { points: 120, suits: alone.suits, alone: true } : null;
  }

  // Thousand: a player on the barrel, which try this deal is, and how the deal went for him → stays, gets off, falls
  // the totals before a deal: all typed, or none (the verdict then gives the deal's scores alone)
  const totalsGiven = (ps) => ps.some((p, i) => whole(V[`before${i}`]) !== null);
  function totalsProblems(ps) {
    if (!ps.some((p, i) => V[`before${i}`] !== null && V[`before${i}`] !== undefined && V[`before${i}`] !== "")) return [];
    return ps.flatMap((p, i) => (whole(V[`before${i}`]) === null ? [[`before${i}`, fmt(T.need_total, { name: p })]] : []));
  }
  // each player's score for the deal alone, signed, in seat order («+120 / +20 / +15»)
  const dealScores = (a, ps) => ps.map((p) => {
    const s = a.players.find((x) => x.id === p).hand_score;
    return (s > 0 ? "+" : "") + num(s);
  }).join(" / ");

  function barrelTile() {
    let info = { options: [] };
    return {
      id: "barrel", title: T.tile_barrel, scoreFor: (ps) => [ps[Number(V.sitter)]], plain: true,
      rules: ["thousand/9.", "thousand/14.", "thousand/15."],
      fields(ps) {
        // his tries: 1 to the deals on the barrel of the table in force (its house rule, else its variant's)
        const tries = () => Number(((tableRules("thousand") || {}).options || {}).barrel_deals ?? optionOf(info, "barrel_deals") ?? 3);
        const shown = tries();
        variantInfo("thousand").then((i) => { info = i; if (tile && tile.id === "barrel" && tries() !== shown) renderFields(true); });
        if (Number(V.try) > shown) delete V.try;
        V.sitter = V.sitter ?? "0";
        V.falls = V.falls ?? "0";
        V.contract = V.contract ?? "120";
        return [
          choice("sitter", T.who_on_barrel, playerOptions(ps), { required: true }),
          choice("try", T.barrel_try, Array.from({ length: shown }, (_, i) => ordinal(i + 1)), { required: true, hint: T.barrel_try_hint }),
          choice("outcome", T.barrel_outcome, [{ value: "made", text: T.he_made }, { value: "failed", text: T.he_failed },
            { value: "conceded", text: T.he_conceded }, { value: "other", text: T.other_plays }], { required: true }),
          number("contract", T.his_contract, { hint: T.his_contract_hint }),
          choice("falls", T.barrel_falls, [0, 1, 2].map(ordinal), { hint: T.barrel_falls_hint }),
        ];
      },
      check() {
        const e = [];
        if (V.try === undefined) e.push(["try", T.need_try]);
        if (!V.outcome) e.push(["outcome", T.need_outcome]);
        else if (V.outcome !== "other") {
          const c = whole(V.contract), { low, high, step } = bidRange(info);
          if (c === null) e.push(["contract", T.need_contract]);
          else if (c < low || c > high || c % step) e.push(["contract", fmt(T.contract_range, { low, high, step })]);
          else if (barrelLeast(info) !== null && c < barrelLeast(info)) e.push(["contract", fmt(T.barrel_least, { least: num(barrelLeast(info)) })]);
          else if (V.outcome === "made" && !madeDeal(c, info)) e.push(["contract", fmt(T.contract_unmakeable, { contract: c, most: madeMost(info) })]);
        }
        return e;
      },
      async request(ps) {
        info = await variantInfo("thousand");
        // he sits on the barrel at its threshold and deals (so the forced 100 is his left neighbour's); the others'
        // totals decide nothing here and stand at 0.  A deal he plays is given by card points and marriages of his
        // that can make or fail it (madeDeal); the referee scores it, and the tile shows only the verdict and the
        // totals, never those card points.
        const s = Number(V.sitter), who = ps[s], next = ps[(s + 1) % 3], third = ps[(s + 2) % 3];
        const c = whole(V.contract);
        let deal;
        if (V.outcome === "other") {
          deal = { declarer: next, contract: 100, points: { [next]: 80, [who]: 20 },
            took_trick: { [who]: true, [next]: true, [third]: true } };
        } else if (V.outcome === "conceded") {
          deal = { declarer: who, contract: c, conceded: true };
        } else if (V.outcome === "made") {
          const m = madeDeal(c, info);
          deal = { declarer: who, contract: c, points: { [who]: m.points, [next]: m.alone ? 0 : Math.floor((120 - m.points) / 2) },
            took_trick: { [who]: true, [next]: !m.alone, [third]: !m.alone } };
          if (m.suits.length) deal.marriages = m.suits.map((suit) => ({ player: who, suit }));
        } else {
          deal = { declarer: who, contract: c, points: { [who]: 40, [next]: 40 },
            took_trick: { [who]: true, [next]: true, [third]: true } };
        }
        const threshold = Number(optionOf(info, "barrel_threshold") ?? 880);
        const pointers = { "/deal/contract": "contract", "/deal": "outcome", [`/state/barrel/${who}/deals`]: "try",
          [`/state/barrel/${who}/falls`]: "falls", "/state": "sitter" };
        return { path: "/v1/games/thousand/score", pointers, body: { players: ps, dealer: who,
          state: { scores: Object.fromEntries(ps.map((p) => [p, p === who ? threshold : 0])),
            barrel: { [who]: { deals: Number(V.try) - 1, falls: Number(V.falls || 0) } } }, deal } };
      },
      verdict(a, ps) {
        const who = ps[Number(V.sitter)], row = a.players.find((p) => p.id === who);
        const params = { who, total: signed(row.total_after), before: signed(row.total_before),
          used: String((row.barrel || {}).deals), max: String(optionOf(info, "barrel_deals") ?? "") };
        if (a.winner === who) return [true, fmt(T.barrel_win, params)];
        // while on it, the lowest contract that finishes from it (thousand/7.8), where the barrel sets one
        if ((row.barrel || {}).on && row.barrel.least_contract !== undefined) return [null, fmt(T.barrel_stays_need, { ...params, least: num(row.barrel.least_contract) })];
        if ((row.barrel || {}).on) return [null, fmt(T.barrel_stays, params)];
        return [false, fmt(T.barrel_fall, params)];
      },
    };
  }

  // a player on the barrel when the deal was played (he stays on it, or this deal used one of his tries)
  const onBarrel = (row) => Boolean(row && row.barrel && (row.barrel.on || row.barrel.deals > 0));

  // Thousand: a player took no trick; how many bolts he has already → what this one costs under the house rules
  function boltsTile() {
    return {
      id: "bolts", title: T.tile_bolts, scoreFor: (ps) => [ps[Number(V.bolter)]], rules: ["thousand/13."], plain: true,
      fields(ps) {
        V.bolter = V.bolter ?? "1";
        return [
          choice("bolter", T.who_no_trick, playerOptions(ps), { required: true }),
          choice("prior_bolts", T.bolts_before, [0, 1, 2].map(ordinal), { required: true, hint: T.bolts_before_hint,
            onpick: () => setTimeout(() => F.bolter_total.focus(), 0) }),
          number("bolter_total", T.his_total_before, { required: true }),
        ];
      },
      check() {
        const e = [];
        if (V.prior_bolts === undefined) e.push(["prior_bolts", T.need_bolts]);
        if (whole(V.bolter_total) === null) e.push(["bolter_total", T.need_number]);
        return e;
      },
      request(ps) {
        // he deals and takes no trick; his left neighbour, on the forced 100, plays it and makes it with 80 card
        // points, the third player taking the other 40; the others' totals decide nothing and stand at 0
        const b = Number(V.bolter), who = ps[b], decl = ps[(b + 1) % 3], third = ps[(b + 2) % 3];
        return { path: "/v1/games/thousand/score", body: { players: ps, dealer: who,
          state: { scores: Object.fromEntries(ps.map((p) => [p, p === who ? whole(V.bolter_total) : 0])),
            bolts: { [who]: Number(V.prior_bolts) } },
          deal: { declarer: decl, contract: 100, points: { [decl]: 80, [who]: 0 },
            took_trick: { [decl]: true, [who]: false, [third]: true } } },
        pointers: { [`/state/scores/${who}`]: "bolter_total", "/state/bolts": "prior_bolts", "/state": "bolter_total" } };
      },
      verdict(a, ps) {
        const who = ps[Number(V.bolter)], row = a.players.find((p) => p.id === who);
        const bolt = (a.events || []).find((e) => e.player === who && e.rule === "thousand/13.1");
        const penalty = (a.penalties || []).find((p) => p.player === who);
        if (!bolt) return [null, fmt(onBarrel(row) ? T.bolt_none_barrel : T.bolt_none, { who })];
        const params = { who, bolt: bolt.text || bolt.note, before: signed(row.total_before), after: signed(row.total_after) };
        if (penalty) return [false, fmt(T.bolt_costs, { ...params, points: signed(penalty.points) })];
        return [null, fmt(T.bolt_free, params)];
      },
      // no bolt written: the rule that says why, as the variant has it (the answer cites only the scoring's)
      async cite(a, ps) {
        const who = ps[Number(V.bolter)], row = a.players.find((p) => p.id === who);
        if ((a.events || []).some((e) => e.player === who && e.rule === "thousand/13.1")) return [];
        const id = onBarrel(row) ? "thousand/13.3" : "thousand/13.1";
        const r = await ruleOf("thousand", id);
        return r.status === 200 ? [{ rule: r.data.id, title: r.data.title, text: r.data.text, options: r.data.options || {},
          source: (r.data.source || []) }] : [];
      },
    };
  }

  // the two sides of four players: seats 1 and 3 against 2 and 4
  function canastaSides(ps, player) {
    const us = [ps[0], ps[2]], them = [ps[1], ps[3]];
    const ours = us.includes(player) ? us : them, theirs = us.includes(player) ? them : us;
    return [{ id: ours.join("+"), players: ours }, { id: theirs.join("+"), players: theirs }];
  }
  const WILD = new Set(["2", "JK"]);

  // Canasta: may I go out with these cards, my side having this on the table (and my partner's answer)?
  function goOutTile() {
    return {
      id: "goout", title: T.tile_goout,
      fields(ps) {
        V.goer = V.goer ?? "0";
        return [
          choice("goer", T.who_goes_out, playerOptions(ps), { required: true }),
          choice("table", T.side_table, [{ value: "none", text: T.table_nothing }, { value: "melds", text: T.table_melds },
            { value: "1", text: T.table_1 }, { value: "2", text: T.table_2 }, { value: "3", text: T.table_3 }],
          { required: true }),
          cards("out_melds", T.out_melds, BLACK3_RANKS, { max: 14, copies: 8, columns: 7, hint: T.out_melds_hint,
            words: threeWords() }),
          cards("out_discard", T.out_discard, BLACK3_RANKS, { columns: 7, hint: T.out_discard_hint, words: threeWords() }),
          choice("answer", T.partner_answer, [{ value: "none", text: T.not_asked }, { value: "yes", text: T.yes },
            { value: "no", text: T.no }]),
        ];
      },
      check() {
        const e = [];
        if (!V.table) e.push(["table", T.need_table]);
        if (!(V.out_melds || []).length && !(V.out_discard || []).length) e.push(["out_melds", T.need_out_cards]);
        return e;
      },
      request(ps) {
        const goer = ps[Number(V.goer)], sides = canastaSides(ps, goer);
        const black = ["3S", "3C"];
        let k = 0;
        const suit = (c) => (c === "3S" ? black[k++ % 2] : c);       // two packs: two of each black three
        const meldCards = (V.out_melds || []).map(suit), discard = (V.out_discard || []).map(suit)[0];
        // the cards melded: the naturals of a rank together (black threes too), the wild cards with the rank that
        // has most naturals; a rank too short for a meld of its own (fewer than two naturals, or fewer than three
        // cards) goes onto the side's meld of that rank, which the side then has on the table
        const byRank = new Map();
        for (const c of meldCards.filter((x) => !WILD.has(x))) {
          const r = c.startsWith("3") ? "3" : c;
          byRank.set(r, [...(byRank.get(r) || []), c]);
        }
        const wilds = meldCards.filter((x) => WILD.has(x));
        const ranks = [...byRank.keys()].filter((r) => r !== "3");
        const most = ranks.sort((x, y) => byRank.get(y).length - byRank.get(x).length)[0];
        if (most) byRank.set(most, [...byRank.get(most), ...wilds]);
        const used = new Set([...meldCards, discard].filter(Boolean).map((c) => (c.startsWith("3") ? "3" : c)));
        const spare = ["K", "A", "Q", "J", "10", "9", "8", "7", "6", "5", "4"].filter((r) => !used.has(r));
        const table = [];
        const n = /^\d$/.test(V.table) ? Number(V.table) : 0;
        for (let i = 0; i < n; i++) table.push(Array(7).fill(spare.shift()));
        if (V.table === "melds") table.push(Array(3).fill(spare.shift()));
        const melds = [...byRank.entries()].map(([r, cs]) => {
          const naturals = cs.filter((c) => !WILD.has(c)).length;
          if ((naturals >= 2 && cs.length >= 3) || r === "3" || V.table === "none") return cs;
          table.push(Array(3).fill(r));               // laid off on the side's meld of that rank
          return { rank: r, cards: cs };
        });
        if (!most && wilds.length) melds.push(wilds);
        this.assumedTable = table;          // the side's melds the question did not give: said with the verdict
        this.canasta = melds.some((m) => (Array.isArray(m) ? m : m.cards).length >= 7);
        const position = { phase: "play", hand: [...meldCards, ...(discard ? [discard] : [])],
          pile: { top: spare.shift() || "4", size: 5 } };
        if (table.length) position.melds = { [sides[0].id]: table };
        if (V.answer && V.answer !== "none") position.turn = { answer: V.answer };
        const action = { type: "go_out", player: goer, melds };
        if (discard) action.card = discard;
        return { path: "/v1/games/canasta/check", body: { sides, position, action },
          pointers: { "/position/hand": "out_melds", "/action/melds": "out_melds", "/action/card": "out_discard",
            "/position/melds": "table", "/position/turn": "answer", "/action": "out_melds" } };
      },
      // with nothing on the table the whole hand goes down at once (canasta/6.4): a hand short of the deal is
      // either no canasta (the verdict going out needs, canasta/6.2) or cards not entered (asked for)
      refusal(errors, ps) {
        if (V.table !== "none" || !errors.some((e) => e.pointer === "/position/hand")) return null;
        if (!this.canasta) return { headline: fmt(T.out_no_canasta, { who: ps[Number(V.goer)] }), rules: ["canasta/6.2", "canasta/6.4"] };
        const tapped = (V.out_melds || []).length + (V.out_discard || []).length;
        return { field: "out_melds", text: fmt(T.out_whole_hand, { n: String(tapped) }) };
      },
      // what the answer took the side's table to hold, in words: each meld by its cards, a canasta named
      assumed() {
        const melds = (this.assumedTable || []).map((m) => (m.length >= 7 ? fmt(T.assumed_canasta, { rank: Q.rank_plural[m[0]] || rankText(m[0]), n: String(m.length) })
          : m.map(rankText).join(" ")));
        return melds.length ? fmt(T.assumed_table, { melds: melds.join("; ") }) : null;
      },
      verdict(a, ps) {
        const who = ps[Number(V.goer)];
        if (a.legal === true) return [true, fmt((a.effects || {}).concealed && V.table === "none" ? T.out_yes_concealed : T.out_yes, { who })];
        if (a.legal === false) return [false, fmt(T.out_no, { who, why: (a.violations[0] || {}).message || "" })];
        return [null, fmt(T.depends, { conditions: sayConditions(a.conditions) })];
      },
    };
  }

  // Canasta: what an irregularity costs under the official laws (the offending side pays; canasta/8.x)
  const IRREGULARITIES = ["pile_taken_illegally", "illegal_meld", "excess_wild_cards", "red_three_not_laid_out",
    "out_without_canasta", "permission_breach"];
  function irregularityTile() {
    return {
      id: "irregularity", title: T.tile_irregularity, rules: ["canasta/8."],
      fields(ps) {
        V.offender = V.offender ?? "0";
        return [
          choice("offender", T.who_broke, playerOptions(ps), { required: true }),
          choice("irregularity", T.what_was_done, IRREGULARITIES.map((v) => ({ value: v, text: T["irr_" + v] })),
            { required: true, onpick: (v) => { if (v === "excess_wild_cards") setTimeout(() => F.excess.focus(), 0); } }),
          number("excess", T.excess_count, { hint: T.excess_hint }),
        ];
      },
      check() {
        const e = [];
        if (!V.irregularity) e.push(["irregularity", T.need_irregularity]);
        else if (V.irregularity === "excess_wild_cards" && whole(V.excess) === null) e.push(["excess", T.need_excess]);
        return e;
      },
      request(ps) {
        // the hand as a score pad has it: the offenders melded 60 and were left with 100 in hand (a red three among
        // their cards when one was kept), the others went out with a natural canasta; the referee adds the penalty
        const offender = ps[Number(V.offender)], sides = canastaSides(ps, offender);
        const irr = { type: V.irregularity, side: sides[0].id };
        if (V.irregularity === "excess_wild_cards") irr.count = whole(V.excess);
        const ours = { natural_canastas: 0, mixed_canastas: 0, meld_points: 60, hand_points: 100,
          red_threes: V.irregularity === "red_three_not_laid_out" ? 1 : 0 };
        const theirs = { natural_canastas: 1, mixed_canastas: 0, red_threes: 0, meld_points: 150, hand_points: 20 };
        return { path: "/v1/games/canasta/score", body: { sides, deal: { sides: [{ id: sides[0].id, counts: ours },
          { id: sides[1].id, counts: theirs, went_out: true }], irregularities: [irr] } },
        pointers: { "/deal/irregularities": "irregularity", "/deal/irregularities/0/count": "excess" } };
      },
      verdict(a, ps) {
        const sides = canastaSides(ps, ps[Number(V.offender)]);
        const pen = (a.penalties || [])[0];
        if (!pen) return [true, fmt(T.irr_free, { a: sides[0].players[0], b: sides[0].players[1] })];
        // the side the referee charged, in its players' names
        const side = (sides.find((x) => x.id === pen.side) || sides[0]).players;
        return [false, fmt(T.irr_costs, { a: side[0], b: side[1], points: String(Math.abs(pen.points)) })];
      },
    };
  }

  const TILES = {
    thousand: [
      followTile({ id: "follow", title: T.tile_follow, deck: SUITS.flatMap((s) => THOUSAND_RANKS.map((r) => r + s)), players: 3,
        trumpNone: true, trickMax: 2,
        // the seats (0-2) that show the trump's king or queen: each card of the trick its player's, his card his own
        trumpHolders(he, trick, card, trump) {
          const seats = [...trick.map((c, i) => [c, (he - trick.length + i + 3) % 3]), [card, he]];
          return seats.filter(([c]) => c === "K" + trump || c === "Q" + trump).map(([, seat]) => seat);
        },
        request(ps, he, trick, card, trump) {
          const leader = ps[(he - trick.length + 3) % 3];
          const position = { phase: "play", declarer: leader, contract: 100,
            tricks_won: Object.fromEntries(ps.map((p) => [p, p === leader ? "some" : "none"])),
            trick: { leader, cards: trick }, hand: { known: [card], unknown: 6, void: V.void || [] } };
          if (trump) {
            // the trump's marriage was announced by its holder, who keeps the other card (thousand/10.1): a player
            // who shows its king or queen now, else the leader; an announcement is a lead after a trick won
            // (the leader won the last one)
            const owner = ps[this.trumpHolders(he, trick, card, trump)[0] ?? ps.indexOf(leader)];
            position.trump = trump;
            position.marriages = [{ player: owner, suit: trump }];
            position.tricks_won[owner] = "some";
            // his trick and the leader's are two tricks played: a card fewer in hand than after one
            if (owner !== leader) position.hand.unknown = 5;
          }
          return { path: "/v1/games/thousand/check", body: { players: ps, dealer: ps[(ps.indexOf(leader) + 2) % 3],
            position, action: { type: "play", player: ps[he], card } } };
        } }),
      {
        // the question is the marriage's: its rules alone are cited (a redeal the unseen cards might allow is not)
        id: "marriage", title: T.tile_marriage, rules: ["thousand/10."],
        fields(ps) {
          V.who = V.who ?? "0";
          V.lead = V.lead ?? "K";
          return [
            choice("who", T.who_announces, playerOptions(ps), { required: true }),
            choice("suit", T.marriage_suit, suitOptions(false), { required: true }),
            choice("lead", T.marriage_lead, [{ value: "K", text: Q.rank_words.K }, { value: "Q", text: Q.rank_words.Q }]),
            choice("took", T.took_a_trick, [{ value: "yes", text: T.yes }, { value: "no", text: T.no }], { required: true }),
          ];
        },
        check() {
          const e = [];
          if (!V.suit) e.push(["suit", T.need_suit]);
          if (!V.took) e.push(["took", T.need_took]);
          return e;
        },
        request(ps) {
          // he leads the king or the queen and shows the other: both are known; a hand of 8 before any trick, 7 after
          const w = Number(V.who), who = ps[w], took = V.took === "yes";
          const known = ["K" + V.suit, "Q" + V.suit];
          return { path: "/v1/games/thousand/check", body: { players: ps, dealer: ps[(w + 2) % 3],
            position: { phase: "play", declarer: who, contract: 100,
              tricks_won: Object.fromEntries(ps.map((p) => [p, p === who && took ? "some" : "none"])),
              trick: { leader: who, cards: [] }, hand: { known, unknown: took ? 5 : 6 } },
            action: { type: "play", player: who, card: V.lead + V.suit, marriage: true } },
          pointers: { "/action": "suit", "/position/tricks_won": "took" } };
        },
        verdict(a) {
          const m = (a.effects || {}).marriage;
          if (a.legal === true && m) return [true, fmt(T.marriage_yes, { suit: sign(m.suit), points: String(m.points) })];
          if (a.legal === false) return [false, fmt(T.not_allowed, { why: (a.violations[0] || {}).message || "" })];
          return [a.legal, a.legal ? T.allowed : fmt(T.depends, { conditions: sayConditions(a.conditions) })];
        },
      },
      {
        id: "bid", title: T.tile_bid, rules: ["thousand/7."],     // the auction's rules, not the redeal's
        fields(ps) {
          V.bidder = V.bidder ?? "2";
          V.current = V.current ?? "120";
          return [
            choice("bidder", T.who_bids, playerOptions(ps), { required: true }),
            number("current", T.current_bid, { required: true, hint: T.current_bid_hint }),
            number("amount", T.his_bid, { required: true }),
            choice("bid_mar", T.marriages_held, suitOptions(false), { multi: true }),
            choice("no_more", T.no_more_marriages, [{ value: "yes", text: T.yes }], { multi: true }),
          ];
        },
        check() {
          const e = [];
          if (whole(V.current) === null) e.push(["current", T.need_number]);
          if (whole(V.amount) === null) e.push(["amount", T.need_bid]);
          return e;
        },
        request(ps) {
          // the forehand (left of the dealer) holds the forced 100; the bid before his is his right neighbour's
          const h = Number(V.bidder), current = whole(V.current);
          const bids = current > 100 ? [{ type: "bid", player: ps[(h + 2) % 3], amount: current }] : [];
          const known = (V.bid_mar || []).flatMap((s) => ["K" + s, "Q" + s]);
          return { path: "/v1/games/thousand/check", body: { players: ps, dealer: ps[bids.length ? h : (h + 1) % 3],
            position: { phase: "bidding", bids, hand: { known, unknown: 7 - known.length } },
            action: { type: "bid", player: ps[h], amount: whole(V.amount) } },
          pointers: { "/action/amount": "amount", "/position/bids": "current", "/position/hand": "bid_mar" } };
        },
        verdict(a, ps) {
          const who = ps[Number(V.bidder)], amount = String(whole(V.amount));
          let legal = a.legal;
          // «no other marriage»: a condition that asks for more marriages than those tapped fails
          if (legal === null && (V.no_more || []).length
              && (a.conditions || []).every((c) => c.marriages_worth !== undefined || c.holds_marriage !== undefined)) {
            return [false, fmt(T.bid_no, { who, amount, why: T.not_enough_marriages })];
          }
          if (legal === true) return [true, fmt(T.bid_yes, { who, amount })];
          if (legal === false) return [false, fmt(T.bid_no, { who, amount, why: (a.violations[0] || {}).message || "" })];
          return [null, fmt(T.depends, { conditions: sayConditions(a.conditions) })];
        },
      },
      {
        id: "made", title: T.tile_made,
        fields(ps) {
          const kept = sheetTotals(ps);
          ps.forEach((p, i) => { if (V[`before${i}`] === undefined && kept) V[`before${i}`] = kept[i]; });
          return [
            choice("declarer", T.declarer, playerOptions(ps), { required: true,
              onpick: () => setTimeout(() => F.contract.focus(), 0) }),
            number("contract", T.contract, { required: true }),
            ...ps.map((p, i) => number(`points${i}`, fmt(T.card_points_of, { name: p }),
              { required: i < ps.length - 1, hint: i === ps.length - 1 ? T.last_points_hint : null })),
            ...ps.map((p, i) => choice(`mar${i}`, fmt(T.marriages_of, { name: p }), suitOptions(false), { multi: true })),
            choice("notrick", T.no_trick, playerOptions(ps), { multi: true }),
            ...ps.map((p, i) => number(`before${i}`, fmt(T.total_before_of, { name: p }),
              { hint: i === 0 ? (kept ? T.totals_from_sheet : T.totals_optional_hint) : null })),
          ];
        },
        check(ps) {
          const e = [];
          if (V.declarer === undefined) e.push(["declarer", T.need_declarer]);
          const c = whole(V.contract);
          if (c === null) e.push(["contract", T.need_contract]);
          ps.forEach((p, i) => {
            const v = V[`points${i}`];
            if (i < ps.length - 1 && whole(v) === null) e.push([`points${i}`, fmt(T.need_points, { name: p })]);
            if (i === ps.length - 1 && v !== null && v !== undefined && whole(v) === null) e.push([`points${i}`, fmt(T.need_points, { name: p })]);
          });
          return e.concat(totalsProblems(ps));
        },
        request(ps) {
          const points = {};
          ps.forEach((p, i) => { const v = whole(V[`points${i}`]); if (v !== null) points[p] = v; });
          const marriages = ps.flatMap((p, i) => (V[`mar${i}`] || []).map((s) => ({ player: p, suit: s })));
          const declarer = ps[Number(V.declarer)];
          const body = { players: ps, dealer: ps[(Number(V.declarer) + 2) % 3],
            deal: { declarer, contract: whole(V.contract), points,
              took_trick: Object.fromEntries(ps.map((p, i) => [p, !(V.notrick || []).includes(String(i))])) } };
          if (totalsGiven(ps)) body.state = { scores: Object.fromEntries(ps.map((p, i) => [p, whole(V[`before${i}`])])) };
          if (marriages.length) body.deal.marriages = marriages;
          const pointers = { "/deal/contract": "contract", "/deal/declarer": "declarer", "/deal/took_trick": "notrick", "/state": "before0" };
          ps.forEach((p, i) => { pointers[`/deal/points/${p}`] = `points${i}`; pointers[`/state/scores/${p}`] = `before${i}`; });
          pointers["/deal/points"] = "points0";
          pointers["/deal/marriages"] = "mar0";
          marriages.forEach((m, k) => { pointers[`/deal/marriages/${k}`] = `mar${ps.indexOf(m.player)}`; });
          return { path: "/v1/games/thousand/score", body, pointers };
        },
        verdict(a, ps) {
          const declarer = ps[Number(V.declarer)];
          const row = a.players.find((p) => p.id === declarer);
          const made = row.hand_score > 0;
          const g = female(declarer) ? "f" : "m";
          // without the totals before the deal, the deal's own scores (the barrel and the like need the totals)
          if (!totalsGiven(ps)) return [made, fmt(T[(made ? "made_" : "failed_") + g + "_deal"], { who: declarer, contract: String(whole(V.contract)), scores: dealScores(a, ps) })];
          const totals = ps.map((p) => String(a.players.find((x) => x.id === p).total_after).replace(/^-/, "−")).join(" / ");
          return [made, fmt(T[(made ? "made_" : "failed_") + g], { who: declarer, contract: String(whole(V.contract)), totals })];
        },
      },
      {
        id: "concede", title: T.tile_concede,
        fields(ps) {
          const kept = sheetTotals(ps);
          ps.forEach((p, i) => { if (V[`before${i}`] === undefined && kept) V[`before${i}`] = kept[i]; });
          V.prior = V.prior ?? "0";
          return [
            choice("declarer", T.who_concedes, playerOptions(ps), { required: true,
              onpick: () => setTimeout(() => F.contract.focus(), 0) }),
            number("contract", T.contract, { required: true }),
            ...ps.map((p, i) => number(`before${i}`, fmt(T.total_before_of, { name: p }),
              { hint: i === 0 ? (kept ? T.totals_from_sheet : T.totals_optional_hint) : null })),
            choice("prior", T.prior_concessions, ["0", "1", "2"].map((n) => ({ value: n, text: n })), { hint: T.prior_hint }),
          ];
        },
        check(ps) {
          const e = [];
          if (V.declarer === undefined) e.push(["declarer", T.need_declarer]);
          if (whole(V.contract) === null) e.push(["contract", T.need_contract]);
          return e.concat(totalsProblems(ps));
        },
        request(ps) {
          const d = Number(V.declarer), prior = Number(V.prior || 0);
          const runs = Object.fromEntries(ps.map((p, i) => [p, i === d ? prior : 0]));
          const pointers = { "/deal/contract": "contract", "/deal/declarer": "declarer", "/state/concessions": "prior",
            "/state/concession_run": "prior" };
          ps.forEach((p, i) => { pointers[`/state/scores/${p}`] = `before${i}`; });
          // without the totals the table's are taken as 0: what the concession costs does not turn on them, only
          // the barrel does (thousand/9.4)
          const scores = Object.fromEntries(ps.map((p, i) => [p, totalsGiven(ps) ? whole(V[`before${i}`]) : 0]));
          return { path: "/v1/games/thousand/score", body: { players: ps, dealer: ps[(d + 2) % 3],
            state: { scores, concessions: runs, concession_run: runs },
            deal: { declarer: ps[d], contract: whole(V.contract), conceded: true } }, pointers };
        },
        // a concession the table's rules forbid (on the barrel, or over the game's number) is the verdict, not a
        // refused question: the tile always asks after the talon, by the declarer, outside a golden deal, so only
        // thousand/9.4 can forbid it
        refusal(errors) {
          const e = errors.find((x) => x.pointer === "/deal/conceded");
          return e ? { headline: fmt(T.not_allowed, { why: e.detail }), rules: ["thousand/9.4"] } : null;
        },
        verdict(a, ps) {
          const who = ps[Number(V.declarer)], contract = String(whole(V.contract));
          if (!totalsGiven(ps)) return [null, fmt(T.conceded_deal, { who, contract, scores: dealScores(a, ps) })];
          const totals = ps.map((p) => String(a.players.find((x) => x.id === p).total_after).replace(/^-/, "−")).join(" / ");
          return [null, fmt(T.conceded_is, { who, contract, totals })];
        },
      },
      barrelTile(),
      boltsTile(),
    ],
    canasta: [
      {
        id: "pile", title: T.tile_pile,
        fields(ps) {
          V.taker = V.taker ?? "0";
          // what may freeze the pile is the variant's (a black three only where it freezes): read from the service,
          // the tile drawn again once it is known
          const key = `canasta/${(tableRules("canasta") || {}).variant || ""}`;
          const info = variants[key];
          if (!info) {
            variantInfo("canasta").then((i) => {
              if (house("canasta", i, "black_three_freezes") && tile && tile.id === "pile" && game === "canasta") renderFields(true);
            });
          }
          const blackFreezes = Boolean(info && house("canasta", info, "black_three_freezes"));
          if (!blackFreezes && V.frozen === "black_three") delete V.frozen;
          return [
            choice("taker", T.who_takes, playerOptions(ps), { required: true }),
            // two packs: eight of a rank, four jokers (the referee counts them; a card tapped past eight is let go)
            cards("offered", T.offered, BLACK3_RANKS, { max: 11, copies: 8, columns: 7, required: true, hint: T.offered_hint,
              words: threeWords() }),
            cards("top", T.top_card, PILE_RANKS, { columns: 7, required: true, hint: T.top_card_hint, words: threeWords() }),
            choice("frozen", T.frozen_by, [{ value: "none", text: T.not_frozen }, { value: "wild", text: T.frozen_wild },
              { value: "red_three", text: T.frozen_red_three },
              ...(blackFreezes ? [{ value: "black_three", text: T.frozen_black_three }] : [])], { required: true }),
            choice("opened", T.side_opened, [{ value: "yes", text: T.yes }, { value: "no", text: T.no }], { required: true,
              onpick: (v) => { if (v === "no") setTimeout(() => F.side_total.focus(), 0); } }),
            number("side_total", T.side_total, { hint: T.side_total_hint }),
            number("size", T.pile_size, { hint: T.pile_size_hint }),
          ];
        },
        // a red three on top is no position at all: it is answered at once, nothing else asked (canasta/1.6, 2.1)
        now() {
          if ((V.top || [])[0] !== "3H") return null;
          return { headline: T.red_three_top, rules: ["canasta/2.1", "canasta/1.6"] };
        },
        check() {
          const e = [];
          // a black three on top stops the pile whatever is offered (the referee says so): no cards are needed then
          const blackTop = (V.top || [])[0] === "3S";
          const offered = V.offered || [];
          if (!blackTop && !offered.length) e.push(["offered", T.need_offered]);
          // a single card would be read as the top card taken alone, its melds to come: the question wants the cards
          // that take the pile (a natural pair, a natural card with a wild one)
          else if (!blackTop && offered.length < 2) e.push(["offered", T.need_two]);
          if (!(V.top || []).length) e.push(["top", T.need_top]);
          if (!V.frozen) e.push(["frozen", T.need_frozen]);
          if (!V.opened) e.push(["opened", T.need_opened]);
          // the opening's minimum turns on the side's score (canasta/4.1): asked, never taken as 0 when left blank
          else if (V.opened === "no" && (V.side_total === null || V.side_total === undefined || String(V.side_total).trim() === "")) e.push(["side_total", T.need_side_total]);
          for (const k of ["side_total", "size"]) if (V[k] !== null && V[k] !== undefined && whole(V[k]) === null) e.push([k, T.need_number]);
          return e;
        },
        async request(ps) {
          const dealt = await canastaDeal();
          const us = [ps[0], ps[2]], them = [ps[1], ps[3]];
          const taker = ps[Number(V.taker)];
          const ours = us.includes(taker) ? us : them, theirs = us.includes(taker) ? them : us;
          const sides = [{ id: ours.join("+"), players: ours }, { id: theirs.join("+"), players: theirs }];
          const offered = V.offered || [], top = V.top[0];
          // a side that has not opened holds its whole deal (11 cards, or as our table deals) before it draws
          // (canasta/1.5); one that has opened may hold any number: six more than the offered cards stand for them
          const unknown = V.opened === "yes" ? 6 : Math.max(0, dealt - offered.length);
          const position = { phase: "draw", hand: { known: offered, unknown },
            pile: { top, size: whole(V.size) ?? (V.frozen === "none" ? 1 : 2), frozen_by: V.frozen === "none" ? null : V.frozen } };
          if (V.opened === "yes") {
            // a side that has opened has a meld on the table: three of a rank the question does not use stand for it
            const rank = ["K", "A", "5", "4"].find((r) => r !== top && !offered.includes(r));
            position.melds = { [sides[0].id]: [[rank, rank, rank]] };
          }
          const body = { sides, position, action: { type: "take_pile", player: taker, cards: offered } };
          const total = whole(V.side_total);
          if (total !== null) body.state = { scores: { [sides[0].id]: total, [sides[1].id]: 0 } };
          return { path: "/v1/games/canasta/check", body,
            pointers: { "/action/cards": "offered", "/position/pile": "top", "/position/pile/size": "size", "/position/hand": "offered", "/state": "side_total", "/position/melds": "opened" } };
        },
        verdict(a) {
          if (a.legal === true) return [true, T.pile_yes];
          if (a.legal === false) return [false, fmt(T.not_allowed, { why: (a.violations[0] || {}).message || "" })];
          // taken for the opening with a hand nobody has seen: the melds laid from it may complete the minimum
          const opening = (a.conditions || []).find((c) => c.melds_worth !== undefined);
          // the headline says the condition itself, with the side's minimum and what the take makes toward it
          if (opening && a.conditions.length === 1 && a.facts && a.facts.minimum !== undefined) {
            return [null, fmt(T.pile_if_melds, { player: opening.player, points: num(opening.melds_worth),
              minimum: num(a.facts.minimum), made: num(a.facts.minimum - opening.melds_worth) }), null, true];
          }
          return [null, fmt(T.depends, { conditions: sayConditions(a.conditions) })];
        },
      },
      goOutTile(),
      {
        id: "minimum", title: T.tile_minimum, focus: "score", rules: ["canasta/4."],   // not the draw it asks with
        fields() {
          return [number("score", T.side_score, { required: true, hint: T.side_score_hint })];
        },
        check() {
          return whole(V.score) === null ? [["score", T.need_number]] : [];
        },
        async request(ps) {
          const dealt = await canastaDeal();
          const us = [ps[0], ps[2]], them = [ps[1], ps[3]];
          const sides = [{ id: us.join("+"), players: us }, { id: them.join("+"), players: them }];
          // the minimum stands in the answer's facts of any action of a side that has not opened: a draw from the
          // stock at the start of a turn (the pile's one card decides nothing here)
          return { path: "/v1/games/canasta/check", body: { sides,
            state: { scores: { [sides[0].id]: whole(V.score), [sides[1].id]: 0 } },
            position: { phase: "draw", hand: { known: [], unknown: dealt }, pile: { top: "5", size: 1 } },
            action: { type: "draw", player: ps[0] } },
          pointers: { "/state": "score" } };
        },
        verdict(a) {
          // a side at a high score may have to open with a canasta (the Brazilian table: a canasta, a canasta and
          // 200 in cards, a natural canasta; or a table's opening_canasta_from): said as the rule says it
          const facts = a.facts || {}, canasta = facts.opening_canasta;
          if (canasta === "natural") return [null, T.minimum_natural];
          if (canasta && facts.minimum !== null && facts.minimum !== undefined) return [null, fmt(T.minimum_canasta_and, { n: num(facts.minimum) })];
          if (canasta) return [null, T.minimum_canasta];
          return [null, fmt(T.minimum_is, { n: String(facts.minimum) })];
        },
      },
      irregularityTile(),
    ],
    pinochle: [
      followTile({ id: "playoff", title: T.tile_playoff, deck: SUITS.flatMap((s) => THOUSAND_RANKS.map((r) => r + s)), players: 2,
        trumpNone: false, trickMax: 1, copies: 2,
        request(ps, he, trick, card, trump) {
          // the play-off: the first of its twelve tricks unless told, twelve cards in hand
          const leader = ps[1 - he];
          return { path: "/v1/games/pinochle/check", body: { players: ps, dealer: leader,
            position: { phase: "play", trump, tricks_done: 12, trick: { leader, cards: trick },
              hand: { known: [card], unknown: 11, void: V.void || [] } },
            action: { type: "play", player: ps[he], card } } };
        } }),
      {
        id: "meld", title: T.tile_meld,
        fields(ps) {
          V.melder = V.melder ?? "0";
          return [
            choice("melder", T.who_melds, playerOptions(ps), { required: true }),
            choice("trump", T.trump, suitOptions(false), { required: true }),
            cards("meld_cards", T.meld_cards, SUITS.flatMap((s) => THOUSAND_RANKS.map((r) => r + s)),
              { max: 8, copies: 2, required: true, hint: T.meld_cards_hint }),
            // the everyday argument: a card of a meld already shown used again (pinochle/4.4)
            cards("earlier", T.earlier_meld, SUITS.flatMap((s) => THOUSAND_RANKS.map((r) => r + s)),
              { max: 8, copies: 2, hint: T.earlier_meld_hint }),
          ];
        },
        check() {
          const e = [];
          if (!V.trump) e.push(["trump", T.need_trump_suit]);
          if (!(V.meld_cards || []).length) e.push(["meld_cards", T.need_meld]);
          return e;
        },
        request(ps) {
          // two-handed: he has just taken a trick (here the third) and melds from his 11 cards; an earlier meld of
          // his stays on the table, its cards among the 11: the new meld's other cards come from his hand
          const m = Number(V.melder), cardsShown = V.meld_cards, earlier = V.earlier || [];
          const fromHand = [...cardsShown];
          for (const c of earlier) { const i = fromHand.indexOf(c); if (i >= 0) fromHand.splice(i, 1); }
          const position = { phase: "meld", trump: V.trump, tricks_done: 3,
            hand: { known: fromHand, unknown: Math.max(0, 11 - earlier.length - fromHand.length) } };
          if (earlier.length) position.melds = [{ cards: earlier }];
          return { path: "/v1/games/pinochle/check", body: { players: ps, dealer: ps[1 - m], position,
            action: { type: "meld", player: ps[m], cards: cardsShown } },
          pointers: { "/action/cards": "meld_cards", "/position/hand": "meld_cards", "/position/trump": "trump",
            "/position/melds": "earlier" } };
        },
        verdict(a) {
          const e = a.effects || {};
          if (a.legal === true && e.name) return [true, fmt(T.meld_yes, { name: e.name, points: String(e.points) })];
          if (a.legal === false) return [false, fmt(T.not_allowed, { why: (a.violations[0] || {}).message || "" })];
          return [a.legal, a.legal ? T.allowed : fmt(T.depends, { conditions: sayConditions(a.conditions) })];
        },
      },
      {
        id: "out", title: T.tile_out,
        fields(ps) {
          V.tricks = V.tricks ?? "6";
          V.target = V.target ?? "1000";
          return [
            choice("claimant", T.who_declared, playerOptions(ps), { required: true,
              onpick: () => setTimeout(() => F.banked.focus(), 0) }),
            number("banked", T.banked, { required: true }),
            number("meld", T.meld_this_deal, { required: true }),
            number("counters", T.counters_taken, { required: true }),
            number("target", T.target, { required: true }),
            number("tricks", T.tricks_played, { required: true, hint: T.tricks_hint }),
          ];
        },
        check() {
          const e = [];
          if (V.claimant === undefined) e.push(["claimant", T.need_claimant]);
          for (const k of ["banked", "meld", "counters", "target", "tricks"]) if (whole(V[k]) === null) e.push([k, T.need_number]);
          return e;
        },
        request(ps) {
          const who = ps[Number(V.claimant)], other = ps[1 - Number(V.claimant)];
          return { path: "/v1/games/pinochle/check", body: { players: ps, dealer: other,
            options: whole(V.target) === 1000 ? {} : { target: whole(V.target) },
            state: { scores: { [who]: whole(V.banked), [other]: 0 } },
            position: { phase: "play", trump: "H", tricks_done: whole(V.tricks), meld_points: whole(V.meld), card_points: whole(V.counters) },
            action: { type: "declare_out", player: who } },
          pointers: { "/state": "banked", "/position/meld_points": "meld", "/position/card_points": "counters",
            "/position/tricks_done": "tricks", "/options": "target" } };
        },
        verdict(a) {
          const e = a.effects || {};
          if (a.legal === false) return [false, fmt(T.not_allowed, { why: (a.violations[0] || {}).message || "" })];
          const params = { total: String(e.total), target: String(e.target), winner: e.winner };
          return [e.right, fmt(e.right ? T.out_right : T.out_wrong, params)];
        },
      },
    ],
  };
  const COUNT = { thousand: 3, canasta: 4, pinochle: 2 };

  function sheetTotals(ps) {
    const s = load(SHEET, null);
    try {
      if (!s || s.game !== "thousand" || JSON.stringify(s.players) !== JSON.stringify(ps)) return null;
      const t = s.answer && s.answer.totals;
      if (t && typeof t === "object" && !Array.isArray(t)) return ps.map((p) => t[p] ?? null);
      const rows = (s.answer && s.answer.rows) || [];
      const last = rows[rows.length - 1];
      if (last && last.state_after && last.state_after.scores) return ps.map((p) => last.state_after.scores[p]);
    } catch (e) { /* a sheet of another shape */ }
    return null;
  }

  // ------------------------------------------------------------------ screens
  let game = load(GAME, "thousand");
  if (!TILES[game]) game = "thousand";

  function showTiles() {
    tile = null;
    const kept = sload();
    if (kept.open) { kept.open = null; ssave(kept); }
    document.body.classList.remove("quick-open");
    $("quick-tiles").hidden = false;
    $("quick-body").hidden = true;
    for (const b of $("quick-games").children) b.setAttribute("aria-pressed", b.dataset.game === game ? "true" : "false");
    const list = $("quick-list");
    list.replaceChildren(...TILES[game].map((t) => el("li", {}, el("button", { type: "button", class: "tile", id: `tile-${t.id}`,
      text: t.title, onclick: () => openTile(t) }))));
    tableInForce();
    if (game === "canasta") variantInfo(game);      // what may freeze the pile, ready before the tile opens
  }

  function tableInForce() {
    const table = tableRules(game), chosen = chosenTable(game);
    // a table of ours whose game seats another number of players than the questions ask about is said not to be
    // in force, rather than left out in silence
    const text = table ? fmt(T.table_in_force, { name: table.name })
      : chosen ? fmt(T.table_not_here, { name: chosen.name, n: String(COUNT[game]) }) : "";
    $("quick-table").hidden = !text;
    $("quick-table").textContent = text;
  }

  // the open tile's answers, kept for this tab (sessionStorage) at every tap and keystroke
  const tileKey = (t) => `${game}/${t.id}`;
  // answered: the tiles whose question was answered as it stands; tapped again from the tiles, such a tile starts
  // empty (a new question), while Back, Forward and the language switch still bring it back as it was
  function keepAnswers(answered = false) {
    if (!tile) return;
    const kept = sload(), key = tileKey(tile);
    // a tap that changed nothing (a label, «← All questions», the ask button) leaves an answered question answered
    const same = JSON.stringify((kept.values || {})[key]) === JSON.stringify(V);
    kept.answered = { ...(kept.answered || {}), [key]: answered === true || (same && (kept.answered || {})[key] === true) };
    kept.values = { ...(kept.values || {}), [key]: V };
    kept.open = tileKey(tile);
    ssave(kept);
  }

  // the players' names, as «Партия» remembers them on this device, changed here too
  function namesEditor(ps) {
    const inputs = ps.map((p, i) => el("div", { class: "q-name" }, el("label", { for: `q-name-${i}`, text: fmt(T.player_n, { n: i + 1 }) }),
      el("input", { type: "text", id: `q-name-${i}`, value: p, autocomplete: "off" })));
    const box = el("details", { class: "q-names", id: "q-names" }, el("summary", { text: fmt(T.players_are, { names: ps.join(", ") }) }),
      el("div", { class: "q-name-boxes" }, inputs),
      el("button", { type: "button", class: "secondary", id: "q-names-save", text: T.save_names, onclick: () => {
        const typed = inputs.map((w) => w.querySelector("input").value.trim());
        if (typed.some((n) => !n) || new Set(typed).size !== typed.length) return;
        const kept = load(NAMES, []);
        typed.forEach((n, i) => { kept[i] = n; });
        store(NAMES, kept);
        renderFields(true);
      } }));
    return box;
  }

  function renderFields(keep) {
    const ps = names(COUNT[game]);
    if (!keep) V = {};
    F = {};
    $("quick-fields").replaceChildren(namesEditor(ps), ...tile.fields(ps));
  }

  // how: "push" (a tap: Back returns to the tiles), "replace" (the page opened on it), "none" (Back or Forward)
  function openTile(t, how = "push") {
    tile = t;
    document.body.classList.add("quick-open");
    $("quick-tiles").hidden = true;
    $("quick-body").hidden = false;
    $("quick-title").textContent = t.title;
    const saved = (sload().values || {})[tileKey(t)];
    const fresh = how === "push" && (sload().answered || {})[tileKey(t)] === true;
    if (saved && typeof saved === "object" && !fresh) {     // a half-filled tile comes back as it was left
      V = JSON.parse(JSON.stringify(saved));
      renderFields(true);
    } else {
      renderFields(false);
    }
    keepAnswers();
    if (how === "push") history.pushState({ quick: tileKey(t) }, "", location.href);
    else if (how === "replace") history.replaceState({ quick: tileKey(t) }, "", location.href);
    $("quick-errors").replaceChildren();
    $("quick-ruling").hidden = true;
    $("quick-verdict").replaceChildren();
    if (t.focus) F[t.focus].focus(); else $("quick-title").focus();
  }

  async function ask(ev) {
    ev.preventDefault();
    if (!tile) return;
    const ps = names(COUNT[game]);
    const early = tile.now ? tile.now() : null;
    if (early) {
      showErrors([]);
      await answerNow(early);
      keepAnswers(true);
      return;
    }
    const errors = tile.check(ps);
    showErrors(errors);
    if (errors.length) {
      // a ruling of the question as it stood before is not left standing under the new question's faults
      $("quick-ruling").hidden = true;
      $("quick-verdict").replaceChildren();
      return;
    }
    const req = await tile.request(ps);
    $("quick-ask").disabled = true;
    $("quick-verdict").replaceChildren(el("p", { text: T.loading }));
    $("quick-ruling").hidden = false;
    // the rules of our table, when one is chosen for this game: its variant, its house rules under the tile's own
    const table = tableRules(game);
    const body = table ? { variant: table.variant, ...req.body,
      options: { ...(table.options || {}), ...(req.body.options || {}) } } : req.body;
    const r = await api(req.path, body);
    $("quick-ask").disabled = false;
    if (r.status === 200) {
      await render(r.data, ps, req.body.action);
      keepAnswers(true);
    } else if (r.data && Array.isArray(r.data.errors) && tile.refusal && tile.refusal(r.data.errors, ps)) {
      const v = tile.refusal(r.data.errors, ps);
      if (v.field) {
        // not a verdict: what the player is to enter, at its field
        $("quick-ruling").hidden = true;
        $("quick-verdict").replaceChildren();
        showErrors([[v.field, v.text]]);
        return;
      }
      await answerNow(v);
      keepAnswers(true);
      return;
    } else if (r.data && Array.isArray(r.data.errors)) {
      // a refusal ends the wait: the headline says so in words, and each detail stands at its field
      const why = r.data.errors.map((e) => e.detail).filter(Boolean).join("; ") || r.data.title || "";
      $("quick-verdict").replaceChildren(el("p", { class: "big bad", id: "quick-headline", text: fmt(T.refused, { why }) }));
      showErrors(r.data.errors.map((e) => [fieldOf(req.pointers, e.pointer || ""), e.detail]));
      return;
    } else {
      $("quick-verdict").replaceChildren(el("p", { class: "big bad", text: r.data && r.data.title ? r.data.title : T.unreachable }));
    }
    $("quick-ruling").scrollIntoView({ block: "start" });
    $("quick-ruling").focus();
  }

  // a verdict the page knows without asking (a position that cannot be): the headline, and each rule fetched as
  // the variant has it
  async function answerNow(v) {
    $("quick-ruling").hidden = false;
    const parts = [el("p", { class: "big bad", id: "quick-headline", text: v.headline })];
    const cites = [];
    for (const id of v.rules) {
      const r = await ruleOf(game, id);
      if (r.status === 200) cites.push(r.data);
    }
    if (cites.length) {
      parts.push(el("h3", { text: T.the_rule }));
      for (const c of cites) parts.push(el("div", { class: "citation" }, el("h4", {}, c.title || "", ruleTag(c.id)), c.text ? el("p", { text: c.text }) : null));
    }
    $("quick-verdict").replaceChildren(...parts);
    $("quick-ruling").scrollIntoView({ block: "start" });
    $("quick-ruling").focus();
  }

  function fieldOf(pointers, ptr) {
    let best = null;
    for (const p of Object.keys(pointers)) if ((ptr === p || ptr.startsWith(p + "/")) && (!best || p.length > best.length)) best = p;
    return best ? pointers[best] : null;
  }

  async function render(a, ps, asked) {
    // saidConditions: the headline is the service's conditions said in the tile's words (not listed again below)
    const [ok, headline, instead, saidConditions] = tile.verdict(a, ps);
    const box = $("quick-verdict");
    const parts = [el("p", { class: "big " + (ok === true ? "ok" : ok === false ? "bad" : "neutral"), id: "quick-headline",
      text: headline })];
    const fx = a.effects || {};
    const assumed = tile.assumed ? tile.assumed() : null;
    if (assumed) parts.push(el("p", { class: "assumed", id: "quick-assumed", text: assumed }));
    // the fields a player needs: the claim's reason and winner, the score rows, penalties, conditions
    if (fx.cards_taken !== undefined && whole(V.size) !== null) parts.push(el("p", { text: fmt(T.cards_taken, { n: num(fx.cards_taken) }) }));
    if (fx.reason) parts.push(el("p", { class: "why", id: "quick-reason", text: fx.reason }));
    if (fx.winner) parts.push(el("p", { id: "quick-winner", text: fmt(T.winner, { name: fx.winner }) }));
    if (fx.right !== undefined) parts.push(el("p", { id: "quick-right", text: fx.right ? T.claim_right : T.claim_wrong }));
    if (Array.isArray(a.players)) {
      // a tile about one player (the barrel, a bolt) shows his row alone: the others' stand in for what nobody asked
      const rows = tile.scoreFor ? a.players.filter((p) => tile.scoreFor(ps).includes(p.id)) : a.players;
      parts.push(scoreTable({ players: rows }, ps));
      // how each score was made up, line by line, each with its rule; a tile that made up the deal's card points
      // (the barrel, a bolt) shows only what the table said, not them
      // a line that ends on its own points («…, округлено до 15») is not followed by them again
      const ends = (item, n) => [String(n), num(n)].some((x) => item.endsWith(x) && !/\d/.test(item.charAt(item.length - x.length - 1)));
      if (!tile.plain) parts.push(el("ul", { class: "lines" }, rows.flatMap((p) => (p.lines || []).map((l) =>
        el("li", {}, `${p.id}: ${l.item}` + (ends(l.item, l.points) ? "" : ` (${num(l.points)})`), ruleTag(l.rule))))));
    }
    if (a.game_over) parts.push(el("p", { text: a.winner ? fmt(T.game_won, { name: a.winner }) : T.game_over }));
    // an event is said of its player or side («Анна: болт № 1»), as the score lines are, unless its words name them
    const whose = (e, text) => { const who = e.player ?? (e.side ? sideWords(e.side) : null);
      return who && !text.includes(who) ? `${who}: ${text}` : text; };
    for (const e of a.events || []) if ((e.text || e.note) && (!tile.scoreFor || tile.scoreFor(ps).includes(e.player))) parts.push(el("p", { class: "event" }, whose(e, e.text || e.note), ruleTag(e.rule)));
    // a verdict the table's knowledge settled (a suit he is known to hold, no other marriage): the service's
    // conditions and the actions that turned on them are answered, and not shown as open
    const settled = a.legal === null && ok !== null;
    if (!settled && !saidConditions && !headline.includes(sayConditions(a.conditions))) for (const c of a.conditions || []) if (!headline.includes(c.text)) parts.push(el("p", { class: "condition" }, c.text, ruleTag(c.rule)));
    // a violation the headline already says is not said twice
    for (const v of a.violations || []) if (!headline.includes(v.message)) parts.push(el("p", { class: "why" }, v.message, ruleTag(v.rule)));
    // a penalty the score lines already list (its player, rule and points) is not listed again under «Штрафы»
    const inLines = (p) => !tile.plain && Array.isArray(a.players) && a.players.some((r) => r.id === p.player
      && (r.lines || []).some((l) => l.rule === p.rule && l.points === p.points));
    const penalties = (a.penalties || []).filter((p) => !inLines(p));
    if (penalties.length) {
      // a side in its players' names («Анна и Вера»); a penalty of no points is what follows instead, said alone
      const upper = (t) => t.charAt(0).toUpperCase() + t.slice(1);
      parts.push(el("h3", { text: T.penalties }), el("ul", { class: "penalties" }, penalties.map((p) => (p.points === 0
        ? el("li", {}, p.note ? upper(p.note) : T.no_penalty, ruleTag(p.rule))
        : el("li", {}, fmt(T.penalty_line, { points: num(p.points), who: p.side ? sideWords(p.side) : p.player || "" }),
          p.note ? ` (${p.note})` : "", ruleTag(p.rule))))));
    }
    if (ok !== true && (a.legal === false || a.legal === null)) {
      // what may be done instead: not the action asked about (its own verdict is the headline)
      const same = (act) => asked && act.type === asked.type && act.card !== undefined && act.card === asked.card
        && Boolean(act.marriage) === Boolean(asked.marriage);
      // a redeal claim is an alternative to a call in the auction, not to a card (before the first lead the engine
      // lists it too): said by the bid's question only
      const open = (a.legal_actions || []).filter((act) => !(settled && (act.conditions || []).length) && !same(act)
        && (act.type !== "redeal" || tile.id === "bid"));
      // the card asked about, played without the marriage announced, is another action: said so
      const plain = (act) => (asked && asked.marriage && !act.marriage && act.type === "play" && act.card === asked.card
        ? fmt(T.may_play_unannounced, { card: cardText(act.card) }) : actionText(act));
      const acts = [...(instead || []), ...open.map(plain).filter(Boolean)];
      parts.push(el("h3", { text: T.instead }), acts.length ? el("ul", { class: "instead" }, acts.map((t) => el("li", { text: t })))
        : el("p", { text: T.nothing_instead }));
    }
    // a tile may keep to the rules its question is about (the barrel's, the bolts'), not every rule of the scoring
    const cites = (a.citations || []).filter((c) => !tile.rules || tile.rules.some((r) => c.rule.startsWith(r)));
    if (tile.cite) for (const c of await tile.cite(a, ps)) if (!cites.some((x) => x.rule === c.rule)) cites.push(c);
    if (cites.length) {
      parts.push(el("h3", { text: T.the_rule }));
      for (const c of cites) {
        parts.push(el("div", { class: "citation" }, el("h4", {}, c.title || "", ruleTag(c.rule)), c.text ? el("p", { text: c.text }) : null));
      }
      const house = await houseRules(cites);
      if (house.length) parts.push(el("h3", { text: T.house_rules }), el("ul", {}, house.map((t) => el("li", { text: t }))));
      const titles = (Q.bibliography || {})[game] || {};
      const sources = cites.flatMap((c) => (c.source || []).map((s) => `${c.rule}: ${titles[s.source] || s.source}${s.section ? " — " + s.section : ""}`));
      if (sources.length) {
        parts.push(el("details", { class: "sources" }, el("summary", { text: T.sources }), el("ul", {}, sources.map((s) => el("li", { text: s })))));
      }
    }
    box.replaceChildren(...parts);
    sidesInWords(box, ps);
  }

  // the service names a side by its id («Анна+Вера», as the request gave it): a player reads «Анна и Вера»
  function sidesInWords(box, ps) {
    if (game !== "canasta" || ps.length !== 4) return;
    const ids = [[ps[0], ps[2]], [ps[1], ps[3]]].map(([a, b]) => [`${a}+${b}`, fmt(T.pair, { a, b })]);
    const walk = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      if (n.parentElement && n.parentElement.closest(".rule-id")) continue;
      let t = n.nodeValue;
      for (const [id, words] of ids) t = t.split(id).join(words);
      if (t !== n.nodeValue) n.nodeValue = t;
    }
  }

  // a side's id («Анна+Вера», as the requests name it) in words: «Анна и Вера»
  function sideWords(id) {
    const two = String(id).split("+");
    return two.length === 2 ? fmt(T.pair, { a: two[0], b: two[1] }) : String(id);
  }

  function ruleTag(rule) {
    return rule ? el("span", { class: "rule-id", text: rule }) : null;
  }

  function actionText(act) {
    if (act.type === "play" && act.card) {
      const cond = sayConditions(act.conditions);
      return fmt(T.may_play, { card: cardText(act.card) }) + (cond ? ` (${cond})` : "");
    }
    if (act.type === "draw") return T.may_draw;
    // a meld of its own cards (Pinochle's two-handed game: one meld for each trick won), or the dix
    if (act.type === "meld" && Array.isArray(act.cards) && act.cards.length) return fmt(T.may_meld, { cards: act.cards.map(cardText).join(" ") });
    if (act.type === "dix") return T.may_dix;
    if (act.type === "discard" && act.card) return fmt(T.may_discard, { card: cardText(act.card) });
    if (act.type === "go_out") {
      const melds = (act.melds || []).map((m) => (Array.isArray(m) ? m : m.cards || []).map(cardText).join(" ")).join(", ");
      return fmt(act.card ? T.may_go_out_discard : T.may_go_out, { melds, card: act.card ? cardText(act.card) : "" });
    }
    if (act.type === "pass") return T.may_pass;
    if (act.type === "redeal" && T["redeal_" + act.reason]) {
      const cond = sayConditions(act.conditions);
      return fmt(T.may_redeal, { reason: T["redeal_" + act.reason] }) + (cond ? ` (${cond})` : "");
    }
    if (act.type === "declare_out") return null;
    return null;
  }

  // the house rules that bear on the ruling: a rule switched off (another variant's, as Samba's sequences in a
  // classic game, or an alternative not taken) decided nothing and is not listed, unless it is one of the game's
  // most argued (taking the pile for the opening: «нет» decides); a tile may drop what its question makes idle
  // (the trump's rules with no trump yet)
  const idle = (v) => v === false || v === null || v === 0 || v === "off" || v === "none";
  async function houseRules(cites) {
    const info = await variantInfo(game);
    const argued = new Set((((C.house_rules || {}).games || {})[game] || {}).first || []);
    const out = [];
    const seen = new Set();
    for (const c of cites) {
      for (const [name, value] of Object.entries(c.options || {})) {
        if (seen.has(name)) continue;
        seen.add(name);
        if (idle(value) && !argued.has(name)) continue;
        if (tile && tile.houseRule && !tile.houseRule(name, value)) continue;
        const spec = (info.options || []).find((o) => o.name === name);
        if (!spec) continue;
        const key = typeof value === "string" ? value : JSON.stringify(value);
        const label = (spec.labels && spec.labels[key]) || (value === true ? T.yes : value === false ? T.no : value === null ? T.off : String(value));
        out.push(`${spec.summary} — ${label}`);
      }
    }
    return out;
  }

  function scoreTable(a, ps) {
    return el("table", { class: "q-scores" }, el("caption", { text: T.scores }),
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: T.player }), el("th", { scope: "col", class: "n", text: T.this_deal }),
        el("th", { scope: "col", class: "n", text: T.total }))),
      el("tbody", {}, a.players.map((p) => el("tr", {}, el("th", { scope: "row", text: p.id }),
        // the deal's column is what the deal changed in the total, penalties in it (a deal on the barrel may leave
        // it as it was): before + this deal = total, in every tile as on the sheet
        el("td", { class: "n", text: num(p.total_before !== undefined ? p.total_after - p.total_before : p.hand_score) }),
        el("td", { class: "n", text: num(p.total_after) })))));
  }

  // ------------------------------------------------------------------ start
  function start() {
    const games = $("quick-games");
    for (const g of ["thousand", "canasta", "pinochle"]) {
      games.append(el("button", { type: "button", class: "q-game", id: `quick-game-${g}`, "data-game": g, text: Q.games[g],
        onclick: () => { game = g; store(GAME, g); showTiles(); } }));
    }
    $("quick-back").addEventListener("click", () => {
      if (history.state && history.state.quick) { history.back(); return; }   // as the browser's Back: popstate
      backToTiles();
    });
    window.addEventListener("popstate", (ev) => {
      const want = ev.state && ev.state.quick;
      const t = want && tileByKey(want);
      if (t) { game = want.split("/")[0]; showTiles(); openTile(t, "none"); } else if (tile) backToTiles();
    });
    window.addEventListener("referee:table", tableInForce);     // a table chosen, saved or deleted below (page.js)
    $("quick-form").addEventListener("click", () => keepAnswers());
    $("quick-form").addEventListener("input", () => keepAnswers());
    $("quick-form").addEventListener("keydown", () => setTimeout(keepAnswers, 0));   // an arrow key checks a radio
    $("quick-form").addEventListener("submit", ask);
    $("other-question").addEventListener("click", () => {
      const ask = $("ask");
      ask.scrollIntoView({ block: "start" });
      $("game").focus();
    });
    // the language switched with a tile open: the next page opens it again
    for (const id of ["lang-en", "lang-ru"]) {
      $(id).addEventListener("click", () => { if (tile) { const kept = sload(); kept.carry = true; ssave(kept); } });
    }
    // a tile left open comes back on Back or Forward to it (from another page too) and after the language switch;
    // a reload or a new visit starts on the tiles (the answers wait in the tile until it is tapped)
    const nav = ((performance.getEntriesByType && performance.getEntriesByType("navigation")[0]) || {}).type;
    const kept = sload();
    const carried = kept.carry && nav !== "reload" ? kept.open : null;
    if (kept.carry) { kept.carry = false; ssave(kept); }
    showTiles();
    const key = nav === "back_forward" ? history.state && history.state.quick : carried;
    const t = key && tileByKey(key);
    if (t) { game = key.split("/")[0]; showTiles(); openTile(t, "replace"); }
    else if (history.state && history.state.quick) history.replaceState(null, "", location.href);
  }

  function tileByKey(key) {
    const [g, id] = String(key).split("/");
    return (TILES[g] || []).find((x) => x.id === id) || null;
  }

  function backToTiles() {
    const id = tile ? tile.id : null;
    showTiles();
    const b = id && $(`tile-${id}`);
    if (b) b.focus();
  }
  start();
})();
