// «Партия»: a whole game kept at the table on the score sheet API (POST /v1/games/{game}/scoresheet).
// The game lives in localStorage and travels in the share link's fragment; each change re-sends the whole sheet
// (the service keeps nothing).  Every text comes from the page's config (the catalog).  No build step, no library.
"use strict";
(() => {
  const C = JSON.parse(document.getElementById("config").textContent);
  const T = C.texts;
  const $ = (id) => document.getElementById(id);
  const fmt = (text, params = {}) => text.replace(/\{(\w+)\}/g, (m, k) => (k in params ? String(params[k]) : m));
  const num = (n) => new Intl.NumberFormat(C.lang).format(n).replace(/^-/, "−");
  const signed = (n) => (n > 0 ? "+" : "") + num(n);
  const KEY = "referee.sheet", NAMES = "referee.names";
  const GAMES = ["thousand", "canasta", "pinochle"];
  const SUITS = ["S", "C", "D", "H"];
  const SUIT_SIGN = { S: "♠", C: "♣", D: "♦", H: "♥" };
  const RETRY_MS = 2000;

  const { el } = window.refereeDom;
  const load = (k, dflt) => { try { return JSON.parse(localStorage.getItem(k)) ?? dflt; } catch (e) { return dflt; } };
  const store = (k, v) => { try { localStorage.setItem(k, JSON.stringify(v)); } catch (e) { /* private mode */ } };

  // ------------------------------------------------------------------ state
  // S: {game, variant, options, players, dealer, deals, answer, pending}; null before a game is started
  let S = load(KEY, null);
  let games = null;                 // GET /v1/games
  const variants = {};              // game/variant -> GET /v1/games/{game}/variants/{id}
  let start = { game: null, variant: null, options: {} };
  const typed = [];                 // the names typed on the start screen, kept when the variant changes
  const NAME_MAX = 64, STAKE_MIN = 10, STAKE_MAX = 1000000;   // the service's own bounds
  let form = null;                  // the deal being entered: {index (null: a new one), ...fields}
  let retry = null;
  let rules = {};                   // the game's options in force: the variant's, with the house rules over them

  async function api(path, body) {
    const r = await fetch(path, body === undefined ? { headers: { "Accept-Language": C.lang } } : {
      method: "POST", headers: { "Content-Type": "application/json", "Accept-Language": C.lang },
      body: JSON.stringify(body) });
    let data = null;
    try { data = await r.json(); } catch (e) { /* an error page */ }
    if (r.status >= 500 || data === null) throw new TypeError("unreachable");
    return { status: r.status, data };
  }
  async function variantInfo(game, id) {
    const k = game + "/" + id;
    if (!variants[k]) variants[k] = (await api(`/v1/games/${game}/variants/${encodeURIComponent(id)}`)).data;
    return variants[k];
  }
  const gameInfo = (game) => games.games.find((g) => g.id === game);
  // the variants this page can keep: Thousand for three; Canasta for two sides of two, two or three players on
  // their own, five (a trio against a pair) and six (three sides of two or two of three); Pinochle for two, the
  // partnership game of four and the three-hand auction
  // (Thousand for two and four too: the pad writes both players' points with the unused musik unseen, and the
  // sitting-out dealer's talon points)
  const SEATS = { thousand: [3], canasta: [4, 2, 3, 6, 5], pinochle: [2, 4, 3] };
  // six at Canasta: the sides each variant plays (players a side); the first is the page's default
  const SIX_SIDES = { "pennies-from-heaven": [3] };
  const sixSides = (variant) => SIX_SIDES[variant] || [2, 3];
  SEATS.thousand = [3, 2, 4];
  const playable = (game) => gameInfo(game).variants.filter((v) => v.players.some((n) => SEATS[game].includes(n)));
  const seatsOf = (game, v) => SEATS[game].find((n) => v.players.includes(n));

  // Canasta's sides: seats 1 and 3 against 2 and 4; two or three players each on their own; five, the trio in seats
  // 1, 3 and 5 against the pair in 2 and 4; six, seats 1 and 4, 2 and 5, 3 and 6 together, or 1, 3, 5 against 2, 4, 6
  const sidesOf = (players, size = S && S.sideSize) => {
    const n = players.length;
    if (n === 4) return [{ id: "NS", players: [players[0], players[2]] }, { id: "EW", players: [players[1], players[3]] }];
    if (n < 4) return players.map((p) => ({ id: p, players: [p] }));
    const count = n === 5 || size === 3 ? 2 : 3;
    return Array.from({ length: count }, (_, k) => {
      const ps = players.filter((_, i) => i % count === k);
      const id = ps.join("+");
      return { id: id.length <= 64 ? id : String(k + 1), players: ps };
    });
  };
  // Pinochle's sides in the partnership game (seats 1 and 3 against 2 and 4), named as the referee names them;
  // else each player on his own
  const pinochleSides = () => (S.players.length === 4
    ? [[S.players[0], S.players[2]], [S.players[1], S.players[3]]].map((ps) => ({ id: ps.join("+"), players: ps }))
    : S.players.map((p) => ({ id: p, players: [p] })));
  const auction = () => S.game === "pinochle" && S.players.length > 2;
  // five at Canasta: the trio sits out in turn, one a deal
  const trio = () => (S.players.length === 5 ? sidesOf(S.players)[0].players : null);
  // the counts a side is written with under the variant (its default rules): the page's config
  const countKeys = () => C.canasta_keys[S.variant] || C.canasta_keys.classic;
  const columns = () => (S.game === "canasta" || S.game === "pinochle"
    ? (S.game === "canasta" ? sidesOf(S.players) : pinochleSides()).map((s) => ({ id: s.id, name: s.players.join(" · ") }))
    : S.players.map((p) => ({ id: p, name: p })));

  function envelope(deals) {
    const e = { variant: S.variant, dealer: S.dealer, deals };
    if (S.game === "canasta") e.sides = sidesOf(S.players); else e.players = S.players;
    if (Object.keys(S.options).length) e.options = S.options;
    return e;
  }

  // ------------------------------------------------------------------ the start screen
  function renderStart() {
    $("start").hidden = false; $("play").hidden = true;
    const box = $("game-choice");
    box.replaceChildren(...GAMES.map((g) => el("button", {
      type: "button", class: "toggle", "aria-pressed": String(start.game === g), id: "game-" + g,
      text: gameInfo(g).title, onclick: () => chooseGame(g) })));
    $("start-details").hidden = !start.game;
  }

  // the rules of our table chosen for this game on the first page («Правила нашего стола»), when the sheet keeps it
  function tableOf(game) {
    const name = (load("referee.tables.chosen", {}) || {})[game];
    const t = (load("referee.tables", []) || []).find((x) => x && x.game === game && x.name === name);
    return t && playable(game).some((v) => v.id === t.variant) ? t : null;
  }

  async function chooseGame(game) {
    const table = tableOf(game);
    start = { game, variant: table ? table.variant : gameInfo(game).default_variant, options: {} };
    renderStart();
    const sel = $("sheet-variant");
    sel.replaceChildren(...playable(game).map((v) => el("option", { value: v.id, text: v.title })));
    sel.value = start.variant;
    await chooseVariant(start.variant);
    for (const [k, v] of Object.entries((table && table.options) || {})) {
      const input = $("opt-" + k);
      if (!input || k === "stake") continue;
      start.options[k] = v;
      input.value = input.tagName === "SELECT" ? JSON.stringify(v) : v === null ? "" : String(v);
    }
    renderSummary();
    const first = $("names").querySelector("input");
    if (first) first.focus();
  }

  async function chooseVariant(id) {
    start.variant = id; start.options = {};
    delete $("first-dealer").dataset.chosen;
    const v = await variantInfo(start.game, id);
    const seats = seatsOf(start.game, gameInfo(start.game).variants.find((x) => x.id === id));
    start.seats = seats;
    start.sideSize = seats === 6 ? sixSides(id)[0] : null;
    const remembered = load(NAMES, []);
    const names = $("names");
    names.replaceChildren(...Array.from({ length: seats }, (_, i) => el("div", { class: "field" },
      el("label", { for: "name-" + i, text: fmt(seats === 4 && start.game !== "thousand" ? T.seat_name
        : start.game === "canasta" && seats > 4 ? T.seat_plain : T.player_name, { n: i + 1 }) }),
      el("input", { type: "text", id: "name-" + i, autocomplete: "off", enterkeyhint: i + 1 < seats ? "next" : "done",
        maxlength: String(NAME_MAX), value: typed[i] ?? remembered[i] ?? "", placeholder: T.names.split(", ")[i] || "",
        onkeydown: (ev) => { if (ev.key === "Enter") { ev.preventDefault(); const n = $("name-" + (i + 1)); if (n) n.focus(); } },
        oninput: (ev) => { typed[i] = ev.target.value; renderSummary(); } }))));
    renderSideChoice();
    // the house rules: every option of the variant, at the variant's value until changed
    $("sheet-options").replaceChildren(...v.options.filter((o) => o.name !== "stake").map((o) => {
      const id = "opt-" + o.name;
      let input;
      if (o.type === "bool" || o.allowed) {
        const values = o.type === "bool" ? [true, false] : o.allowed;
        input = el("select", { id }, values.map((x) => el("option", { value: JSON.stringify(x),
          text: (o.labels && o.labels[String(x)]) || String(x) })));
        input.value = JSON.stringify(o.default);
      } else {
        input = el("input", { id, type: "text", inputmode: "numeric", value: o.default === null ? "" : String(o.default) });
        input.dataset.min = o.minimum ?? ""; input.dataset.max = o.maximum ?? "";
        input.dataset.nullable = String(String(o.type).includes("null"));
      }
      input.addEventListener("change", () => {
        if (input.tagName !== "SELECT" && optionProblem(input)) return;     // said at the box when the game starts
        const raw = input.tagName === "SELECT" ? JSON.parse(input.value) : (input.value.trim() === "" ? null : Number(input.value));
        if (JSON.stringify(raw) === JSON.stringify(o.default)) delete start.options[o.name]; else start.options[o.name] = raw;
        renderSummary();
      });
      return el("div", { class: "option" }, el("label", { for: id, text: o.summary }), input);
    }));
    $("stake-field").hidden = !v.options.some((o) => o.name === "stake");
    renderSummary();
  }

  function summaryText(game, variant, options, stake) {
    const v = games && gameInfo(game).variants.find((x) => x.id === variant);
    const parts = [v ? v.title : variant];
    const changed = Object.keys(options).filter((k) => k !== "stake").length;
    parts.push(changed ? fmt(T.rules_changed, { n: changed }) : T.rules_as_variant);
    if (stake) parts.push(fmt(T.stake_is, { n: num(stake) }));
    return parts.join(" · ");
  }
  function stakeValue() {
    const s = $("stake").value.trim();
    return s && /^\d+$/.test(s) && Number(s) >= STAKE_MIN && Number(s) <= STAKE_MAX ? Number(s) : null;
  }
  // a box's problem said at the box: its own line under it, aria-invalid, and the line as its description
  function markField(input, text) {
    const id = input.id + "-error";
    let line = $(id);
    if (!text) {
      input.removeAttribute("aria-invalid");
      if (line) line.remove();
      return;
    }
    if (!line) { line = el("p", { id, class: "field-error" }); input.after(line); }
    line.textContent = text;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", id);
  }
  const WHOLE = /^-?\d+$/;
  // a house rule typed as a number: a whole number within the option's bounds (empty where the rule may be off)
  function optionProblem(input) {
    const v = input.value.trim(), min = input.dataset.min, max = input.dataset.max;
    if (v === "" && input.dataset.nullable === "true") return null;
    const n = Number(v);
    if (!WHOLE.test(v) || (min !== "" && n < Number(min)) || (max !== "" && n > Number(max))) {
      return min !== "" && max !== "" ? fmt(T.option_range, { min: num(Number(min)), max: num(Number(max)) }) : T.option_whole;
    }
    return null;
  }
  // a player's name as its box gives it: a box left empty takes the name it shows greyed (Анна, Борис, …)
  function nameOf(box) { return box.value.trim() || (box.placeholder || "").trim(); }
  // every box of the start screen: [box, problem or null]
  function startProblems() {
    const boxes = [...$("names").querySelectorAll("input")];
    const names = boxes.map(nameOf);
    const out = boxes.map((b, i) => [b, !names[i] ? fmt(T.name_empty, { n: i + 1 })
      : names[i].length > NAME_MAX ? fmt(T.name_long, { n: NAME_MAX })
        : names.indexOf(names[i]) < i ? T.name_taken : null]);
    const stake = $("stake").value.trim();
    if (!$("stake-field").hidden) {
      out.push([$("stake"), stake === "" || stakeValue() !== null ? null
        : fmt(T.stake_range, { min: num(STAKE_MIN), max: num(STAKE_MAX) })]);
    }
    for (const input of $("sheet-options").querySelectorAll("input")) out.push([input, optionProblem(input)]);
    return out;
  }
  // who deals first: one of the names typed (by default the last one; in Canasta the first)
  function renderDealer() {
    const sel = $("first-dealer");
    const names = [...$("names").querySelectorAll("input")].map(nameOf);
    const was = sel.selectedIndex;
    sel.replaceChildren(...names.map((n, i) => el("option", { value: String(i), text: n || fmt(T.player_name, { n: i + 1 }) })));
    sel.selectedIndex = was >= 0 && was < names.length && sel.dataset.chosen ? was : (start.game === "canasta" ? 0 : names.length - 1);
  }

  // six at Canasta: three sides of two or two of three, as the variant plays; the sides named by the names typed
  function renderSideChoice() {
    let box = $("side-choice");
    if (start.seats !== 6) { if (box) box.remove(); return; }
    if (!box) { box = el("div", { id: "side-choice" }); $("names").after(box); }
    const names = [...$("names").querySelectorAll("input")].map((x, i) => nameOf(x) || String(i + 1));
    const sizes = sixSides(start.variant);
    box.replaceChildren(group(T.sides, ...sizes.map((size) => toggle("sides-" + size,
      fmt(size === 2 ? T.sides_pairs : T.sides_trios, { sides: sidesOf(names, size).map((s) => s.players.join(" + ")).join("; ") }),
      start.sideSize === size, () => { start.sideSize = size; renderSideChoice(); $("sides-" + size).focus(); }))));
  }

  function renderSummary() {
    if (!start.game) return;
    renderSideChoice();
    renderDealer();
    $("start-summary").textContent = summaryText(start.game, start.variant, start.options, stakeValue());
  }

  // names as the referee tells players apart (referee/common.py): a name holds no character that shows nothing;
  // two names are one when equal after NFKC and case folding, and look alike when they share a shape with the
  // letters of the Latin, Cyrillic and Greek alphabets that pass for one another taken as one letter (the referee
  // checks every confusable of Unicode's UTS #39 when the first deal is sent; this is the part a table meets)
  const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\u2800\u115f\u3164]|(?! )\p{White_Space}/u;
  const LOOKALIKE = Object.fromEntries([
    ["a", "аɑα"], ["c", "сϲ"], ["d", "ԁ"], ["e", "е"], ["h", "һ"], ["i", "іι"], ["j", "ј"], ["l", "ӏI1|"],
    ["o", "оο"], ["p", "рρ"], ["q", "ԛ"], ["s", "ѕ"], ["w", "ԝ"], ["x", "хχ"], ["y", "у"], ["v", "ν"],
    ["A", "АΑ"], ["B", "ВΒ"], ["C", "СϹ"], ["E", "ЕΕ"], ["H", "НΗ"], ["J", "Ј"], ["K", "КΚ"], ["M", "МΜ"],
    ["N", "Ν"], ["O", "ОΟ0"], ["P", "РΡ"], ["S", "Ѕ"], ["T", "ТΤ"], ["X", "ХΧ"], ["Y", "УΥ"], ["Z", "Ζ"],
  ].flatMap(([latin, like]) => [...like].map((ch) => [ch, latin])));
  const nameKey = (n) => n.normalize("NFKC").toLowerCase();
  const shape = (n) => [...n].map((ch) => LOOKALIKE[ch] || ch).join("");
  // the shapes of a name as written and as folded: two names that share one look alike
  const shapesOf = (n) => [shape(n.normalize("NFKC")), shape(nameKey(n))];
  // the first fault of the names typed: [message, the box]; null when each can be told apart
  function namesFault(names) {
    const empty = names.findIndex((n) => !n);
    if (empty >= 0) return [T.names_needed, empty];
    const hidden = names.findIndex((n) => INVISIBLE.test(n));
    if (hidden >= 0) return [fmt(T.names_invisible, { n: hidden + 1 }), hidden];
    for (let j = 1; j < names.length; j++) {
      for (let i = 0; i < j; i++) {
        if (nameKey(names[i]) === nameKey(names[j])) return [T.names_needed, j];
        if (shapesOf(names[i]).some((x) => shapesOf(names[j]).includes(x))) return [fmt(T.names_lookalike, { first: names[i], second: names[j] }), j];
      }
    }
    return null;
  }

  function begin() {
    const names = [...$("names").querySelectorAll("input")].map(nameOf);
    const err = $("start-error");
    const problems = startProblems();
    for (const [box, text] of problems) markField(box, text);
    const bad = problems.filter(([, text]) => text);
    if (bad.length) {
      // the house rules' box opened when the problem is in there
      if (bad[0][0].closest("details")) bad[0][0].closest("details").open = true;
      err.textContent = T.check_fields;
      bad[0][0].focus();
      return;
    }
    for (const box of $("names").querySelectorAll("[aria-invalid]")) box.removeAttribute("aria-invalid");
    const fault = namesFault(names);
    if (fault) {
      err.textContent = fault[0];
      const box = $("name-" + fault[1]);
      box.setAttribute("aria-invalid", "true"); box.setAttribute("aria-describedby", "start-error"); box.focus();
      return;
    }
    err.textContent = "";
    store(NAMES, names);
    const options = { ...start.options };
    const stake = stakeValue();
    if (stake) options.stake = stake;
    $("sheet-status").textContent = "";       // nothing said of a game just begun
    S = { game: start.game, variant: start.variant, options, players: names,
          dealer: names[Number($("first-dealer").value)], deals: [], answer: null, pending: false,
          rev: revOf(load(KEY, null)) };
    if (start.sideSize) S.sideSize = start.sideSize;
    save();
    form = null;
    renderPlay();
  }

  // ------------------------------------------------------------------ the deal form
  const blank = () => {
    if (S.game === "thousand") return { declarer: null, contract: "", outcome: "made", points: {}, marriages: [], noTrick: [],
                                        golden: false, blind: false, talon: "", penalties: [], penaltyOpen: false };
    if (S.game === "canasta") return { sides: Object.fromEntries(sidesOf(S.players).map((s) => [s.id, {}])), out: null, concealed: false,
                                       sitter: null };
    return { trump: null, meld: {}, points: {}, last: null, out: null, bidder: null, bid: "", noTrick: null };
  };
  // five at Canasta: who sits deal ``i`` out by default, the next of the trio after the one who sat out the deal before
  function sitterFor(i) {
    const t = trio();
    if (!t) return null;
    const before = i > 0 && S.deals[i - 1] ? S.deals[i - 1].sitting_out : null;
    return before && t.includes(before) ? t[(t.indexOf(before) + 1) % t.length] : t[t.length - 1];
  }

  // a deal of the sheet back into the form
  function toForm(d) {
    if (S.game === "thousand") {
      const f = blank();
      f.declarer = d.declarer; f.contract = String(d.contract);
      f.outcome = d.conceded ? "conceded" : (d._outcome || "made");
      for (const [p, v] of Object.entries(d.points || {})) f.points[p] = String(v);
      f.marriages = (d.marriages || []).map((m) => m.player + ":" + m.suit);
      f.noTrick = Object.entries(d.took_trick || {}).filter(([, t]) => !t).map(([p]) => p);
      f.golden = !!d.golden; f.blind = !!d.blind;
      f.talon = d.talon_points !== undefined ? String(d.talon_points) : (d.talon || []).join(" ");
      f.penalties = penaltyKeys(d);
      f.penaltyOpen = f.penalties.length > 0;
      if (!d.declarer) f.outcome = "made";
      return f;
    }
    if (S.game === "canasta") {
      const f = blank();
      for (const s of d.sides) {
        f.sides[s.id] = Object.fromEntries(Object.entries(s.counts).map(([k, v]) => [k, String(v)]));
        if (s.went_out) { f.out = s.id; f.concealed = !!s.concealed; }
      }
      f.sitter = d.sitting_out || null;
      return f;
    }
    const f = blank();
    if (d.bid) {
      f.bidder = d.bid.player; f.bid = String(d.bid.amount);
      if (d.tricks_taken) f.noTrick = Object.keys(d.tricks_taken).find((k) => d.tricks_taken[k] === 0) || null;
      if (S.players.length === 3) f.bidderMeld = String((d.meld_points || {})[d.bid.player] ?? "");
      f.conceded = !!d.conceded;
    }
    f.trump = d.trump; f.last = d.last_trick || null;
    for (const [p, v] of Object.entries(d.meld_points || {})) f.meld[p] = String(v);
    for (const [p, v] of Object.entries(d.points || {})) f.points[p] = String(v);
    if (d.declared_out) f.out = d.declared_out.player;
    return f;
  }

  const int = (s) => (String(s ?? "").trim() === "" ? 0 : Number(String(s).trim()));

  // the form as the API takes a deal (null with a message when something is missing)
  function fromForm(f) {
    if (S.game === "thousand") {
      const irregularities = f.penalties.map((k) => ({ type: k.split(":")[0], player: k.slice(k.indexOf(":") + 1) }));
      const pen = irregularities.length ? { irregularities } : {};
      // a deal not played: a card exposed in the deal, or only a penalty and no declarer
      if (f.penalties.some((k) => k.startsWith("exposed_card:")) || (!f.declarer && irregularities.length)) return [pen, null];
      if (!f.declarer) return [null, T.need_declarer];
      // four players, a deal bid: the sitter scores from the talon, its card points or its cards as the rules
      // count it (thousand/3.6), asked in those words (the referee's own message asks for the cards)
      const talon = talonKind();
      if (talon && String(f.talon || "").trim() === "") {
        return [null, fmt(talon === "points" ? T.need_talon_points : T.need_talon_cards, { name: sitterOf(dealNo()) }), "talon"];
      }
      const extra = { ...(f.golden ? { golden: true } : {}), ...(f.blind ? { blind: true } : {}), ...talonOf(f), ...pen };
      if (f.outcome === "conceded") return [{ declarer: f.declarer, contract: int(f.contract) || 100, conceded: true, ...extra }, null];
      if (String(f.contract).trim() === "") return [null, T.need_contract, "contract"];
      // every box of points shown is typed, never taken for 0: the one the referee counts from the others (the
      // declarer's) has no box; with two players both are written, the unused musik being unseen
      const shown = pointsOf(f);
      const empty = shown.find((p) => String(f.points[p] ?? "").trim() === "");
      if (empty !== undefined) return [null, fmt(T.need_points, { name: empty }), "points-" + S.players.indexOf(empty)];
      const d = { declarer: f.declarer, contract: int(f.contract),
                  points: Object.fromEntries(shown.map((p) => [p, int(f.points[p])])),
                  took_trick: Object.fromEntries(activeOf(dealNo()).map((p) => [p, !f.noTrick.includes(p)])) };
      Object.assign(d, extra);
      if (f.marriages.length) d.marriages = f.marriages.map((m) => ({ player: m.split(":")[0], suit: m.split(":")[1] }));
      d._outcome = f.outcome;
      return [d, null];
    }
    if (S.game === "canasta") {
      const keys = countKeys();
      const d = { sides: sidesOf(S.players).map(({ id }) => {
        const s = { id, counts: Object.fromEntries(keys.map((k) => [k, int(f.sides[id][k])])) };
        if (f.out === id) { s.went_out = true; if (f.concealed) s.concealed = true; }
        return s;
      }) };
      if (trio()) d.sitting_out = f.sitter || sitterFor(form.index === null ? S.deals.length : form.index);
      return [d, null];
    }
    if (auction()) {
      // the auction forms as a pad keeps them: the bid, each side's (three-hand: the bidder's) meld, the counters,
      // the last trick; a side with meld that took no trick says so (the other took all 12)
      if (!f.bidder) return [null, T.need_bidder];
      if (String(f.bid).trim() === "") return [null, T.need_bid];
      // three-hand: the bidder gave up before the first lead (the bid off once): nothing else to write, the trump
      // only if he named one
      if (f.conceded && S.players.length === 3) {
        return [{ bid: { player: f.bidder, amount: int(f.bid) }, ...(f.trump ? { trump: f.trump } : {}), conceded: true }, null];
      }
      if (!f.trump) return [null, T.need_trump];
      const units = pinochleSides().map((u) => u.id);
      const d = { bid: { player: f.bidder, amount: int(f.bid) }, trump: f.trump,
                  meld_points: S.players.length === 4 ? Object.fromEntries(units.map((u) => [u, int(f.meld[u])]))
                    : { [f.bidder]: int(f.bidderMeld) },
                  points: Object.fromEntries(units.map((u) => [u, int(f.points[u])])) };
      if (f.last) d.last_trick = f.last;
      if (f.noTrick && S.players.length === 4) d.tricks_taken = Object.fromEntries(units.map((u) => [u, u === f.noTrick ? 0 : 12]));
      return [d, null];
    }
    if (!f.trump) return [null, T.need_trump];
    const d = { trump: f.trump, meld_points: Object.fromEntries(S.players.map((p) => [p, int(f.meld[p])])),
                points: Object.fromEntries(S.players.map((p) => [p, int(f.points[p])])) };
    if (f.last) d.last_trick = f.last;
    // play stops at a declaration out (pinochle/6.4): the counters taken by then are the deal's, asked once and
    // counted by the referee from the claimant's counters
    if (f.out) d.declared_out = { player: f.out };
    return [d, null];
  }
  const forApi = (d) => { const c = { ...d }; delete c._outcome; return c; };

  // Thousand: who deals deal i (from 0), and who plays it: with four players the dealer sits out
  const dealerOf = (i) => S.players[(S.players.indexOf(S.dealer) + i) % S.players.length];
  const dealNo = () => (form && form.index !== null ? form.index : S.deals.length);
  const sitterOf = (i) => (S.game === "thousand" && S.players.length === 4 ? dealerOf(i) : null);
  const activeOf = (i) => S.players.filter((p) => p !== sitterOf(i));
  // whose card points are written: with two players both (the unused musik stays unseen), else all but the declarer's
  const pointsOf = (f) => activeOf(dealNo()).filter((p) => S.players.length === 2 || p !== f.declarer);
  // the sitter's talon: its card points where that is what the sitter scores, its cards where the aces count
  const TALON_POINTS = ["talon_points", "talon_points_rounded"];
  const talonKind = () => (S.players.length !== 4 || rules.sitter_scoring === "none" ? null
    : TALON_POINTS.includes(rules.sitter_scoring) ? "points" : "cards");
  function talonOf(f) {
    const kind = talonKind(), v = String(f.talon || "").trim();
    if (!kind || v === "") return {};
    return kind === "points" ? { talon_points: int(v) } : { talon: v.split(/[\s,]+/) };
  }

  function numberInput(id, label, value, oninput) {
    return el("div", { class: "field num" }, el("label", { for: id, text: label }),
      el("input", { type: "text", id, inputmode: "numeric", pattern: "-?[0-9]*", autocomplete: "off", enterkeyhint: "next",
        value: value ?? "", oninput: (ev) => oninput(ev.target.value),
        onkeydown: (ev) => { if (ev.key === "Enter") { ev.preventDefault(); nextInput(ev.target); } } }));
  }
  function nextInput(input) {
    const all = [...$("deal-form").querySelectorAll("input")];
    const next = all[all.indexOf(input) + 1];
    if (next) next.focus(); else $("record").focus();
  }
  function toggle(id, label, pressed, onclick, extra = {}) {
    return el("button", { type: "button", class: "toggle", id, "aria-pressed": String(!!pressed), onclick, ...extra }, label);
  }
  // a player's toggle: its visible words, the player's name for a screen reader before them
  const whose = (name, text) => [el("span", { class: "sr-only", text: name + ": " }), text];
  function group(label, ...kids) {
    return el("div", { class: "group", role: "group", "aria-label": label }, el("span", { class: "group-label", "aria-hidden": "true", text: label }), ...kids);
  }

  function renderForm() {
    const f = form.f;
    const box = $("deal-fields");
    const again = (focus) => { renderForm(); if (focus) { const e = $(focus); if (e) e.focus(); } };
    const kids = [];
    if (S.game === "thousand") {
      // a golden-round deal: 120, played by the player left of the dealer (where the house rules have it)
      const n = form.index === null ? S.deals.length : form.index;
      if (rules.golden_round) kids.push(toggle("golden", T.golden, f.golden, () => {
        f.golden = !f.golden;
        if (f.golden) { f.declarer = S.players[(S.players.indexOf(S.dealer) + n + 1) % S.players.length]; f.contract = "120"; f.blind = false; }
        again("golden");
      }));
      if (rules.blind && !f.golden) kids.push(toggle("blind", T.blind, f.blind, () => { f.blind = !f.blind; again("blind"); }));
      const active = activeOf(n), shown = pointsOf(f);
      kids.push(group(T.declarer, ...S.players.map((p, i) => (active.includes(p) ? toggle("decl-" + i, p, f.declarer === p,
        () => { f.declarer = p; if (S.players.length !== 2) delete f.points[p]; again(f.outcome === "conceded" ? null : "contract"); }) : null))));
      kids.push(numberInput("contract", T.contract, f.contract, (v) => { f.contract = v; }));
      kids.push(group(T.outcome, ...[["made", T.made], ["failed", T.failed], ["conceded", T.conceded]].map(([k, t]) =>
        toggle("outcome-" + k, t, f.outcome === k, () => {
          f.outcome = k;
          again(k === "conceded" ? null : "points-" + S.players.indexOf(pointsOf(f)[0]));
        }))));
      if (f.outcome !== "conceded") {
        S.players.forEach((p, i) => {
          if (!active.includes(p)) return;
          const row = el("div", { class: "player-row" }, el("div", { class: "who", text: p }));
          if (shown.includes(p)) row.append(numberInput("points-" + i, fmt(T.points_of, { name: p }), f.points[p], (v) => { f.points[p] = v; }));
          row.append(group(fmt(T.marriage_of, { name: p }), ...SUITS.map((s) => toggle(`mar-${i}-${s}`,
            el("span", { class: "suit " + (s === "D" || s === "H" ? "red" : ""), "aria-hidden": "true", text: SUIT_SIGN[s] }),
            f.marriages.includes(p + ":" + s), () => {
              const k = p + ":" + s;
              f.marriages = f.marriages.includes(k) ? f.marriages.filter((m) => m !== k) : [...f.marriages, k];
              again(`mar-${i}-${s}`);
            }, { "aria-label": fmt(T.marriage_suit, { suit: C.suits[s], name: p }) }))));
          row.append(toggle("notrick-" + i, whose(p, T.no_trick), f.noTrick.includes(p), () => {
            f.noTrick = f.noTrick.includes(p) ? f.noTrick.filter((x) => x !== p) : [...f.noTrick, p];
            again("notrick-" + i);
          }));
          kids.push(row);
        });
      }
      const sitter = sitterOf(n), kind = talonKind();
      if (sitter && kind) {
        kids.push(el("div", { class: "player-row" }, el("div", { class: "who", text: sitter }),
          kind === "points" ? numberInput("talon", fmt(T.talon_points_of, { name: sitter }), f.talon, (v) => { f.talon = v; })
            : el("div", { class: "field" }, el("label", { for: "talon", text: fmt(T.talon_cards_of, { name: sitter }) }),
              el("input", { type: "text", id: "talon", autocomplete: "off", value: f.talon, oninput: (ev) => { f.talon = ev.target.value; } }))));
      }
      kids.push(...penaltyFields(f, n, again));
    } else if (S.game === "canasta") {
      sidesOf(S.players).forEach((s, i) => {
        const row = el("fieldset", { class: "side-row" }, el("legend", { text: s.players.join(" · ") }));
        for (const k of countKeys()) row.append(numberInput(`side${i}-${k}`, C.counts[k], f.sides[s.id][k], (v) => { f.sides[s.id][k] = v; }));
        row.append(toggle("out-" + i, T.went_out, f.out === s.id, () => {
          f.out = f.out === s.id ? null : s.id; if (f.out !== s.id) f.concealed = false; again("out-" + i); }));
        if (f.out === s.id) row.append(toggle("concealed-" + i, T.concealed, f.concealed, () => { f.concealed = !f.concealed; again("concealed-" + i); }));
        kids.push(row);
      });
      if (trio()) {
        const now = f.sitter || sitterFor(form.index === null ? S.deals.length : form.index);
        kids.push(group(T.sitting_out, ...trio().map((p, i) => toggle("sitter-" + i, p, now === p,
          () => { f.sitter = p; again("sitter-" + i); }))));
      }
    } else if (auction()) {
      renderAuction(f, kids, again);
    } else {
      kids.push(group(T.trump, ...SUITS.map((s) => toggle("trump-" + s, C.suits[s], f.trump === s,
        () => { f.trump = s; again("meld-0"); }))));
      S.players.forEach((p, i) => {
        kids.push(el("div", { class: "player-row" }, el("div", { class: "who", text: p }),
          numberInput("meld-" + i, fmt(T.meld_of, { name: p }), f.meld[p], (v) => { f.meld[p] = v; }),
          numberInput("counters-" + i, fmt(T.counters_of, { name: p }), f.points[p], (v) => {
            f.points[p] = v;
            // the pad counts one player's cards: the other's are what is left of the deck's 240
            if (!f.out) fillCounters(f, S.players, i);
          }),
          toggle("last-" + i, whose(p, T.last_trick), f.last === p, () => { f.last = f.last === p ? null : p; again("last-" + i); }),
          toggle("declout-" + i, whose(p, T.declared_out), f.out === p, () => { f.out = f.out === p ? null : p; again(f.out ? "counters-" + i : "declout-" + i); })));
      });
    }
    if (S.game === "canasta") kids.push(...canastaPenalties(f, again));
    box.replaceChildren(...kids);
    const n = form.index === null ? S.deals.length + 1 : form.index + 1;
    $("deal-title").textContent = fmt(form.index === null ? T.deal_n : T.edit_deal_n, { n });
    $("record").textContent = form.index === null ? T.record : T.save;
    $("delete-deal").hidden = $("cancel-edit").hidden = form.index === null;
    $("dealer-line").textContent = dealerLine(n - 1);
  }

  // Pinochle's auction forms: who won the bidding and the bid, the trump, each side's meld and counters (three-hand:
  // the bidder's meld, every player's counters, the bidder's buried cards in his), the last trick
  function renderAuction(f, kids, again) {
    const four = S.players.length === 4;
    const units = pinochleSides();
    kids.push(group(T.bidder, ...S.players.map((p, i) => toggle("decl-" + i, p, f.bidder === p,
      () => { f.bidder = p; again("bid"); }))));
    kids.push(numberInput("bid", T.bid, f.bid, (v) => { f.bid = v; }));
    kids.push(group(T.trump, ...SUITS.map((s) => toggle("trump-" + s, C.suits[s], f.trump === s,
      () => { f.trump = s; again(four ? "meld-0" : f.conceded ? null : "bidder-meld"); }))));
    // three-hand: the bidder may give up before the first lead (the bid off once); then nothing more is asked
    if (!four) kids.push(toggle("given-up", T.pin_given_up, f.conceded, () => { f.conceded = !f.conceded; again("given-up"); }));
    if (!four && f.conceded) return;
    if (!four) kids.push(numberInput("bidder-meld", f.bidder ? fmt(T.meld_of, { name: f.bidder }) : T.bidder_meld,
      f.bidderMeld, (v) => { f.bidderMeld = v; }));
    units.forEach((u, i) => {
      const name = u.players.join(" · ");
      const row = el("div", { class: "player-row" }, el("div", { class: "who", text: name }));
      if (four) row.append(numberInput("meld-" + i, fmt(T.meld_of, { name }), f.meld[u.id], (v) => { f.meld[u.id] = v; }));
      row.append(numberInput("counters-" + i, fmt(T.counters_of, { name }), f.points[u.id], (v) => {
        f.points[u.id] = v;
        // the counters add up to the deck's 240: the side (or player) left empty gets what the others leave
        fillCounters(f, units.map((x) => x.id), i);
      }));
      row.append(toggle("last-" + i, whose(name, T.last_trick), f.last === u.id, () => { f.last = f.last === u.id ? null : u.id; again("last-" + i); }));
      if (four) row.append(toggle("notrick-" + i, whose(name, T.no_trick), f.noTrick === u.id, () => { f.noTrick = f.noTrick === u.id ? null : u.id; again("notrick-" + i); }));
      kids.push(row);
    });
  }

  // Pinochle's counters add up to the deck's 240: typed in every box but one, that one is filled with what is left,
  // whichever it is; a box so filled follows the boxes typed (emptied when they no longer leave it a number) until
  // the player types in it.  ``ids``: the boxes' keys in order (box "counters-<k>"); ``typed``: the box typed in
  function fillCounters(f, ids, typed) {
    f.auto = f.auto || {};
    delete f.auto[ids[typed]];
    const put = (k, v) => { f.points[ids[k]] = v; const box = $("counters-" + k); if (box) box.value = v; };
    const given = ids.filter((id) => !f.auto[id] && String(f.points[id] ?? "").trim() !== "");
    const open = ids.map((id, k) => k).filter((k) => !given.includes(ids[k]));
    for (const k of open) if (f.auto[ids[k]]) { put(k, ""); delete f.auto[ids[k]]; }
    if (open.length !== 1 || !given.every((id) => /^\d+$/.test(String(f.points[id]).trim()))) return;
    const left = 240 - given.reduce((a, id) => a + Number(String(f.points[id]).trim()), 0);
    if (left < 0) return;
    put(open[0], String(left)); f.auto[ids[open[0]]] = true;
  }

  function dealerLine(i) {
    if (S.game === "canasta") return "";
    return fmt(sitterOf(i) ? T.dealer_sits_out : T.dealer_is, { name: dealerOf(i) });
  }

  // ------------------------------------------------------------------ penalties (the irregularities /score takes)
  // «Штраф» opens them; then one tap on who is at fault under the fault.  Thousand: a card exposed in the deal
  // (the dealer's; the deal is not played), the third nine cut (the cutter, not the dealer), the talon looked at.
  // Canasta: the side's irregularities with a fixed penalty (a permission breach only where partners ask)
  const PENALTIES = [["exposed_card", "pen_exposed"], ["nine_cut", "pen_nine_cut"], ["talon_peek", "pen_talon_peek"]];
  // (wild cards over the limit cost 50 each: the number of them is asked once the side is tapped, 1 at first)
  const CANASTA_PENALTIES = ["illegal_meld", "excess_wild_cards", "red_three_not_laid_out", "pile_taken_illegally",
                             "permission_breach", "out_without_canasta"];
  const EXCESS = "excess_wild_cards";
  const penaltyKeys = (d) => (d.irregularities || []).map((x) => x.type + ":" + (x.player ?? x.side));
  // a deal's penalties back into the form (Thousand's form reads its own)
  function withPenalties(f, d) {
    if (S.game === "canasta") {
      f.penalties = penaltyKeys(d);
      f.penaltyOpen = f.penalties.length > 0;
      f.excess = Object.fromEntries((d.irregularities || []).filter((x) => x.type === EXCESS)
        .map((x) => [x.side, String(x.count ?? 1)]));
    }
    return f;
  }
  // the irregularities /score takes, from the form's penalties
  const canastaIrregularities = (f) => f.penalties.map((k) => {
    const type = k.split(":")[0], side = k.slice(k.indexOf(":") + 1);
    return type === EXCESS ? { type, side, count: Number(String((f.excess || {})[side] ?? "1").trim() || 1) }
      : { type, side };
  });
  // «Штраф»: opens the penalties; closed again, it takes them all away, so once one is chosen it says so
  const penaltyButton = (f, again) => el("button", { type: "button", class: "toggle", id: "penalty",
    "aria-expanded": String(!!f.penaltyOpen),
    onclick: () => { f.penaltyOpen = !f.penaltyOpen; if (!f.penaltyOpen) f.penalties = []; again("penalty"); } },
    f.penaltyOpen && f.penalties && f.penalties.length ? T.penalty_remove : T.penalty);
  function canastaPenalties(f, again) {
    if (!f.penalties) f.penalties = [];
    const out = [penaltyButton(f, again)];
    if (!f.penaltyOpen) return out;
    const sides = sidesOf(S.players);
    for (const type of CANASTA_PENALTIES) {
      // a permission breach needs a partner to ask: only sides of two or more
      const at = sides.map((sd, i) => [sd, i]).filter(([sd]) => type !== "permission_breach" || sd.players.length > 1);
      if (!at.length) continue;
      out.push(group(T["pen_" + type], ...at.map(([sd, i]) => {
        const k = type + ":" + sd.id, name = sd.players.join(" · ");
        return toggle(`pen-${type}-${i}`, whose(T["pen_" + type], name), f.penalties.includes(k), () => {
          f.penalties = f.penalties.includes(k) ? f.penalties.filter((x) => x !== k) : [...f.penalties, k];
          again(`pen-${type}-${i}`);
        });
      })));
      if (type === EXCESS) {
        if (!f.excess) f.excess = {};
        for (const [sd, i] of at) {
          if (!f.penalties.includes(EXCESS + ":" + sd.id)) continue;
          const label = sides.length > 1 ? `${T.pen_excess_count} (${sd.players.join(" · ")})` : T.pen_excess_count;
          out.push(numberInput(`pen-excess-count-${i}`, label, f.excess[sd.id] ?? "1", (v) => { f.excess[sd.id] = v; }));
        }
      }
    }
    return out;
  }
  function penaltyFields(f, n, again) {
    const out = [penaltyButton(f, again)];
    if (!f.penaltyOpen) return out;
    const dealer = dealerOf(n);
    for (const [type, label] of PENALTIES) {
      const who = type === "exposed_card" ? [dealer] : type === "nine_cut" ? S.players.filter((p) => p !== dealer) : activeOf(n);
      out.push(group(T[label], ...who.map((p) => {
        const k = type + ":" + p, i = S.players.indexOf(p);
        return toggle(`pen-${type}-${i}`, whose(T[label], p), f.penalties.includes(k), () => {
          f.penalties = f.penalties.includes(k) ? f.penalties.filter((x) => x !== k)
            : [...f.penalties.filter((x) => type === "talon_peek" || !x.startsWith(type + ":")), k];
          again(`pen-${type}-${i}`);
        });
      })));
    }
    return out;
  }

  function openForm(index) {
    form = { index, f: index === null ? blank() : withPenalties(toForm(S.deals[index]), S.deals[index]) };
    // a deal being corrected is a step of its own in the history: Back closes it, and stays on «Партия»
    if (index !== null && !(history.state && history.state.editing)) history.pushState({ editing: true }, "");
    $("deal-error").replaceChildren();
    renderForm();
    if (index !== null) $("deal").hidden = false;
    if (index !== null) {
      $("deal").scrollIntoView({ block: "start" });
      const c = $(S.game === "thousand" ? "contract" : S.game === "canasta" ? "side0-natural_canastas" : auction() ? "bid" : "meld-0");
      if (c) { c.focus(); c.select(); }
    }
  }

  // the editor closed by a button: its step in the history goes too
  function leaveEditor(edited) {
    if (edited && history.state && history.state.editing) history.back();
  }
  window.addEventListener("popstate", () => {
    if (S && form && form.index !== null) { openForm(null); renderSheet(); }
  });
  // a deal half typed survives going to another page of this tab and back (a language switch, «Рассудить спор»)
  const DRAFT = "referee.sheet.draft";
  window.addEventListener("pagehide", () => {
    try {
      if (S && form) sessionStorage.setItem(DRAFT, JSON.stringify({ game: S.game, players: S.players, deals: S.deals.length, form }));
      else sessionStorage.removeItem(DRAFT);
    } catch (e) { /* private mode */ }
  });
  function takeDraft() {
    let draft = null;
    try { draft = JSON.parse(sessionStorage.getItem(DRAFT)); sessionStorage.removeItem(DRAFT); } catch (e) { return; }
    if (!draft || !S || draft.game !== S.game || JSON.stringify(draft.players) !== JSON.stringify(S.players)
        || draft.deals !== S.deals.length || !draft.form || !draft.form.f) return;
    if (draft.form.index !== null && draft.form.index >= S.deals.length) return;
    form = { index: draft.form.index, f: draft.form.f };
  }

  // ------------------------------------------------------------------ sending the sheet
  // The game kept in localStorage carries a revision (rev), one more at every write.  Two tabs of «Партия» share
  // it: a write never goes over a newer sheet (the other tab's), and the storage event brings the newer sheet in.
  const revOf = (x) => (x && Number.isInteger(x.rev) ? x.rev : 0);
  function newer() {
    const kept = load(KEY, null);
    return kept && revOf(kept) > revOf(S) ? kept : null;
  }
  function save() {
    if (!S) return;
    const kept = load(KEY, null);
    if (kept && revOf(kept) > revOf(S)) { adopt(kept); return; }     // another tab wrote since: its sheet stands
    S.rev = Math.max(revOf(S), revOf(kept)) + 1;
    store(KEY, S);
  }
  // the newer sheet of another tab, shown here; a deal being typed stays in the form
  function adopt(kept) {
    const same = S && kept.game === S.game && JSON.stringify(kept.players) === JSON.stringify(S.players);
    S = kept;
    if (!same || (form && form.index !== null && form.index >= S.deals.length)) form = null;
    if (games) renderPlay();
    $("sheet-status").textContent = T.other_tab;
  }
  window.addEventListener("storage", (ev) => {
    if (ev.key !== KEY && ev.key !== null) return;
    const kept = load(KEY, null);
    if (!kept) {                          // a new game begun in another tab: this one goes to the start as well
      if (S) { S = null; form = null; if (games) renderStart(); }
      return;
    }
    if (!S || revOf(kept) > revOf(S)) adopt(kept);
  });

  // send `deals`: 200 → the sheet; 422 → the errors; no answer → null (waits)
  async function score(deals) {
    try {
      const r = await api(`/v1/games/${S.game}/scoresheet`, envelope(deals.map(forApi)));
      return r;
    } catch (e) {
      return null;
    }
  }

  function outcomeMismatch(deals, answer) {
    if (S.game !== "thousand") return null;
    for (let i = 0; i < deals.length; i++) {
      const o = deals[i]._outcome, row = answer.rows[i];
      if (!o || !row || !row.contract || row.contract.conceded) continue;
      if ((o === "made") !== row.contract.made) return [i, row.contract.made ? T.points_say_made : T.points_say_failed];
    }
    return null;
  }

  async function commit(deals, index) {
    const btn = $("record");
    btn.disabled = true;
    const r = await score(deals);
    btn.disabled = false;
    const later = newer();
    if (later) { adopt(later); if (form) record(); return; }   // another tab wrote meanwhile: again on its sheet
    if (r === null) {                       // the service did not answer: the deal waits
      S.deals = deals; S.pending = true; save();
      form = null; openForm(null); renderSheet(); scheduleRetry();
      $("sheet-status").textContent = "";     // the waiting note says it; not a stale «Recorded.»
      return;
    }
    if (r.status === 200) {
      const wrong = outcomeMismatch(deals, r.data);
      if (wrong && wrong[0] === (index ?? deals.length - 1)) {
        showErrors([{ detail: wrong[1] }], $("points-" + S.players.indexOf(pointsOf(form.f)[0])) || $("outcome-made"));
        return;
      }
      S.deals = deals; S.answer = r.data; S.pending = false; S.lang = C.lang; save();
      const edited = index !== null;
      openForm(null); renderSheet(); leaveEditor(edited);
      $("sheet-status").textContent = T.recorded;
      // the cursor stays in the form: on its first box, ready for the next deal
      const first = $("deal-fields").querySelector("button, input");
      if (first) first.focus();
      return;
    }
    showErrors(r.data.errors || [{ detail: r.data.detail }]);
  }

  // the box a 422's pointer names (/deals/N/…), by the form's ids
  function fieldOf(pointer) {
    const m = /^\/deals\/\d+\/(.*)$/.exec(pointer || "");
    if (!m) return null;
    const [head, a, b] = m[1].split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
    const seat = (name) => S.players.indexOf(name);
    if (S.game === "thousand") {
      if (head === "points" && a !== undefined) return $("points-" + seat(a));
      if (head === "took_trick" && a !== undefined) return $("notrick-" + seat(a));
      if (head === "points") return $("points-" + S.players.indexOf(pointsOf(form.f)[0]));
      if (head === "contract") return $("contract");
      if (head === "declarer") return $("decl-0");
      if (head === "marriages") {       // the marriage the pointer names (sent in the order tapped), at its own box
        const [who, suit] = (a !== undefined && form.f.marriages[Number(a)] || "").split(":");
        return (who && $(`mar-${seat(who)}-${suit}`)) || $(`mar-${Math.max(0, seat(form.f.declarer))}-S`);
      }
      if (head === "talon_points" || head === "talon") return $("talon");
      if (head === "irregularities") return $("penalty");
    } else if (S.game === "canasta") {
      if (head === "irregularities") return $("penalty");
      if (head === "sides" && a !== undefined) return $(b === "counts" ? `side${a}-${m[1].split("/")[3]}` : "out-" + a);
      if (head === "sitting_out") return $("sitter-0");
    } else if (auction()) {
      const unit = (k) => Math.max(0, pinochleSides().findIndex((u) => u.id === k || u.players.slice().reverse().join("+") === k));
      if (head === "meld_points") return S.players.length === 4 ? $("meld-" + unit(a)) : $("bidder-meld");
      if (head === "points") return $("counters-" + (a === undefined ? 0 : unit(a)));
      if (head === "bid") return b === "player" || a === "player" ? $("decl-0") : $("bid");
      if (head === "trump") return $("trump-S");
      if (head === "last_trick") return $("last-0");
      if (head === "tricks_taken") return $("notrick-0");
    } else {
      if (head === "meld_points" && a !== undefined) return $("meld-" + seat(a));
      if (head === "points" && a !== undefined) return $("counters-" + seat(a));
      if (head === "trump") return $("trump-S");
      if (head === "last_trick") return $("last-0");
      if (head === "declared_out") return (form.f.out && $("counters-" + S.players.indexOf(form.f.out))) || $("declout-0");
    }
    return null;
  }

  // a message as players read it: the rule it cites on a tag of its own, not inside the sentence
  function message(detail) {
    const ids = [];
    const text = String(detail).replace(/\s*\(((?:thousand|canasta|pinochle)\/[\w.]+)\)/g, (_, id) => { ids.push(id); return ""; });
    return el("p", {}, text, ...ids.map((id) => [" ", el("span", { class: "rule-id", text: id })]));
  }

  // a number's error said with the number's name: "must be from 0 to 100000" of the box the pointer names itself
  // (a Canasta side's count; a Pinochle bid, meld or counters), led by the box's label and, in Canasta, the side's
  // players (Thousand's errors name what they speak of)
  const BARE = { canasta: /^\/deals\/\d+\/sides\/\d+\/counts\/\w+$/,
                 pinochle: /^\/deals\/\d+\/(bid\/amount|(points|meld_points)\/[^/]+)$/ };
  function withContext(e) {
    const box = e.pointer && BARE[S.game] && BARE[S.game].test(e.pointer) ? fieldOf(e.pointer) : null;
    const label = box && box.tagName === "INPUT" && box.labels && box.labels[0] ? box.labels[0].textContent : "";
    // a detail that begins with the box's own name is not prefixed with it again («Заявка — заявка …»)
    if (!label || String(e.detail).toLocaleLowerCase(C.lang).startsWith(label.toLocaleLowerCase(C.lang))) return e.detail;
    const legend = box.closest("fieldset") && box.closest("fieldset").querySelector("legend");
    const field = legend ? legend.textContent + ": " + label.charAt(0).toLocaleLowerCase(C.lang) + label.slice(1) : label;
    return field + " — " + e.detail;
  }

  function clearErrors() {
    $("deal-error").replaceChildren();
    for (const e of $("deal-fields").querySelectorAll("[aria-invalid]")) e.removeAttribute("aria-invalid");
  }
  function showErrors(errors, at = null) {
    const box = $("deal-error");
    for (const e of $("deal-fields").querySelectorAll("[aria-invalid]")) e.removeAttribute("aria-invalid");
    box.replaceChildren(...errors.map((e) => message(withContext(e))));
    const target = at || errors.map((e) => (e.field ? $(e.field) : fieldOf(e.pointer))).find((x) => x);
    if (target) {
      target.setAttribute("aria-invalid", "true");
      target.setAttribute("aria-describedby", "deal-error");
      target.focus();
    } else {
      box.focus();
    }
  }

  async function resend(refused = null) {
    clearTimeout(retry); retry = null;
    if (!S || !S.pending) return;
    if (!S.deals.length) { S.answer = null; S.pending = false; save(); renderSheet(); return; }
    const r = await score(S.deals);
    if (r === null) { scheduleRetry(); return; }
    S.pending = false;
    if (r.status === 200) {
      S.answer = r.data; S.lang = C.lang; save(); renderSheet();
      // a waiting deal the referee refused is in the form again: the status says so, not that all were scored
      $("sheet-status").textContent = refused === null ? T.caught_up : fmt(T.deal_refused, { n: refused + 1 });
      return;
    }
    // a waiting deal the referee refuses: it goes back into the form
    const m = /^\/deals\/(\d+)/.exec((r.data.errors || [{}])[0].pointer || "");
    const bad = m ? Number(m[1]) : S.deals.length - 1;
    const deal = S.deals[bad];
    S.deals = S.deals.slice(0, bad).concat(S.deals.slice(bad + 1));
    save();
    form = { index: null, f: withPenalties(toForm(deal), deal) };
    renderForm(); showErrors(r.data.errors || [{ detail: r.data.detail }]);
    $("sheet-status").textContent = fmt(T.deal_refused, { n: bad + 1 });
    S.pending = S.deals.length > 0; await resend(bad);
  }
  function scheduleRetry() { clearTimeout(retry); retry = setTimeout(resend, RETRY_MS); }
  window.addEventListener("online", () => resend());

  // the deal's numbers before they are sent: whole numbers in the game's range, said in words naming the box
  const labelOf = (input) => { const l = document.querySelector(`label[for="${input.id}"]`); return l ? l.textContent : ""; };
  function numberProblem() {
    const thousand = S.game === "thousand";
    for (const input of $("deal-fields").querySelectorAll("input[inputmode=numeric]")) {
      const v = input.value.trim();
      const excess = input.id.startsWith("pen-excess-count-");
      if (v === "" && !excess) continue;          // a count of wild cards over the limit is never left to a guess
      const n = Number(v);
      if (thousand && input.id === "contract") {
        const max = rules.max_bid || 400;
        if (!WHOLE.test(v) || n < 100 || n > max) return [input, fmt(T.contract_range, { min: num(100), max: num(max) })];
      } else if (excess) {
        if (!WHOLE.test(v) || n < 1 || n > 9) return [input, fmt(T.excess_count_range, { what: labelOf(input) })];
      } else if (thousand && (input.id.startsWith("points-") || input.id === "talon")) {
        if (!WHOLE.test(v) || n < 0 || n > 120) return [input, fmt(T.card_points_range, { what: labelOf(input) })];
      } else if (!WHOLE.test(v) || Math.abs(n) > 100000) {
        return [input, fmt(T.whole_number, { what: labelOf(input), max: num(100000) })];
      }
    }
    return null;
  }
  // the form's own messages, each at the box it is about
  const MISSING_AT = { need_declarer: "decl-0", need_contract: "contract", need_trump: "trump-S", need_bidder: "decl-0",
                       need_bid: "bid" };
  const missingAt = (text) => { const k = Object.keys(MISSING_AT).find((x) => T[x] === text); return k ? $(MISSING_AT[k]) : null; };

  function record() {
    const later = newer();
    if (later) adopt(later);              // the deal goes onto the newest sheet, never over another tab's deals
    const wrongNumber = numberProblem();
    if (wrongNumber) { showErrors([{ detail: wrongNumber[1] }], wrongNumber[0]); return; }
    const [deal, missing, box] = fromForm(form.f);
    if (!deal) { showErrors([{ detail: missing, field: box }], box ? null : missingAt(missing)); return; }
    if (S.game === "canasta" && form.f.penalties && form.f.penalties.length) {
      deal.irregularities = canastaIrregularities(form.f);
    }
    clearErrors();                          // what was said of the deal before is not said while it is sent
    const deals = S.deals.slice();
    if (form.index === null) deals.push(deal); else deals[form.index] = deal;
    commit(deals, form.index);
  }
  async function removeDeal(index) {
    const deals = S.deals.filter((_, i) => i !== index);
    if (!deals.length) { S.deals = []; S.answer = null; S.pending = false; save(); openForm(null); renderSheet(); return; }
    const r = await score(deals);
    if (r === null) { S.deals = deals; S.pending = true; save(); openForm(null); renderSheet(); scheduleRetry(); return; }
    if (r.status !== 200) { showErrors(r.data.errors || [{ detail: r.data.detail }]); return; }
    S.deals = deals; S.answer = r.data; S.pending = false; S.lang = C.lang; save(); openForm(null); renderSheet();
  }

  // ------------------------------------------------------------------ the sheet
  const MARK = {
    bolt: (e) => "|".repeat(Math.max(1, e.count || 1)),
    bolt_penalty: (e) => (e.points ? num(e.points) : "|||"),
    concession_penalty: (e) => (e.points ? num(e.points) : T.mark_concession + "!"),
    barrel_on: () => T.mark_barrel,
    barrel_try: (e) => T.mark_barrel + (e.count ?? ""),
    barrel_fall: (e) => T.mark_barrel + "↓" + (e.points ? num(e.points) : ""),   // what the fall costs: the column adds up
    dump_555: () => "555→0",
    concession: () => (S.game === "pinochle" ? T.mark_give_up : T.mark_concession),   // «роспись» is Thousand's word
    golden_deal: () => "★",
    penalty: (e) => "!" + (e.points ? num(e.points) : ""),
    went_out: () => T.mark_out,
    went_out_concealed: () => T.mark_out_concealed,
    double_ending: () => T.mark_double_ending,
    red_threes_against: (e) => T.mark_red_threes + (e.points ? num(e.points) : ""),
    declared_out: () => T.mark_out + "!",
    target_raised: () => "↑",
    contract_made: () => "✓",
    contract_set: () => "✗",
    meld_lost: () => T.mark_meld_lost,
    sitting_out: () => T.mark_sitter,
    sat_out: (e) => fmt(T.mark_sat_out, { name: e.name }),
  };
  const markText = (e) => (MARK[e.kind] ? MARK[e.kind](e) : "•");

  function markButton(e) {
    return el("button", { type: "button", class: "mark", title: e.text, onclick: () => showRule(e) },
      el("span", { "aria-hidden": "true", text: markText(e) }), el("span", { class: "sr-only", text: e.text }));
  }

  async function showRule(e) {
    const box = $("rule-box");
    let c = (S.answer.citations || []).find((x) => x.rule === e.rule);
    if (!c && e.rule) {
      // the rule as it applies in this game: under its house rules when it has some
      const path = `/v1/games/${S.game}/rules/${e.rule.split("/").slice(1).join("/")}`;
      try {
        c = (await (Object.keys(S.options).length ? api(path, { variant: S.variant, options: S.options })
          : api(`${path}?variant=${encodeURIComponent(S.variant)}`))).data;
      } catch (err) { c = null; }
    }
    box.hidden = false;
    box.replaceChildren(...[el("h3", { id: "rule-title", text: e.text }),
      c ? el("p", {}, el("strong", { text: c.title }), " ", el("span", { class: "rule-id", text: e.rule })) : null,
      c && c.text ? el("p", { text: c.text }) : null].filter(Boolean),
      el("button", { type: "button", class: "secondary", text: T.close, onclick: () => { box.hidden = true; } }));
    box.focus();
  }

  // the events that rewrite a deal's score rather than add to it (the sheet API's row: the total before + the
  // hand score + the events' points = the total after)
  const REWRITES = ["barrel_not_recorded", "barrel_failed_stays", "barrel_held", "lock_not_recorded", "finish_capped"];
  function playerEvents(row, id) {
    return (row.events || []).filter((e) => (e.player ?? e.side) === id && e.kind !== "minimum_changes");
  }

  function renderSheet() {
    const cols = columns();
    const a = S.answer;
    const rows = a ? a.rows : [];
    const head = el("tr", {}, el("th", { scope: "col", text: T.deal_col }), cols.map((c) => el("th", { scope: "col", text: c.name })));
    const body = S.deals.map((d, i) => {
      const row = rows[i];
      const waiting = !row || (S.pending && i >= rows.length);
      const label = fmt(T.deal_n, { n: i + 1 });
      const first = el("th", { scope: "row" }, el("button", { type: "button", class: "deal-no", id: "row-" + (i + 1),
        "aria-label": fmt(T.edit_deal_n, { n: i + 1 }), onclick: () => openForm(i) }, String(i + 1)));
      if (waiting) {
        // a deal the referee has not answered yet: as it was entered (Thousand's contract), marked once as not
        // yet checked; its scores come with the answer
        const entered = S.game === "thousand" && d.declarer ? fmt(d.conceded ? T.row_conceded
          : d._outcome === "failed" ? T.row_failed : T.row_made, { name: d.declarer, n: d.contract }) : null;
        if (entered) first.append(el("div", { class: "contract", text: entered }));
        first.append(el("div", { class: "unchecked", text: T.not_checked }));
      }
      if (row && !waiting) {
        if (!row.contract && S.game === "thousand") first.append(el("div", { class: "contract", text: T.row_not_played }));
        // Pinochle's auction forms give the bid; the partnership's made or set is in the row's events
        const bid = row.contract ? row.contract.contract ?? row.contract.bid : null;
        const made = row.contract ? row.contract.made ?? (row.events || []).some((e) => e.kind === "contract_made") : null;
        if (row.contract) first.append(el("div", { class: "contract", text: row.contract.conceded
          ? fmt(S.game === "pinochle" ? T.row_given_up : T.row_conceded, { name: row.contract.declarer, n: bid })
          : fmt(made ? T.row_made : T.row_failed, { name: row.contract.declarer, n: bid }) }));
        for (const e of (row.events || []).filter((e) => (e.player ?? e.side) === undefined && e.kind !== "minimum_changes")) first.append(markButton(e));
      }
      const cells = cols.map((c) => {
        if (!row || waiting) return el("td", { class: "waiting" });
        const p = (row.players || row.sides).find((x) => x.id === c.id);
        // the column is what the deal wrote: where the rules rewrite the cards' score (points on the barrel not
        // recorded, a failed contract on the barrel not written off, a total held at 880, a finish capped) the
        // written score, then the cards' one struck in brackets; the marks carry only what comes on top
        const rewrites = playerEvents(row, c.id).filter((e) => REWRITES.includes(e.kind) && e.points);
        const written = rewrites.reduce((s, e) => s + e.points, p.hand_score);
        const td = el("td", {}, el("span", { class: "total", text: num(p.total_after) }),
          written !== p.hand_score ? el("span", { class: "hand unwritten" }, signed(written) + " ",
            el("s", { text: "(" + signed(p.hand_score) + ")" }), el("span", { class: "sr-only", text: " " + T.not_written }))
            : el("span", { class: "hand", text: signed(p.hand_score) }));
        if (p.barrel && p.barrel.on && !playerEvents(row, c.id).some((e) => e.kind.startsWith("barrel"))) td.append(el("span", { class: "hint", text: T.mark_barrel }));
        if (p.next_minimum !== undefined && p.next_minimum !== null) td.append(el("span", { class: "minimum", text: fmt(T.next_minimum, { n: num(p.next_minimum) }) }));
        for (const e of playerEvents(row, c.id)) td.append(markButton(e));
        // five at Canasta: who of the trio sat the deal out, in the trio's cell, as Thousand marks its sitter
        const sat = S.game === "canasta" && trio() ? d.sitting_out : null;
        if (sat && sidesOf(S.players).find((s) => s.id === c.id).players.includes(sat)) {
          td.append(markButton({ kind: "sat_out", name: sat, rule: "canasta/1.1", text: fmt(T.sat_out, { name: sat }) }));
        }
        return td;
      });
      return el("tr", { class: waiting ? "pending" : "", "aria-label": label }, first, cells);
    });
    const table = el("table", { id: "sheet-table" }, el("caption", { class: "sr-only", text: T.sheet }),
      el("thead", {}, head), el("tbody", {}, body));
    if (a) {
      // while deals wait, the totals of those the referee has checked, said so
      const upTo = S.pending && a.rows.length < S.deals.length ? fmt(T.total_after_n, { n: a.rows.length }) : T.total;
      table.append(el("tfoot", {}, el("tr", {}, el("th", { scope: "row", text: upTo }),
        cols.map((c) => el("td", { class: "sum", text: num(a.totals[c.id]) })))));
    }
    $("sheet-wrap").replaceChildren(S.deals.length ? table : el("p", { class: "hint", text: T.no_deals }));
    $("waiting").hidden = !S.pending;
    const over = $("game-over");
    if (a && a.game_over && !S.pending) {
      const col = a.winner ? columns().find((c) => c.id === a.winner) : null;
      const winner = a.winner ? (col ? col.name : a.winner) : null;
      over.hidden = false;
      over.replaceChildren(...[el("h3", { text: T.game_over }), winner ? el("p", { class: "winner", text: fmt(T.winner, { name: winner }) }) : null,
        a.settlement ? el("p", { class: "settlement", text: fmt(T.settlement, { stake: num(a.settlement.stake), bank: num(a.settlement.bank),
          net: Object.entries(a.settlement.net).map(([p, n]) => `${p} ${signed(n)}`).join(", ") }) }) : null].filter(Boolean));
    } else {
      over.hidden = true; over.replaceChildren();
    }
    $("undo").disabled = !S.deals.length;
    // a finished game takes no new deal; a deal of it may still be corrected
    $("deal").hidden = !!(a && a.game_over && !S.pending && form && form.index === null);
    $("share-link").value = shareLink();
  }

  function shareLink() {
    const keep = { game: S.game, variant: S.variant, options: S.options, players: S.players, dealer: S.dealer,
                   deals: S.deals };
    if (S.sideSize) keep.sideSize = S.sideSize;
    const bytes = new TextEncoder().encode(JSON.stringify(keep));
    let bin = "";
    bytes.forEach((b) => { bin += String.fromCharCode(b); });
    const b64 = btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    // the page's language stays with whoever opens the link (their browser's), so no ?lang= in it
    return location.origin + location.pathname + "#sheet=" + b64;
  }
  function fromLink() {
    const m = /#sheet=([A-Za-z0-9_-]+)/.exec(location.hash);
    if (!m) return null;
    try {
      const bin = atob(m[1].replace(/-/g, "+").replace(/_/g, "/"));
      const s = JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (ch) => ch.charCodeAt(0))));
      if (!GAMES.includes(s.game) || !Array.isArray(s.players) || !Array.isArray(s.deals)) return null;
      return { ...s, options: s.options || {}, answer: null, pending: s.deals.length > 0 };
    } catch (e) {
      return null;
    }
  }

  // a game in progress on this device: deals already kept that the link's game is not a continuation of
  function replaces(shared) {
    if (!S || !S.deals.length) return false;
    if (S.game !== shared.game || JSON.stringify(S.players) !== JSON.stringify(shared.players)) return true;
    return JSON.stringify(S.deals.map(forApi)) !== JSON.stringify(shared.deals.slice(0, S.deals.length).map(forApi));
  }
  // the link's game on this device (asked first when it would replace a game in progress); the fragment then goes
  function takeLink() {
    const shared = fromLink();
    if (!shared) return null;
    history.replaceState(history.state, "", location.pathname + location.search);
    if (replaces(shared) && !window.confirm(T.replace_game_confirm)) return null;
    S = { ...shared, rev: revOf(load(KEY, null)) }; form = null; save();
    return shared;
  }
  window.addEventListener("hashchange", () => {
    if (!games || !takeLink()) return;
    renderPlay();
    if (S.deals.length) { S.pending = true; resend(); }
  });

  // the house rules changed from the variant's, each as the variant describes it with the value chosen
  async function renderChanged() {
    const box = $("play-rules");
    const changed = Object.keys(S.options).filter((k) => k !== "stake");
    box.hidden = true;
    let v;
    try { v = await variantInfo(S.game, S.variant); } catch (e) { return; }
    const before = JSON.stringify(rules);
    rules = { ...Object.fromEntries(v.options.map((o) => [o.name, o.default])), ...S.options };
    if (form && JSON.stringify(rules) !== before) renderForm();
    box.hidden = !changed.length;
    $("play-rules-list").replaceChildren(...v.options.filter((o) => changed.includes(o.name)).map((o) => {
      const value = S.options[o.name];
      const label = (o.labels && o.labels[String(value)]) || (value === null ? T.off : String(value));
      return el("li", {}, o.summary + " ", el("strong", { text: label }));
    }));
  }

  function renderPlay() {
    $("start").hidden = true; $("play").hidden = false;
    $("play-summary").textContent = summaryText(S.game, S.variant, S.options, S.options.stake) + " · " + S.players.join(", ");
    renderChanged();
    if (!form) openForm(null); else renderForm();
    renderSheet();
  }

  // ------------------------------------------------------------------ wiring
  $("sheet-variant").addEventListener("change", (ev) => chooseVariant(ev.target.value));
  $("stake").addEventListener("input", renderSummary);
  $("first-dealer").addEventListener("change", (ev) => { ev.target.dataset.chosen = "1"; });
  $("begin").addEventListener("click", begin);
  $("record").addEventListener("click", record);
  $("cancel-edit").addEventListener("click", () => { openForm(null); leaveEditor(true); });
  $("delete-deal").addEventListener("click", async () => { await removeDeal(form.index); leaveEditor(form.index === null); });
  $("undo").addEventListener("click", () => { if (S.deals.length) removeDeal(S.deals.length - 1); });
  $("new-game").addEventListener("click", () => {
    if (!window.confirm(T.new_game_confirm)) return;
    localStorage.removeItem(KEY); S = null; form = null;
    start = { game: null, variant: null, options: {} };
    renderStart();
  });
  $("copy-share").addEventListener("click", async () => {
    try { await navigator.clipboard.writeText($("share-link").value); $("sheet-status").textContent = T.copied; }
    catch (e) { $("share-link").select(); }
  });
  $("print").addEventListener("click", () => window.print());

  (async () => {
    try {
      games = (await api("/v1/games")).data;
    } catch (e) {
      games = null;
    }
    const shared = takeLink();
    if (!shared) takeDraft();
    if (S && games) {
      renderPlay();
      if (S.deals.length && (!S.answer || S.pending || shared)) { S.pending = true; resend(); }
      else if (S.deals.length && S.lang !== C.lang) {
        // the sheet's words in the page's language (the kept answer speaks the one it was scored in)
        const r = await score(S.deals);
        if (r && r.status === 200) { S.answer = r.data; S.lang = C.lang; save(); renderSheet(); }
      }
    } else if (S && !games) {
      renderPlay(); S.pending = true; scheduleRetry();
    } else if (games) {
      renderStart();
    } else {
      $("start-error").textContent = T.unreachable_now;
      setTimeout(() => location.reload(), RETRY_MS * 2);
    }
    document.body.dataset.ready = "1";
  })();
})();
