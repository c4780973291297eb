/* The lobby of `multiverse serve` (open a table: the mode's options in words, a solo toggle
   where the mode has one, each seat's link with a copy button) and the admin page (the
   server's open tables and their links, for whoever holds the admin link). Built on
   app.js's helpers; every text is set as text. */
"use strict";
const MultiverseLobby = (() => {
  const { h, api } = Multiverse;
  const $ = (id) => document.getElementById(id);
  const TITLES = { dofp: "Days of Future Past", standard: "Marvel United: a standard game",
    sentinels: "Sentinels of the Multiverse", oblivaeon: "Sentinels of the Multiverse: OblivAeon" };
  const absolute = (link) => new URL(link, location.origin).href;

  // ----- copy a link ---------------------------------------------------------------------
  async function copyText(text) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (e) {  // no clipboard permission (an http page on the LAN): select and copy
      const area = h("textarea", { readonly: true, style: "position:fixed;opacity:0" });
      area.value = text;
      document.body.append(area);
      area.select();
      const ok = document.execCommand && document.execCommand("copy");
      area.remove();
      return Boolean(ok);
    }
  }
  function copyButton(link, what) {
    const url = absolute(link);
    const b = h("button", { type: "button", class: "copy", "data-testid": "copy-link", "data-link": url,
      title: `copy ${what}'s link`, "aria-label": `copy ${what}'s link` }, "Copy");
    b.onclick = async () => {
      const ok = await copyText(url);
      b.textContent = ok ? "Copied" : "Select the link and copy it";
      setTimeout(() => { b.textContent = "Copy"; }, 2000);
    };
    return b;
  }
  // a seat's line: its hero, who plays it, its link (for a human seat) and a copy button
  function seatLine(s) {
    const who = `Seat ${s.seat} · ${s.name}`;
    if (!s.link) return h("li", { "data-testid": "agent-seat" }, `${who} — ${s.player} (an agent, no link)`);
    return h("li", {},
      h("a", { href: s.link, "data-testid": "seat-link", "data-seat": s.seat, target: "_blank" }, `${who} — ${s.player}`),
      " ", copyButton(s.link, who));
  }
  function spectatorLine(link) {
    return h("li", {}, h("a", { href: link, "data-testid": "spectator-link", target: "_blank" }, "Spectators"),
      " ", copyButton(link, "the spectators"));
  }

  function replayLine(link) {
    return h("li", {}, h("a", { href: link, "data-testid": "replay-link", target: "_blank" }, "Replay"),
      " ", copyButton(link, "the replay"));
  }

  // ----- the lobby -----------------------------------------------------------------------
  async function lobby() {
    const info = await api("GET", "/api/modes");
    const modeSel = $("mode");
    for (const m of info.modes) modeSel.append(h("option", { value: m.name }, `${TITLES[m.name] || m.name} (${m.name})`));
    const current = () => info.modes.find((m) => m.name === modeSel.value);
    const solo = () => current().solo && $("solo").checked;
    function seatCount() {
      if (solo()) return 1;
      const text = $("heroes").value.trim(), [low, high] = current().hero_counts;
      if (!text) return Math.min(high, Math.max(3, low));
      return /^\d+$/.test(text) ? Number(text) : text.split(",").filter((x) => x.trim()).length;
    }
    function drawSeats() {
      const n = Math.max(1, Math.min(8, seatCount()));
      const old = [...$("seats").querySelectorAll("select")].map((s) => s.value);
      $("seats").replaceChildren(h("legend", {}, n === 1 ? "Seat" : "Seats"), ...Array.from({ length: n }, (_, i) =>
        h("label", {}, n === 1 && solo() ? "Seat 0 (plays the three heroes)" : `Seat ${i}`,
          h("select", { name: `seat${i}`, "data-testid": "seat-player" },
            info.agents.map((a) => h("option", { value: a, selected: (old[i] || (i === 0 ? "human" : "random")) === a }, a))))));
    }
    function field(o) {
      const name = "opt:" + o.field;
      if (o.choices.length)
        return h("select", { name, "data-testid": "mode-option", "data-field": o.field },
          h("option", { value: "" }, "(default)"), o.choices.map((c) => h("option", { value: c.value }, c.label)));
      return h("input", { name, "data-testid": "mode-option", "data-field": o.field,
        placeholder: o.many ? "several, separated by commas" : "(default)" });
    }
    function drawOptions() {
      const m = current();
      $("mode-help").textContent = m.description;
      const [low, high] = m.hero_counts;
      $("heroes").placeholder = `a number (${low}–${high}) or hero ids: ${m.default_heroes.join(",")}`;
      $("solo-row").hidden = !m.solo;
      if (!m.solo) $("solo").checked = false;
      $("options").replaceChildren(h("legend", {}, "Options"),
        ...(m.options.length ? m.options.map((o) => h("label", { title: o.help, "data-testid": "option-label" },
          h("span", { class: "option-name" }, o.label), field(o), h("span", { class: "help" }, o.help)))
          : [h("p", { class: "dim" }, "This mode has no options.")]));
      drawSeats();
    }
    modeSel.onchange = drawOptions;
    $("heroes").oninput = drawSeats;
    $("solo").onchange = drawSeats;
    drawOptions();
    $("lobby-form").onsubmit = async (ev) => {
      ev.preventDefault();
      $("lobby-error").textContent = "";
      const body = { mode: modeSel.value, seats: [...$("seats").querySelectorAll("select")].map((s) => s.value) };
      const heroes = $("heroes").value.trim();
      if (heroes) body.heroes = /^\d+$/.test(heroes) ? Number(heroes) : heroes;
      if (solo()) body.solo = true;
      if ($("seed").value !== "") body.seed = Number($("seed").value);
      for (const el of $("options").querySelectorAll("[name^='opt:']")) if (el.value) body[el.name.slice(4)] = el.value;
      try {
        const t = await api("POST", "/api/tables", body);
        $("opened-id").textContent = t.id;
        $("links").replaceChildren(...t.seats.map(seatLine), spectatorLine(t.spectator),
          replayLine(t.replay));
        $("opened").hidden = false;
      } catch (e) {
        $("lobby-error").textContent = e.message;
      }
    };
  }

  // ----- the admin page: this server's open tables ---------------------------------------
  async function admin() {
    const key = new URLSearchParams(location.search).get("key") || "";
    async function refresh() {
      try {
        const r = await api("GET", `/api/admin/tables?key=${encodeURIComponent(key)}`);
        $("admin-error").textContent = "";
        $("open-tables").replaceChildren(...(r.tables.length ? r.tables.map((t) => t.damaged ?
          h("li", { class: "panel", "data-testid": "damaged-table", "data-table": t.id },
            h("h3", {}, `Table ${t.id} · damaged`), h("div", {}, t.damaged)) :
          h("li", { class: "panel", "data-testid": "open-table", "data-table": t.id },
            h("h3", {}, `Table ${t.id} · ${t.mode}`),
            h("div", {}, `${t.heroes.join(", ")} · decision ${t.decisions}` +
              (t.to_play ? ` · to play: ${t.to_play.name} (${t.to_play.player})` : "")),
            h("ul", {}, t.seats.map(seatLine), spectatorLine(t.spectator), replayLine(t.replay))))
          : [h("li", { class: "dim", "data-testid": "no-open-table" }, "No open table.")]));
      } catch (e) {
        $("admin-error").textContent = e.message;
      }
    }
    $("refresh").onclick = refresh;
    await refresh();
    setInterval(refresh, 5000);
  }

  return { lobby, admin, copyText };
})();
