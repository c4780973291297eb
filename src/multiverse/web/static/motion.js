/* What changed since the last view, shown as it happens: damage and healing (the HP change
   beside the target, "−2", "+1"), flips and KO, cards entering or leaving play. Computed on
   the page by comparing the previous view with the new one by stable ids (card ids, hero
   ids, Sentinel ids); a short highlight (CSS, about a second; none under
   prefers-reduced-motion) on the element of the target, and a line per change above the
   board. Each text is set as text. */
"use strict";
const MultiverseMotion = (() => {
  const { h } = Multiverse;
  const MINUS = "\u2212";

  // ----- a view as {key: {name, hp, state}} -----------------------------------------------
  function add(out, key, name, hp, state) {
    if (key === null || key === undefined) return;
    out.set(key, { name, hp: typeof hp === "number" ? hp : null, state: state || "" });
  }
  const cardState = (c) => c.face_name && c.face_name !== c.name ? c.face_name : c.flipped ? "flipped" : "";
  function cards(out, list) {
    for (const c of list || []) if (c && c.card !== undefined) add(out, `card:${c.card}`, c.name, c.hp, cardState(c));
  }
  function united(v, out) {
    for (const s of v.sentinels || []) if (!s.defeated) add(out, `enemy:${s.id}`, s.name, s.health);
    if (v.villain) add(out, `enemy:${v.villain.id}`, v.villain.name, v.villain.health);
    else if (v.nimrod) add(out, "enemy:nimrod", "Nimrod", v.nimrod.health);
    for (const l of v.locations || []) if (l.threat)
      add(out, `threat:${l.position}`, l.threat.henchman ? l.threat.henchman.name : l.threat.name,
        l.threat.henchman ? l.threat.henchman.health : null);
    for (const hero of v.heroes || [])
      add(out, `hero:${hero.id}`, hero.name, null, hero.eliminated ? "out" : hero.ko ? "KO" : hero.held ? "held" : "");
    (v.storyline || []).forEach((c, i) => { if (!c.facedown) add(out, `story:${c.card}`, c.name); else add(out, `story:down${i}`, "a facedown card"); });
  }
  function sentinelHero(out, hero) {
    add(out, `hero:${hero.id || hero.seat}`, hero.name, hero.hp, hero.incapacitated ? "incapacitated" : "");
    cards(out, hero.play);
  }
  function sentinels(v, out) {
    const vil = v.villain;
    if (vil) add(out, "villain", vil.name, vil.hp, vil.face_name !== vil.name ? vil.face_name : "");
    cards(out, vil && vil.play);
    cards(out, v.environment && v.environment.play);
    for (const hero of v.heroes || []) sentinelHero(out, hero);
  }
  function oblivaeon(v, out) {
    if (v.oblivaeon) add(out, "oblivaeon", v.oblivaeon.name, v.oblivaeon.hp, v.oblivaeon.form);
    if (v.shield) add(out, "shield", v.shield.name, null, v.shield.face_name);
    for (const z of v.zones || []) {
      cards(out, z.environment && z.environment.play);
      cards(out, [...(z.scions || []), ...(z.aeon_men || []), ...(z.villain || []), ...(z.missions || [])]);
      for (const hero of z.heroes || []) sentinelHero(out, hero);
    }
  }
  const SNAPSHOTS = { dofp: united, standard: united, sentinels, oblivaeon };
  function snapshot(v) {
    const out = new Map(), f = SNAPSHOTS[v.mode];
    if (f) f(v, out);
    return out;
  }

  // ----- the changes between two views ----------------------------------------------------
  /** The changes from `prev` to `next`: {key, name, kind: "hp"|"state"|"enters"|"leaves",
      delta (hp), state}; nothing when the mode or the game changed. */
  function diff(prev, next) {
    if (!prev || !next || prev.mode !== next.mode) return [];
    const a = snapshot(prev), b = snapshot(next), out = [];
    for (const [key, x] of b) {
      const was = a.get(key);
      if (!was) { out.push({ key, name: x.name, kind: "enters" }); continue; }
      if (x.hp !== null && was.hp !== null && x.hp !== was.hp) out.push({ key, name: x.name, kind: "hp", delta: x.hp - was.hp });
      if (x.state !== was.state) out.push({ key, name: x.name, kind: "state", state: x.state, was: was.state });
    }
    for (const [key, x] of a) if (!b.has(key)) out.push({ key, name: x.name, kind: "leaves" });
    return out;
  }
  const signed = (n) => (n < 0 ? `${MINUS}${-n}` : `+${n}`);
  function say(c) {
    const where = c.key.startsWith("story:") ? " the Storyline" : " play";
    if (c.kind === "hp") return `${c.name} ${signed(c.delta)} ${c.delta < 0 ? "(damage)" : "(healed)"}`;
    if (c.kind === "enters") return `${c.name} enters${where}`;
    if (c.kind === "leaves") return c.key.startsWith("threat:") ? `${c.name}: cleared` : `${c.name} leaves${where}`;
    return c.state ? `${c.name}: ${c.state}` : `${c.name}: no longer ${c.was}`;
  }

  // ----- the elements of a key ------------------------------------------------------------
  // The Sentinels boards draw their lists in the view's order: tag them in that order.
  function tag(nodes, keys) {
    [...nodes].forEach((n, i) => { if (keys[i] !== undefined && !n.dataset.key) n.dataset.key = keys[i]; });
  }
  const kids = (root, testid) => (root ? root.querySelectorAll(`[data-testid=${testid}] > li`) : []);
  const cardKeys = (list) => (list || []).map((c) => `card:${c.card}`);
  function tagHeroes(root, heroes) {
    const panels = root ? root.querySelectorAll("[data-testid=hero]") : [];
    tag(panels, (heroes || []).map((x) => `hero:${x.id || x.seat}`));
    [...panels].forEach((p, i) => tag(kids(p, "hero-play"), cardKeys((heroes[i] || {}).play)));
  }
  function tagSentinels(el, v) {
    const vil = el.querySelector("[data-testid=villain]");
    if (vil) vil.dataset.key = "villain";
    tag(kids(el, "villain-play"), cardKeys(v.villain && v.villain.play));
    tag(kids(el, "environment-play"), cardKeys(v.environment && v.environment.play));
    tagHeroes(el, v.heroes);
  }
  function tagOblivaeon(el, v) {
    const ob = el.querySelector("[data-testid=oblivaeon]"), sh = el.querySelector("[data-testid=shield]");
    if (ob) ob.dataset.key = "oblivaeon";
    if (sh) sh.dataset.key = "shield";
    for (const z of v.zones || []) {
      const root = el.querySelector(`[data-testid=zone-${z.zone + 1}]`);
      tag(kids(root, "environment-play"), cardKeys(z.environment && z.environment.play));
      tag(kids(root, "villain-play"), cardKeys([...(z.scions || []), ...(z.aeon_men || []), ...(z.villain || [])]));
      tag(kids(root, "missions-here"), cardKeys(z.missions));
      tagHeroes(root, z.heroes);
    }
  }
  function tagUnited(el, v) {
    tag(kids(el, "storyline"), (v.storyline || []).map((c, i) => (c.facedown ? `story:down${i}` : `story:${c.card}`)));
  }
  const TAGS = { dofp: tagUnited, standard: tagUnited, sentinels: tagSentinels, oblivaeon: tagOblivaeon };

  // ----- drawing ------------------------------------------------------------------------
  function mark(el, c) {
    const cls = c.kind === "hp" ? (c.delta < 0 ? "mv-damage" : "mv-heal") : c.kind === "enters" ? "mv-enters" : "mv-state";
    const targets = el.querySelectorAll(`[data-key="${CSS.escape(c.key)}"]`);
    for (const t of targets) {
      t.classList.add("mv-changed", cls);
      if (c.kind === "hp")
        t.append(h("span", { class: "delta " + cls, "data-testid": "delta" }, signed(c.delta)));
      else if (c.kind === "state" && c.state)
        t.append(h("span", { class: "delta " + cls, "data-testid": "delta" }, c.state));
    }
  }
  const SHOWN = 8;  // changes listed at most (a replay's jump lists the first ones)
  function strip(changes, fresh) {
    const more = changes.length - SHOWN;
    return h("ul", { class: "changes" + (fresh ? " fresh" : ""), "data-testid": "changes", "aria-live": "polite" },
      changes.slice(0, SHOWN).map((c) => h("li", { class: c.kind === "hp" ? (c.delta < 0 ? "dmg" : "heal") : null }, say(c))),
      more > 0 ? h("li", { class: "dim" }, `and ${more} more`) : null);
  }
  /** After a board `el` is drawn with `next` (the view before it: `prev`): tag its elements,
      highlight what changed and list the changes above it (the last ones stay listed). */
  function show(el, prev, next) {
    const tagger = TAGS[next.mode];
    if (tagger) tagger(el, next);
    const changes = diff(prev, next);
    if (changes.length) {
      el.mvChanges = changes;
      for (const c of changes) mark(el, c);
    }
    if (!el.mvChanges || !el.mvChanges.length) return;
    const list = strip(el.mvChanges, changes.length > 0), goal = el.querySelector(":scope > [data-testid=goal-box]");
    if (goal) goal.after(list); else el.prepend(list);
  }

  return { diff, show, snapshot, say };
})();
