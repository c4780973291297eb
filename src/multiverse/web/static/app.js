/* The browser table of `multiverse serve`: table and replay pages (the lobby: lobby.js).
   Vanilla JS, no build step. The server sends views; each mode's board is drawn here from
   its view (renderers by mode family); every text is set with textContent (never HTML). */
"use strict";
const Multiverse = (() => {
  // ----- small helpers -------------------------------------------------------------------
  function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") el.className = v;
      else if (k === "text") el.textContent = v;
      else if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
      else el.setAttribute(k, v === true ? "" : v);
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      el.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return el;
  }
  const $ = (id) => document.getElementById(id);
  const count = (n, noun) => `${n} ${noun}${n === 1 ? "" : "s"}`; // "1 card", "2 cards"
  const chip = (text, cls) => h("span", { class: "chip " + (cls || "") }, text);
  const keyed = (el, key) => { el.dataset.key = key; return el; };  // a stable id (motion.js)
  // whether the view's `threats` (drawn by goals.js) tell the counter `name`
  const told = (v, name) => typeof MultiverseGoals !== "undefined" && MultiverseGoals.threatNamed(v, name) !== null;
  const bar = (value, max, cls) =>
    h("div", { class: "bar " + (cls || ""), title: `${value} / ${max}` },
      h("span", { style: `width:${max ? Math.max(0, Math.min(100, (100 * value) / max)) : 0}%` }));
  async function api(method, url, body) {
    const r = await fetch(url, {
      method, headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    const data = await r.json().catch(() => ({}));
    if (!r.ok) throw new Error(data.error || (data.detail && JSON.stringify(data.detail)) || r.statusText);
    return data;
  }
  // A card element (issue 21): focusable, its name, facts (kind, HP, tokens) and full text in
  // data attributes; cards.js shows them on hover, focus, tap and in the detail panel.
  function cardFacts(c) {
    return [c.face_name && c.face_name !== c.name ? c.face_name : "", c.kind || "",
      (c.keywords || []).join(", "), c.limited ? "limited" : "", c.indestructible ? "indestructible" : "",
      c.hp !== undefined && c.hp !== null ? `${c.hp}/${c.max_hp} HP` : "",
      c.tokens ? count(c.tokens, "token") : "", c.under && c.under.length ? `under it: ${c.under.map((u) => u.name).join(", ")}` : "",
      ...(c.facts || [])].filter(Boolean).join(" · ");
  }
  function asCard(el, c) {
    el.classList.add("card-el");
    el.tabIndex = 0;
    el.dataset.cardKey = c.card !== undefined && c.card !== null ? String(c.card) : `${c.kind || ""}:${c.name}`;
    el.dataset.cardName = c.name || "";
    el.dataset.cardFacts = cardFacts(c);
    el.dataset.cardText = c.text || "";
    return el;
  }
  function cardList(cards, testid, inline = true) {
    return h("ul", { class: "cards", "data-testid": testid },
      (cards || []).map((c) => asCard(h("li", {},  // kind and keywords: in its tooltip (cards.js)
        c.name + (c.hp !== undefined ? ` (${c.hp}/${c.max_hp} HP)` : "") + (c.tokens ? ` · ${count(c.tokens, "token")}` : ""),
        inline && c.text ? h("div", { class: "card-text dim" }, c.text) : null), c)));
  }
  function handOf(hero) {
    if (hero.hand === null || hero.hand === undefined)
      return h("p", { class: "dim", "data-testid": "hand-hidden" }, `${count(hero.hand_size, "card")} in hand (hidden)`);
    return h("div", {}, h("span", { class: "dim" }, "Hand:"), cardList(hero.hand.map((c) => ({ kind: "hero card", ...c })), "hand"));
  }

  // DFP-D1..D3: the Nimrod Activation track, one cell a step, coloured by the dashboard's
  // bands as the view gives them (yellow from `yellow`, red from `red`, lost at `lost`).
  const bandOf = (i, b) => (i >= b.lost ? "lost" : i >= b.red ? "red" : i >= b.yellow ? "yellow" : "green");
  function bandedTrack(value, b) {
    const cells = [];
    for (let i = 0; i <= b.lost; i++)
      cells.push(h("span", { class: `step ${bandOf(i, b)}${i === value ? " here" : ""}`, "data-step": i }, String(i)));
    return h("div", { class: "bands", "data-testid": "track", "data-band": bandOf(value, b), "data-value": value },
      h("div", { class: "steps" }, cells),
      h("div", { class: "dim legend", "data-testid": "track-legend" },
        `yellow ≥${b.yellow} · red ≥${b.red} · lost at ${b.lost}`));
  }

  // ----- the boards, one renderer per family of modes --------------------------------------
  const NEED = { move: "Move", attack: "Attack", heroic: "Heroic", wild: "Wild" };
  // the card entries of Marvel United's enemies and Threats, for `asCard`
  const enemyCard = (e, kind) => ({ name: e.name, kind, text: e.text,
    facts: [e.health !== undefined ? `${e.health}${e.max_health ? "/" + e.max_health : ""} Health` : "", e.defeated ? "defeated" : ""] });
  const threatCard = (t) => ({ name: t.name, kind: "Threat", text: t.text,
    facts: [t.henchman ? `${t.henchman.name} ${t.henchman.health}/${t.henchman.max_health} Health` : ""] });
  function unitedBoard(v, deciding) {
    const here = (pos) => {
      const pieces = [];
      for (const s of v.sentinels || []) if (!s.defeated && s.location === pos) pieces.push(keyed(asCard(chip(`${s.name} ${s.health}♥`, "enemy"), enemyCard(s, "Sentinel")), `enemy:${s.id}`));
      if (v.nimrod && !v.villain && v.nimrod.location === pos) pieces.push(keyed(asCard(chip(`${v.nimrod.name || "Nimrod"} ${v.nimrod.health ?? ""}♥`, "enemy"), enemyCard({ name: "Nimrod", ...v.nimrod }, "Villain")), "enemy:nimrod"));
      if (v.villain && v.villain.location === pos) pieces.push(keyed(asCard(chip(`${v.villain.name} ${v.villain.health}/${v.villain.max_health}♥`, "enemy"), enemyCard(v.villain, "Villain")), `enemy:${v.villain.id}`));
      for (const hero of v.heroes) if (hero.location === pos) pieces.push(keyed(chip(hero.name + (hero.away ? " (away)" : ""), "hero" + (hero.ko ? " ko" : "")), `hero:${hero.id}`));
      // an owner's companions and clones (figures, not heroes)
      const whose = (id) => (v.heroes.find((x) => x.id === id) || { name: id }).name;
      for (const c of v.companions || []) if (c.location === pos) pieces.push(chip(`${c.name} (${whose(c.hero)}'s companion)`, "hero"));
      for (const c of v.clones || []) for (const p of c.locations) if (p === pos) pieces.push(chip(`${whose(c.hero)}'s clone`, "hero"));
      // a hero's markers and a Location's own deck (united/vocab/parts.py)
      for (const m of v.markers || []) for (const p of m.locations) if (p === pos) pieces.push(chip(`${whose(m.hero)}'s ${m.name}`, "hero"));
      for (const d of v.location_decks || []) if (d.location === pos) pieces.push(chip(`${d.name}: ${d.size} facedown` + (d.discard.length ? ` (discard: ${d.discard.join(", ")})` : "")));
      return pieces;
    };
    const loc = (l) => asCard(h("article", { class: "location", "data-testid": "location", "data-position": l.position },
      h("h3", {}, h("span", { class: "pos", "data-testid": "ring-number" }, `${l.position}. `), l.name, v.villain_start === l.position ? " ⚑" : ""),
      h("div", { class: "pieces" },
        chip(count(l.civilians, "Civilian")),
        chip(count(l.thugs, "Thug")),
        l.extra_tokens ? chip(`${l.extra_tokens.count} ${l.extra_tokens.name} (${l.extra_tokens.letter})`) : null,
        chip(count(l.slots, "slot"))),
      h("div", { class: "pieces" }, here(l.position)),
      l.threat ? asCard(h("div", { class: "threat", "data-key": `threat:${l.position}` }, h("strong", {}, l.threat.name),
        Object.keys(l.threat.need || {}).length ? " — needs " + Object.entries(l.threat.need).map(([k, n]) => `${n} ${NEED[k] || k}`).join(", ") : "",
        l.threat.henchman ? ` — ${l.threat.henchman.name} ${l.threat.henchman.health}/${l.threat.henchman.max_health}♥` : ""), threatCard(l.threat)) : null),
      { name: l.name, kind: "Location", text: l.text, facts: [`${l.slots} slots`, l.hazardous ? "hazardous" : ""] });
    const locs = v.locations;
    const plot = v.plot || { name: "Track", value: v.track, threshold: v.track_max };
    // the track as a counter that ends the game: the view's threat text, else in words
    const plotThreat = typeof MultiverseGoals !== "undefined" ? MultiverseGoals.threatNamed(v, plot.name) : null;
    const centre = h("div", { class: "centre track" },
      asCard(h("div", { "data-testid": "dashboard" },
        h("strong", { "data-testid": "plot" }, plotThreat ? plotThreat.text : `${plot.name} ${plot.value} of ${plot.threshold} → the heroes lose`),
        ` · round ${v.round} · ${v.phase}`, v.difficulty && v.difficulty !== "normal" ? ` · ${v.difficulty}` : "",
        v.challenge ? asCard(h("span", { "data-testid": "challenge-card" }, ` · ${v.challenge.name || v.challenge.id || ""} Challenge`),
          { name: `${v.challenge.name} Challenge`, kind: "Challenge card", text: v.challenge.text,
            facts: [`${v.challenge.health} Health`, v.challenge.holding_name ? `holds ${v.challenge.holding_name}` : ""] }) : "",
        v.villain_turn_every ? ` · a Villain turn every ${count(v.villain_turn_every, "Hero card")} (${v.hero_cards_since_villain_turn} so far)` : ""),
        { name: (v.dashboard || {}).name || plot.name, kind: "dashboard", text: (v.dashboard || {}).text, facts: [`${plot.name} ${plot.value} of ${plot.threshold}`] }),
      v.track_bands ? bandedTrack(plot.value, v.track_bands) : bar(plot.value, plot.threshold),
      h("div", { class: "pieces" }, (v.sentinels || []).map((s) =>
        s.defeated ? asCard(chip(`${s.name}: defeated`, "enemy"), enemyCard(s, "Sentinel"))
          : keyed(asCard(chip(`${s.name}: ${s.health}♥`, "enemy"), enemyCard(s, "Sentinel")), `enemy:${s.id}`))),
      h("div", { class: "dim" }, "Ring, clockwise 0 → 5"));
    const ring = h("div", { class: "ring" }, loc(locs[0]), loc(locs[1]), loc(locs[2]), centre, loc(locs[5]), loc(locs[4]), loc(locs[3]));
    const sentinelName = (id) => ((v.sentinels || []).find((s) => s.id === id) || { name: id }).name;
    const heroes = h("div", { class: "heroes" }, v.heroes.map((hero) =>
      h("article", { class: "hero" + (hero.seat === deciding ? " active" : ""), "data-testid": "hero", "data-key": `hero:${hero.id}` },
        h("h3", {}, hero.name, h("span", { class: "dim" }, ` · seat ${hero.seat}`), hero.ko ? " · KO" : "", hero.eliminated ? " · out" : "", hero.away ? " · off the board" : "",
          hero.held && v.challenge ? ` · held by ${v.challenge.name}` : ""),
        h("div", { class: "dim" }, `at ${locs[hero.location] ? `${hero.location}. ${locs[hero.location].name}` : "—"} · deck ${hero.deck_size}`,
          (hero.deck_bottom || []).length ? ` (bottom: ${hero.deck_bottom.join(", ")})` : "",
          hero.target ? ` · targets ${sentinelName(hero.target)}` : "",
          Object.keys(hero.tokens || {}).length ? " · " + Object.entries(hero.tokens).map(([k, n]) => count(n, `${NEED[k] || k} token`)).join(", ") : ""),
        handOf(hero))));
    // an owner's Master Plan cards seen ahead (public until drawn) and team cards
    const depth = (d) => (d === 0 ? "top" : `${d + 1} from the top`);
    const story = h("div", { class: "story panel" }, h("h2", {}, "Storyline"),
      (v.storyline || []).length ? cardList(v.storyline.map((c) => c.facedown
        ? { name: `facedown (${(v.heroes.find((x) => x.id === c.hero) || { name: c.hero }).name})`, kind: "facedown hero card", text: "A facedown hero card: its face is hidden." }
        : { ...c, kind: c.master_plan ? "Master Plan card" : "hero card" }), "storyline", false)
        : h("p", { class: "dim" }, "empty"),
      (v.master_plan_known || []).length ? h("p", { "data-testid": "master-plan-known" }, "Master Plan, known cards: ",
        v.master_plan_known.flatMap((k, i) => [i ? ", " : "", asCard(h("span", {}, `${k.name} (${depth(k.depth)})`),
          { ...k, kind: "Master Plan card", facts: [depth(k.depth)] })])) : null,
      (v.team_cards || []).map((c) => asCard(h("p", { class: "dim", "data-testid": "team-card" },
        `Team card ${c.name}: ${c.text}` + (c.used_this_round ? " (used this round)" : "")),
        { name: c.name, kind: "team card", text: c.text, facts: [c.used_this_round ? "used this round" : ""] })),
      (v.protections || []).length ? h("p", { "data-testid": "in-force" },
        "In force: " + v.protections.map((p) => p.text).join("; ")) : null,
      // a hero's own tokens and deck (its order hidden), a team card's tokens (united/vocab/parts.py)
      (v.own_tokens || []).map((x) => h("p", { "data-testid": "own-tokens" },
        `${(v.heroes.find((y) => y.id === x.hero) || { name: x.hero }).name}: ${x.count} ${x.name}${x.count === 1 ? "" : "s"} (of ${x.most})`)),
      (v.own_decks || []).map((x) => h("p", { "data-testid": "own-deck" },
        `${(v.heroes.find((y) => y.id === x.hero) || { name: x.hero }).name}'s ${x.name}: ${x.size} card${x.size === 1 ? "" : "s"} facedown` +
        (x.discard.length ? `, discard: ${x.discard.join(", ")}` : ""))),
      (v.team_tokens || []).map((x) => h("p", { "data-testid": "team-tokens" }, `${x.team_card}: ${x.count} ${x.name}${x.count === 1 ? "" : "s"}`)));
    const goals = typeof MultiverseGoals !== "undefined" ? MultiverseGoals.standard(v) : null;
    return [goals, ring, heroes, story];
  }
  // a Sentinels hero's character card, for `asCard`
  const heroCard = (hero) => ({ card: hero.character, name: hero.name,
    text: hero.text || (hero.character < 0 ? "No hero character card in play." : ""),
    kind: hero.incapacitated ? "hero character card, incapacitated" : "hero character card",
    hp: hero.incapacitated ? undefined : hero.hp, max_hp: hero.max_hp,
    facts: [hero.tokens ? `tokens ${hero.tokens.join(", ")}` : ""] });
  function sentinelsBoard(v, deciding) {
    // whose turn, by name (the view names it by id, or "villain" / "environment")
    const whose = v.turn_name || ((v.heroes || []).find((x) => x.id === v.turn) || (v[v.turn] || { name: v.turn })).name;
    const top = h("div", { class: "track" }, `Round ${v.round} · ${whose}'s turn · ${v.phase} phase`,
      // a counter the view's `threats` tell (goals.js draws their texts) is not repeated bare
      Object.entries(v.counters || {}).filter(([k]) => !told(v, k)).map(([k, n]) => ` · ${k} ${n}`).join(""));
    const vil = v.villain, env = v.environment;
    const decks = h("div", { class: "decks" },
      asCard(h("article", { class: "panel", "data-testid": "villain" }, h("h3", {}, vil.face_name || vil.name),
        h("div", {}, `${vil.hp} / ${vil.max_hp} HP · deck ${vil.deck_size} · trash ${vil.trash.length}`), bar(vil.hp, vil.max_hp, "hp"),
        h("span", { class: "dim" }, "In play:"), cardList(vil.play, "villain-play")),
        { card: vil.character, name: vil.face_name || vil.name, kind: "villain character card", hp: vil.hp, max_hp: vil.max_hp, text: vil.text }),
      h("article", { class: "panel", "data-testid": "environment" }, h("h3", {}, env.name),
        h("div", {}, `deck ${env.deck_size} · trash ${env.trash.length}`),
        h("span", { class: "dim" }, "In play:"), cardList(env.play, "environment-play")));
    const heroes = h("div", { class: "heroes" }, v.heroes.map((hero) =>
      asCard(h("article", { class: "hero" + (hero.seat === deciding ? " active" : ""), "data-testid": "hero" },
        h("h3", {}, hero.name, h("span", { class: "dim" }, ` · seat ${hero.seat}`), hero.incapacitated ? " · incapacitated" : ""),
        h("div", {}, `${hero.hp} / ${hero.max_hp} HP · deck ${hero.deck_size} · trash ${hero.trash.length}`,
          hero.tokens ? ` · tokens ${hero.tokens.join(", ")}` : ""), bar(hero.hp, hero.max_hp, "hp"),
        h("span", { class: "dim" }, "In play:"), cardList(hero.play, "hero-play"), handOf(hero)), heroCard(hero))));
    const mods = (v.modifiers || []).length ? h("div", { class: "panel" }, h("h2", {}, "In force"),
      h("ul", {}, v.modifiers.map((m) => h("li", {}, `${m.name}: ${m.kind.replace(/_/g, " ")} ${m.amount}` +
        (m.damage_type ? ` (${m.damage_type})` : "") + ` — ${m.applies_to.replace(/_/g, " ")}, ${m.duration.replace(/_/g, " ")}`)))) : null;
    return [top, decks, heroes, mods];
  }
  function oblivaeonBoard(v, deciding) {
    const ob = v.oblivaeon, sh = v.shield, idc = v.inevitable_destruction || {};
    const top = h("div", { class: "track" }, `Round ${v.round} · ${v.turn_name || v.turn}'s turn · ${v.phase} phase`,
      told(v, "Devastation") ? "" : ` · Devastation ${idc.devastation}/${idc.devastation_max}`,
      told(v, "Countdown") ? "" : ` · Countdown ${idc.countdown}`);
    const head = h("div", { class: "decks" },
      asCard(h("article", { class: "panel", "data-testid": "oblivaeon" }, h("h3", {}, ob.form || ob.name),
        h("div", {}, `${ob.hp} / ${ob.max_hp} HP · Zone ${ob.zone + 1}` + (ob.immune ? " · immune (Shield)" : "")),
        bar(ob.hp, ob.max_hp, "hp")),
        { card: ob.character, name: ob.form || ob.name, kind: "villain character card (the Booklet)", hp: ob.hp, max_hp: ob.max_hp,
          text: ob.text, facts: [`Zone ${ob.zone + 1}`, ob.immune ? "immune (Shield)" : ""] }),
      sh ? asCard(h("article", { class: "panel", "data-testid": "shield" }, h("h3", {}, sh.face_name || sh.name),
        h("div", {}, `${count(sh.tokens, "token")}` + (sh.goal ? ` of ${sh.goal}` : "")), h("p", { class: "dim" }, sh.text || "")),
        { card: sh.card, name: sh.face_name || sh.name, kind: "Shield", text: sh.text, facts: [`${count(sh.tokens, "token")}` + (sh.goal ? ` of ${sh.goal}` : "")] }) : null,
      h("article", { class: "panel", "data-testid": "missions" }, h("h3", {}, "Mission deck"),
        h("div", {}, `${count(v.mission_deck.size, "card")}` + (v.mission_deck.top ? " · next: " : ""),
          v.mission_deck.top ? asCard(h("span", {}, v.mission_deck.top.name), { ...v.mission_deck.top, kind: "Mission, top of the deck" }) : null),
        v.mission_deck.top ? h("p", { class: "dim" }, v.mission_deck.top.text || "") : null),
      h("article", { class: "panel" }, h("h3", {}, "Set aside"),
        h("div", {}, (v.environments_aside || []).map((e) => e.name).join(", ") || "none"),
        h("div", { class: "dim" }, `Scion Reserve: ${v.reserve_size}`)));
    const zones = h("div", { class: "zones" }, v.zones.map((z) =>
      h("section", { class: "panel zone", "data-testid": `zone-${z.zone + 1}` },
        h("h2", {}, z.name.charAt(0).toUpperCase() + z.name.slice(1) + (z.oblivaeon ? " · OblivAeon" : "")),
        z.environment ? h("div", {}, h("strong", {}, z.environment.name), ` · deck ${z.environment.deck_size}`,
          cardList(z.environment.play, "environment-play")) : h("p", { class: "dim" }, "no environment"),
        h("span", { class: "dim" }, "Scions, Aeon Men and villain cards:"),
        cardList([...(z.scions || []), ...(z.aeon_men || []), ...(z.villain || [])], "villain-play"),
        (z.missions || []).length ? cardList(z.missions, "missions-here") : null,
        h("div", { class: "heroes" }, (z.heroes || []).map((hero) =>
          asCard(h("article", { class: "hero" + (hero.seat === deciding ? " active" : ""), "data-testid": "hero" },
            h("h3", {}, hero.name, h("span", { class: "dim" }, ` · seat ${hero.seat}`), hero.incapacitated ? " · incapacitated" : ""),
            h("div", {}, `${hero.hp} / ${hero.max_hp} HP · deck ${hero.deck_size} · trash ${(hero.trash || []).length}`,
              hero.tokens ? ` · tokens ${hero.tokens.join(", ")}` : ""), bar(hero.hp, hero.max_hp, "hp"),
            h("span", { class: "dim" }, "In play:"), cardList(hero.play, "hero-play"),
            (hero.incapacitated_cards || []).length ? cardList(hero.incapacitated_cards.map((x) =>
              ({ ...x, kind: "incapacitated hero character card", facts: [`${count(x.under_count, "card")} under it`] })), "incapacitated", false) : null,
            handOf(hero)), heroCard(hero)))))));
    return [top, head, zones];
  }
  const BOARDS = { dofp: unitedBoard, standard: unitedBoard, sentinels: sentinelsBoard, oblivaeon: oblivaeonBoard };
  function drawBoard(el, view, deciding) {
    const draw = BOARDS[view.mode];
    const goal = typeof MultiverseGoals !== "undefined" ? MultiverseGoals.top(view) : [];  // goals.js
    el.replaceChildren(...[...goal, ...(draw ? draw(view, deciding) : [h("pre", { class: "raw" }, JSON.stringify(view, null, 1))])].filter(Boolean));
    const prev = el.mvView;
    el.mvView = view;
    if (typeof MultiverseMotion !== "undefined") MultiverseMotion.show(el, prev, view);  // motion.js: what changed
    if (typeof MultiverseGoals !== "undefined") MultiverseGoals.annotate(el, view);  // a counter on its card
    if (typeof MultiverseCards !== "undefined") MultiverseCards.refresh();  // the open card panel follows (cards.js)
  }
  function logLine(text) {
    return h("li", { class: /^—/.test(text) ? "turn" : null }, text);
  }
  function statusText(about, answer, seat) {
    const names = Object.fromEntries((about ? about.seats : []).map((s) => [s.seat, s]));
    if (answer.result) return h("span", { class: "result " + answer.result, "data-testid": "result" },
      answer.result === "win" ? "The heroes won." : "The heroes lost.", answer.view.reason ? ` (${answer.view.reason})` : "");
    const d = answer.decision;
    if (!d) return "";
    const who = names[d.seat] ? `${names[d.seat].name} (${names[d.seat].player})` : `seat ${d.seat}`;
    return d.seat === seat ? `Your decision: ${d.prompt}` : `Waiting for ${who}: ${d.prompt}`;
  }

  // ----- the table page ------------------------------------------------------------------
  function table() {
    const m = location.pathname.match(/^\/t\/(\d+)\/(?:seat\/(\d+)|watch)/);
    const gid = m[1], seat = m[2] === undefined ? null : Number(m[2]);
    const key = new URLSearchParams(location.search).get("key");  // a seat's, or the spectators'
    const seated = Boolean(key) && seat !== null;
    let socket = null, retry = 300, logCount = 0, busy = false, decisions = -1;
    $("title").textContent = seat === null ? `table ${gid} · spectator` : `table ${gid} · seat ${seat}`;
    function show(msg) {
      const a = msg.answer, about = msg.about;
      if (about) $("title").textContent = `table ${gid} · ${about.mode} · ` + (seat === null ? "spectator"
        : `seat ${seat} (${about.seats[seat] ? about.seats[seat].name : ""})`);
      const d = a.decision;
      if (about && about.decisions < decisions) $("board").mvView = null;  // an undo: no change shown
      drawBoard($("board"), a.view, d ? d.seat : null);
      $("status").replaceChildren(statusText(about, a, seat));
      const mine = d && d.options ? d.options : [];
      $("prompt").textContent = mine.length ? d.prompt : a.result ? "Game over" : "Not your decision";
      $("options").replaceChildren(...mine.map((o) => h("button", {
        "data-testid": "option", "data-option-id": o.id, type: "button", onclick: () => choose(o.id, d.number),
      }, o.label)));
      busy = false;
      if (about && about.decisions !== decisions) { decisions = about.decisions; $("hint-lines").replaceChildren(); }
      if (seated && about) tools(about, mine.length > 0);
      if (msg.log) {
        const log = $("log");
        if (msg.log.from === 0) { log.replaceChildren(); logCount = 0; }
        if (msg.log.from === logCount) {
          log.append(...msg.log.lines.map(logLine));
          logCount += msg.log.lines.length;
          log.scrollTop = log.scrollHeight;
        }
      }
    }
    function tools(about, deciding) {
      $("tools").hidden = false;
      $("hint").disabled = !deciding;
      const names = Object.fromEntries(about.seats.map((s) => [s.seat, s.name]));
      const u = about.undo, waiting = u.needed.filter((s) => !u.votes.includes(s));
      $("undo").disabled = u.votes.includes(seat);
      $("undo-status").textContent = u.votes.length
        ? `Undo asked by ${u.votes.map((s) => names[s]).join(", ")}; waiting for ${waiting.map((s) => names[s]).join(", ")}` : "";
    }
    $("hint").onclick = async () => {
      $("hint").disabled = true;
      $("hint-lines").replaceChildren(h("li", { class: "dim" }, "searching…"));
      try {
        const r = await api("POST", `/api/tables/${gid}/hint`, { key });
        $("hint-lines").replaceChildren(...r.options.map((o) =>
          h("li", {}, `${o.label} — est. win ${Math.round(100 * o.win_rate)}% (${o.visits} rollouts)`)));
      } catch (e) {
        $("hint-lines").replaceChildren();
        $("error").textContent = e.message;
      }
    };
    $("undo").onclick = async () => {
      $("error").textContent = "";
      try { await api("POST", `/api/tables/${gid}/undo`, { key }); } catch (e) { $("error").textContent = e.message; }
    };
    if (!seated) $("tools").remove();  // a spectator has no Hint and no Undo (issue 21)
    // a choice names the decision it answers (its number): a repeated click is refused (409)
    async function choose(option, decision) {
      if (busy) return;
      busy = true;
      for (const b of $("options").querySelectorAll("button")) b.disabled = true;
      $("error").textContent = "";
      try {
        await api("POST", `/api/tables/${gid}/choose`, { key, decision, option });
      } catch (e) {
        busy = false;
        $("error").textContent = e.message;
        for (const b of $("options").querySelectorAll("button")) b.disabled = false;
      }
    }
    function connect() {
      const proto = location.protocol === "https:" ? "wss" : "ws";
      socket = new WebSocket(`${proto}://${location.host}/ws/tables/${gid}` + (key ? `?key=${encodeURIComponent(key)}` : ""));
      socket.onopen = () => { retry = 300; $("connection").textContent = ""; };
      socket.onmessage = (ev) => show(JSON.parse(ev.data));
      socket.onclose = (ev) => {
        // a refusal (4403 wrong key, 4404 no table, 4409 a damaged table, 1008 an id out of range) is final
        if ((ev.code >= 4400 && ev.code < 4500) || ev.code === 1008) { $("connection").textContent = ev.reason || "refused"; return; }
        $("connection").textContent = "connection lost: reconnecting…";
        setTimeout(connect, retry);
        retry = Math.min(retry * 2, 3000);
      };
    }
    if (!key) {  // a table is seen through one of its links only: a seat's or the spectators'
      $("connection").textContent = "This page needs its link's key (…?key=…): ask whoever opened the table for the link.";
      return;
    }
    connect();
  }

  // ----- the replay viewer ---------------------------------------------------------------
  function replay() {
    const gid = location.pathname.match(/^\/replay\/(\d+)/)[1];
    const params = new URLSearchParams(location.search);
    const key = params.get("key");  // a table's replay needs one of its keys
    let ply = Number(params.get("ply") || 0), plies = 0;
    async function go(n) {
      try {
        const r = await api("GET", `/api/games/${gid}/replay/${Math.max(0, n)}` + (key ? `?key=${encodeURIComponent(key)}` : ""));
        if (r.ply !== ply + 1) $("board").mvView = null;  // changes are shown one step forward only
        ply = r.ply; plies = r.plies;
        $("title").textContent = `game ${gid} · ${r.mode} · replay`;
        $("ply").max = plies; $("ply").value = ply;
        $("where").textContent = `decision ${ply} of ${plies}` + (r.choice ? ` — ${r.choice}` : "");
        drawBoard($("board"), r.view, r.decision ? r.decision.seat : null);
        $("status").replaceChildren(statusText({ seats: r.seats }, r, null));
        $("log").replaceChildren(...r.log.map(logLine));
        $("log").scrollTop = $("log").scrollHeight;
      } catch (e) {
        $("status").textContent = e.message;
      }
    }
    $("first").onclick = () => go(0);
    $("prev").onclick = () => go(ply - 1);
    $("next").onclick = () => go(Math.min(plies, ply + 1));
    $("last").onclick = () => go(1e9);
    $("ply").onchange = () => go(Number($("ply").value));
    document.addEventListener("keydown", (e) => {
      if (e.key === "ArrowRight") go(Math.min(plies, ply + 1));
      if (e.key === "ArrowLeft") go(ply - 1);
    });
    go(ply);
  }

  return { table, replay, drawBoard, h, api, count };
})();
