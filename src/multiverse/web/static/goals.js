/* What the heroes play for, drawn at the top of every board: the goal in one sentence (the
   view's `goal`) and each counter that can end the game or trigger a threshold (the view's
   `threats`, each shown by its ready `text`); and the standard game's win condition
   (MU-9, MU-14, MU-15, DFP-C3): the Missions and their progress, Under Pressure, whether the
   Villain and the Challenge Sentinel can be damaged yet, whom Sentinel III holds. Each text
   is set as text. */
"use strict";
const MultiverseGoals = (() => {
  const { h, count } = Multiverse;

  /** The goal line and the counters that can end the game (none drawn when absent). */
  function top(v) {
    const threats = v.threats || [];
    if (!v.goal && !threats.length) return [];
    return [h("div", { class: "goal-box", "data-testid": "goal-box" },
      v.goal ? h("p", { class: "goal", "data-testid": "goal" }, h("strong", {}, "Goal: "), v.goal) : null,
      threats.length ? h("ul", { class: "threats", "data-testid": "threats" }, threats.map((t) =>
        h("li", { "data-testid": "threat", "data-name": t.name, class: t.limit && t.value >= t.limit - 1 ? "near" : null }, t.text)))
        : null)];
  }

  /** The counter of the view named `name` (or one name the start of the other's: "Nimrod
      Activation" and "Nimrod Activation track"), else null. */
  function threatNamed(v, name) {
    return (v.threats || []).find((t) => t.name === name || t.name.startsWith(name + " ") || name.startsWith(t.name + " ")) || null;
  }

  const missions = (n) => count(n, "Mission");
  /** MU-9 … MU-15, DFP-C3: the standard game's panel (null in any other mode). */
  function standard(v) {
    if (!v.missions) return null;
    const done = v.missions_completed, up = v.under_pressure_after, va = v.vulnerable_after;
    const vil = v.villain, ch = v.challenge;
    const line = (testid, cls, ...text) => h("div", { "data-testid": testid, class: cls || null }, ...text);
    return h("section", { class: "panel standard-goals", "data-testid": "standard-goals", "aria-label": "win condition" },
      h("div", { class: "mission-row" }, h("h2", {}, `Missions ${done} of 3`),
        h("ul", { class: "missions", "data-testid": "missions-progress" }, v.missions.map((m) =>
          h("li", { "data-testid": "mission", "data-mission": m.id, class: m.completed ? "done" : null },
            `${m.name} ${m.progress}/${m.threshold}` + (m.completed ? " ✓" : ""))))),
      line("under-pressure", v.under_pressure ? "warn" : null, v.under_pressure
        ? `Under Pressure (from ${missions(up)} completed): a Master Plan card after every ${count(v.villain_turn_every, "Hero card")}`
        : `Not Under Pressure yet: at ${missions(up)} completed (${done} so far)`),
      vil ? line("villain-damageable", vil.vulnerable ? "good" : null, vil.vulnerable
        ? `${vil.name} can be damaged (${vil.health}/${vil.max_health} Health)`
        : `${vil.name} can't be damaged yet: at ${missions(va)} completed (${done} so far)`) : null,
      ch ? line("challenge-state", ch.damageable ? "good" : null, `${ch.name} (Challenge): ` +
        (ch.defeated ? "defeated" : ch.damageable ? `can be damaged (${ch.health} Health)`
          : "can't be damaged until the Villain is Under Pressure") +
        (ch.holding_name ? ` · holds ${ch.holding_name}` : "")) : null,
      line("master-plan-left", "dim", `Master Plan deck: ${count(v.master_plan_deck_size, "card")} left` +
        " (the heroes lose when it runs out)"));
  }

  /** A counter on a card in play (`threat.card`) is written on that card too (the card's
      element carries `data-key="card:ID"`, set by motion.js). */
  function annotate(el, v) {
    for (const t of v.threats || []) {
      if (t.card === null || t.card === undefined) continue;
      for (const node of el.querySelectorAll(`[data-key="card:${t.card}"]`))
        node.append(h("div", { class: "card-threat", "data-testid": "card-threat" }, t.text));
    }
  }

  return { top, standard, threatNamed, annotate };
})();
