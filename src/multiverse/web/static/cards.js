/* Every card readable on the page (issue 21): a card element (app.js `asCard`: class
   `card-el`, focusable, its name, facts and text in data attributes) shows its text in a
   tooltip on hover or focus (a mouse, a keyboard), and a click, a tap or Enter opens the
   detail panel, which stays open until closed (its close button, Escape) and follows the card
   as the board is drawn again. The newest narration line is kept in sight in a bar pinned to
   the bottom of the window (`#latest`). Vanilla JS, loaded before app.js by the table and
   replay pages; every text is set with textContent. */
"use strict";
const MultiverseCards = (() => {
  let tip = null, panel = null, openKey = null, opener = null;

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

  function showTip(el) {
    fill(tip, read(el), ".tip-name", ".tip-facts", ".tip-text");
    tip.hidden = false;
    const r = el.getBoundingClientRect(), w = tip.offsetWidth, hgt = tip.offsetHeight;
    const left = Math.max(4, Math.min(window.innerWidth - w - 4, r.left));
    const below = r.bottom + 6 + hgt <= window.innerHeight;
    tip.style.left = `${left}px`;
    tip.style.top = `${Math.max(4, below ? r.bottom + 6 : r.top - hgt - 6)}px`;
  }
  const hideTip = () => { if (tip) tip.hidden = true; };

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
    if (opener && opener.isConnected) opener.focus();
    opener = null;
  }

  /* After the board is drawn again: the open panel shows its card as it is now (HP, tokens,
     face), or says it is no longer on the table. */
  function refresh() {
    if (!panel || openKey === null) return;
    const el = [...document.querySelectorAll(".card-el")].find((x) => x.dataset.cardKey === openKey);
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
  }

  function install() {
    build();
    document.addEventListener("pointerover", (e) => {
      if (e.pointerType !== "mouse") return;
      const el = e.target.closest && e.target.closest(".card-el");
      if (el) showTip(el);
    });
    document.addEventListener("pointerout", (e) => {
      const el = e.target.closest && e.target.closest(".card-el");
      if (el && !(e.relatedTarget && el.contains(e.relatedTarget))) hideTip();
    });
    document.addEventListener("focusin", (e) => {
      const el = e.target.closest && e.target.closest(".card-el");
      if (el) showTip(el); else hideTip();
    });
    document.addEventListener("focusout", hideTip);
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
