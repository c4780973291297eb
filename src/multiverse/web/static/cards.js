/* Every card readable on the page (issue 21): a card element (app.js `asCard`: class
   `card-el`, focusable, its name, facts and text in data attributes) shows its text in a
   tooltip on hover or focus (a mouse, a keyboard), and a click, a tap or Enter opens the
   detail panel, which stays open until closed (its close button, Escape) and follows the card
   as the board is drawn again. The newest narration line is kept in sight in a bar pinned to
   the bottom of the window (`#latest`). Vanilla JS, loaded before app.js by the table and
   replay pages; every text is set with textContent. */
"use strict";
const MultiverseCards = (() => {
  let tip = null, panel = null, openKey = null, opener = null, tipEl = null, tipBy = "", focusKey = null, quiet = false;

  const read = (el) => ({ key: el.dataset.cardKey || "", name: el.dataset.cardName || "",
    facts: el.dataset.cardFacts || "", text: el.dataset.cardText || "" });

  function make(tag, attrs) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  }

  function build() {
    tip = make("div", { id: "card-tip", class: "card-tip", role: "tooltip", "data-testid": "card-tip" });
    tip.append(make("strong", { class: "tip-name" }), make("div", { class: "tip-facts dim" }), make("div", { class: "tip-text" }));
    tip.hidden = true;
    panel = make("aside", { id: "card-detail", class: "card-detail", role: "dialog", "aria-label": "card",
      "data-testid": "card-detail" });
    const close = make("button", { type: "button", class: "close", "data-testid": "card-detail-close", "aria-label": "close" });
    close.textContent = "×";
    close.addEventListener("click", (e) => { e.stopPropagation(); hide(); });
    panel.append(close, make("h2", { "data-testid": "card-detail-name" }),
      make("p", { class: "dim", "data-testid": "card-detail-facts" }),
      make("p", { class: "detail-text", "data-testid": "card-detail-text" }),
      make("p", { class: "dim gone", "data-testid": "card-detail-gone" }));
    panel.hidden = true;
    const latest = make("p", { id: "latest", class: "latest", "data-testid": "latest", "aria-live": "polite" });
    latest.hidden = true;
    latest.addEventListener("click", () => {
      const log = document.getElementById("log");
      if (log) log.scrollIntoView({ block: "nearest" });
    });
    document.body.append(tip, panel, latest);
    document.body.classList.add("has-latest");
  }

  function fill(box, c, nameSel, factsSel, textSel) {
    box.querySelector(nameSel).textContent = c.name;
    box.querySelector(factsSel).textContent = c.facts;
    box.querySelector(textSel).textContent = c.text || "(no text)";
  }

  function showTip(el, by) {
    tipEl = el;
    tipBy = by || tipBy;
    fill(tip, read(el), ".tip-name", ".tip-facts", ".tip-text");
    tip.hidden = false;
    const r = el.getBoundingClientRect(), w = tip.offsetWidth, hgt = tip.offsetHeight;
    const left = Math.max(4, Math.min(window.innerWidth - w - 4, r.left));
    const below = r.bottom + 6 + hgt <= window.innerHeight;
    tip.style.left = `${left}px`;
    tip.style.top = `${Math.max(4, below ? r.bottom + 6 : r.top - hgt - 6)}px`;
  }
  const hideTip = () => { if (tip) tip.hidden = true; tipEl = null; };
  const byKey = (key) => [...document.querySelectorAll(".card-el")].find((x) => x.dataset.cardKey === key);

  function open(el) {
    const c = read(el);
    hideTip();
    fill(panel, c, "[data-testid=card-detail-name]", "[data-testid=card-detail-facts]", "[data-testid=card-detail-text]");
    panel.querySelector("[data-testid=card-detail-gone]").textContent = "";
    panel.hidden = false;
    openKey = c.key;
    opener = el;
  }

  function hide() {
    panel.hidden = true;
    openKey = null;
    if (opener && opener.isConnected) {  // the focus goes back to the card, without its tooltip
      quiet = true;
      opener.focus({ preventScroll: true });
      quiet = false;
    }
    opener = null;
  }

  /* After the board is drawn again: the card that had the focus has it again (a keyboard
     keeps its place), the tooltip follows its card or goes, and the open panel shows its card
     as it is now (HP, tokens, face), or says it is no longer on the table. */
  function refresh() {
    if (!panel) return;
    if (focusKey !== null && (document.activeElement === document.body || !document.activeElement)) {
      const f = byKey(focusKey);
      quiet = true;
      if (f) f.focus({ preventScroll: true });
      quiet = false;
    }
    if (tipEl && !tipEl.isConnected) {
      const t = byKey(tipEl.dataset.cardKey);
      if (t && !tip.hidden) showTip(t); else hideTip();
    }
    if (openKey === null) return;
    const el = byKey(openKey);
    if (el) {
      fill(panel, read(el), "[data-testid=card-detail-name]", "[data-testid=card-detail-facts]", "[data-testid=card-detail-text]");
      panel.querySelector("[data-testid=card-detail-gone]").textContent = "";
      opener = el;
    } else {
      panel.querySelector("[data-testid=card-detail-gone]").textContent = "no longer on the table";
    }
  }

  /* The newest narration line, always in sight (`#latest`), from the page's log. */
  function watchLog() {
    const log = document.getElementById("log"), latest = document.getElementById("latest");
    if (!log || !latest) return;
    const update = () => {
      const last = log.lastElementChild;
      latest.hidden = !last;
      latest.textContent = last ? last.textContent : "";
      latest.title = latest.textContent;
    };
    new MutationObserver(update).observe(log, { childList: true });
    update();
    // the log keeps its newest line in sight when its box changes size (more options above
    // it, a window resized), unless the reader scrolled up to read back
    let stick = true;
    log.addEventListener("scroll", () => { stick = log.scrollTop + log.clientHeight >= log.scrollHeight - 4; });
    new ResizeObserver(() => { if (stick) log.scrollTop = log.scrollHeight; }).observe(log);
    const head = document.querySelector("header");  // the side fits the window below it (style.css)
    const fit = () => { if (head) document.documentElement.style.setProperty("--head", `${head.offsetHeight}px`); };
    window.addEventListener("resize", fit);
    if (head) new ResizeObserver(fit).observe(head);
    fit();
  }

  function install() {
    build();
    document.addEventListener("pointerover", (e) => {
      if (e.pointerType !== "mouse") return;
      const el = e.target.closest && e.target.closest(".card-el");
      if (el) showTip(el, "mouse");
    });
    document.addEventListener("pointerout", (e) => {  // the mouse's tooltip only (not the focus's)
      const el = e.target.closest && e.target.closest(".card-el");
      if (el && el === tipEl && tipBy === "mouse" && !(e.relatedTarget && el.contains(e.relatedTarget))) hideTip();
    });
    document.addEventListener("focusin", (e) => {
      const el = e.target.closest && e.target.closest(".card-el");
      focusKey = el ? el.dataset.cardKey : null;
      if (quiet) return;  // the focus given back (a panel closed, the board drawn again)
      if (el) showTip(el, "focus"); else if (tipBy === "focus") hideTip();
    });
    document.addEventListener("focusout", (e) => {
      // a real blur hides the focus's tooltip and forgets the card; a card taken away by a new
      // drawing keeps both for refresh(), which follows it
      const el = e.target;
      setTimeout(() => {
        if (!el.isConnected || document.activeElement === el) return;
        if (tipBy === "focus" && tipEl === el) hideTip();
        if (el.dataset && el.dataset.cardKey === focusKey && !(document.activeElement && document.activeElement.classList.contains("card-el"))) focusKey = null;
      }, 0);
    });
    document.addEventListener("click", (e) => {
      if (e.target.closest("button, a, input, select, .card-detail")) return;
      const el = e.target.closest(".card-el");
      if (el) open(el);
    });
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape") { hideTip(); if (!panel.hidden) hide(); return; }
      const el = document.activeElement;
      if ((e.key === "Enter" || e.key === " ") && el && el.classList && el.classList.contains("card-el")) {
        e.preventDefault();
        open(el);
      }
    });
    watchLog();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", install);
  else install();
  return { refresh, open, hide };
})();
