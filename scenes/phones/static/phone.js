/* The phone page's shell: joins the seat whose token follows '#' in the address, keeps the
   connection (reconnecting after sleep or reload), shows whose turn it is, what the last player
   did, a pause of the big screen, an undo request (answered here when this seat decides), the
   end screen (kept when the page is let go), refusals in words, the players and the log, and
   buzzes on the seat's turn. The game's own script (/game.js) draws
   the game: Phone.defineGame({render(root, board, ctx)}). The big screen is the authority: the
   page only sends moves in the game's notation. Every word shown comes from the host in the
   app's language: /words.js before the first message, then the `words` of each message;
   `t(key, fields)` fills a word's {name} fields (the game script gets it as ctx.t). */
"use strict";

const Phone = (() => {
  const token = decodeURIComponent(location.hash.slice(1));
  let ws = null;
  let game = null;
  let last = null;          // the last view message
  let lettingGo = false;    // a "bye" came: do not reconnect
  let lastError = "";       // why the big screen refused this page's code, if it did
  let retry = 0;
  let refusalTimer = null;
  let ui = {};              // the game script's own state (a picked tile...), kept across views
  let words = (typeof PHONE_WORDS === "object" && PHONE_WORDS.words) || {};
  let lang = (typeof PHONE_WORDS === "object" && PHONE_WORDS.lang) || "";
  let linkWord = "connecting";

  const $ = (id) => document.getElementById(id);

  function t(key, fields) {
    const word = words[key] === undefined ? key : words[key];
    return word.replace(/\{(\w+)\}/g, (all, name) =>
      fields && fields[name] !== undefined ? String(fields[name]) : all);
  }

  // The page's fixed words (marked data-word / data-label in phone.html) in the current language.
  function applyWords(next, nextLang) {
    if (next) words = next;
    if (nextLang) lang = nextLang;
    if (lang) document.documentElement.lang = lang;
    for (const el of document.querySelectorAll("[data-word]")) el.textContent = t(el.dataset.word);
    for (const el of document.querySelectorAll("[data-label]")) {
      el.setAttribute("aria-label", t(el.dataset.label));
    }
    const link = $("link");
    if (link && linkWord) link.textContent = t(linkWord);
  }

  function h(tag, props, ...children) {
    const el = document.createElement(tag);
    for (const [key, value] of Object.entries(props || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key === "class") el.className = value;
      else if (key === "style") el.style.cssText = value;
      else if (key.startsWith("on")) el.addEventListener(key.slice(2), value);
      else if (key === "text") el.textContent = value;
      else el.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined || child === false) continue;
      el.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return el;
  }

  function svg(markup, size) {
    const el = document.createElementNS("http://www.w3.org/2000/svg", "svg");
    el.setAttribute("viewBox", "0 0 100 100");
    el.setAttribute("width", size);
    el.setAttribute("height", size);
    el.setAttribute("aria-hidden", "true");
    el.innerHTML = markup;
    return el;
  }

  function deviceId() {
    try {
      let id = localStorage.getItem("tabletop-trio-device");
      if (!id) {
        const bytes = new Uint8Array(12);
        crypto.getRandomValues(bytes);
        id = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
        localStorage.setItem("tabletop-trio-device", id);
      }
      return id;
    } catch (e) {
      return "";
    }
  }

  function setLink(key, state) {
    const link = $("link");
    linkWord = key;
    link.textContent = key ? t(key) : "";
    link.className = "link " + (state || "");
  }

  function setStatus(text, kind) {
    const status = $("status");
    status.textContent = text;
    status.className = kind || "";
  }

  function refuse(reason) {
    const box = $("refusal");
    box.textContent = reason;
    box.hidden = false;
    clearTimeout(refusalTimer);
    refusalTimer = setTimeout(() => { box.hidden = true; }, 5000);
    if (navigator.vibrate) navigator.vibrate(60);
  }

  function send(message) {
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      refuse(t("not_connected"));
      return false;
    }
    ws.send(JSON.stringify({ ...message, token }));
    return true;
  }

  function sendMove(text) {
    $("refusal").hidden = true;
    return send({ t: "move", move: text });
  }

  function buzz() {
    if (navigator.vibrate) navigator.vibrate([180, 90, 180]);
    const flash = $("flash");
    flash.classList.remove("on");
    void flash.offsetWidth;  // restart the animation
    flash.classList.add("on");
  }

  // A seat's mark as the big screen draws it: its colour in its shape (circle, square, triangle,
  // diamond), outlined; a dashed "?" while the colour is decided only when the game starts.
  const SHAPES = {
    circle: '<circle cx="50" cy="50" r="40"/>',
    square: '<rect x="16" y="16" width="68" height="68" rx="6"/>',
    triangle: '<polygon points="50,10 88,80 12,80"/>',
    diamond: '<polygon points="50,8 92,50 50,92 8,50"/>',
  };

  function seatMark(p, size) {
    const known = p.colour && SHAPES[p.mark];
    const mark = svg(known
      ? `<g fill="${p.colour}" stroke="#2b211c" stroke-width="8" stroke-linejoin="round">` +
        `${SHAPES[p.mark]}</g>`
      : '<circle cx="50" cy="50" r="38" fill="none" stroke="#6f6578" stroke-width="7" ' +
        'stroke-dasharray="14 10"/><text x="50" y="66" font-size="46" text-anchor="middle" ' +
        'fill="#6f6578" font-family="sans-serif">?</text>', size || 18);
    mark.setAttribute("class", "seat-mark");
    mark.dataset.mark = known ? p.mark : "unknown";
    return mark;
  }

  function renderPlayers(players, turn, seat) {
    const root = $("players");
    root.replaceChildren(...players.map((p, i) => h("div",
      { class: "player" + (i === turn ? " turn" : ""), "data-seat": i },
      seatMark(p),
      i === seat ? t("you", { name: p.name }) : p.name,
      p.colour ? null : h("span", { class: "phone-mark" }, t("decided_start")),
      p.computer ? h("span", { class: "phone-mark" }, t("computer"))
        : p.phone ? phoneMark() : null)));
  }

  function phoneMark() {
    const mark = svg('<rect x="28" y="6" width="44" height="88" rx="10" fill="currentColor"/>' +
      '<rect x="34" y="16" width="32" height="60" rx="3" fill="#fff"/>' +
      '<circle cx="50" cy="85" r="4" fill="#fff"/>', 18);
    mark.setAttribute("role", "img");
    mark.setAttribute("aria-label", t("on_phone"));
    return h("span", { class: "phone-mark", title: t("on_phone") }, mark);
  }

  function renderLast(text) {
    const box = $("last");
    box.hidden = !text;
    box.replaceChildren(h("span", { class: "label" }, t("last_move")), " ", text || "");
  }

  function renderUndo(undo) {
    const box = $("undo");
    box.hidden = !undo;
    if (!undo) { box.replaceChildren(); return; }
    const answer = (word) => () => send({ t: "answer", answer: word });
    box.replaceChildren(h("p", { class: "question" }, undo.question),  // (who decides: the status)
      undo.yours ? h("div", { class: "actions" },
        h("button", { class: "action", "data-answer": "allow", onclick: answer("allow") },
          t("allow")),
        h("button", { class: "action secondary", "data-answer": "refuse",
          onclick: answer("refuse") }, t("refuse"))) : null);
  }

  // The end: who won, a row per seat with its parts and total, and the game's notes.
  function renderEnd(end, players, seat) {
    const box = $("end");
    box.hidden = !end;
    if (!end) { box.replaceChildren(); return; }
    const number = (n) => (n < 0 ? "\u2212" + -n : String(n));
    const head = h("tr", {}, h("th", {}, ""), end.parts.map((part) => h("th", {}, part.label)),
      h("th", {}, t("total")));
    const rows = players.map((p, s) => h("tr", {
      class: (end.winners.includes(s) ? "won" : "") + (s === seat ? " you" : ""), "data-seat": s },
      h("th", { scope: "row" }, seatMark(p, 16), " ", s === seat ? t("you", { name: p.name }) : p.name,
        end.winners.includes(s) ? h("span", { class: "crown", title: t("winner") }, " \u2605") : null),
      end.parts.map((part) => h("td", { class: part.points[s] < 0 ? "minus" : "" },
        number(part.points[s]))),
      h("td", { class: "total" }, number(end.totals[s]))));
    box.replaceChildren(h("h2", {}, t("points")), h("p", { class: "verdict" }, end.words),
      h("table", { class: "end-table" }, h("thead", {}, head), h("tbody", {}, rows)),
      end.notes.length ? h("ul", { class: "notes" }, end.notes.map((note) => h("li", {}, note)))
        : null);
  }

  function renderLog(lines) {
    $("log-lines").replaceChildren(...lines.map((line) => h("li", {}, line)));
  }

  function render() {
    if (!last) return;
    const me = last.players[last.seat];
    $("who").replaceChildren(seatMark(me, 22), me.name);
    setStatus(last.status, last.over ? "over" : last.your_turn ? "mine" : "");
    renderPlayers(last.players, last.turn, last.seat);
    renderLast(last.last);
    renderUndo(last.undo);
    renderEnd(last.end, last.players, last.seat);
    renderLog(last.log);
    $("log").hidden = false;
    const root = $("game");
    const ctx = { h, svg, t, send: sendMove, refuse, ui, yourTurn: last.your_turn, message: last,
      redraw: render };
    if (game) game.render(root, last.board, ctx);
  }

  function onMessage(event) {
    let msg;
    try { msg = JSON.parse(event.data); } catch (e) { return; }
    if (msg.words) applyWords(msg.words, msg.lang);
    if (msg.t === "view") {
      const before = last;
      if (!before || before.ply !== msg.ply || before.turn !== msg.turn) {
        ui = {};  // a move was made: a half-made choice no longer stands
      }
      const turnStarts = msg.your_turn && !(before && before.your_turn);
      last = msg;
      render();
      if (turnStarts) buzz();
    } else if (msg.t === "lobby") {
      last = null;
      const me = msg.players.find((p) => p.you);
      $("who").replaceChildren(...(me ? [seatMark(me, 22)] : []), msg.name);
      setStatus(t("lobby", { name: msg.name }));
      renderLast("");
      renderUndo(null);
      renderEnd(null);
      $("game").replaceChildren(h("p", { class: "notice" }, t("keep_open")));
      renderPlayers(msg.players, -1, msg.players.findIndex((p) => p.you));
      $("log").hidden = true;
    } else if (msg.t === "refused") {
      refuse(msg.reason);
    } else if (msg.t === "waiting") {
      setStatus(msg.reason);
    } else if (msg.t === "error") {
      lastError = msg.reason;
      refuse(msg.reason);
    } else if (msg.t === "bye") {
      lettingGo = true;  // (the end screen, if the game ended, stays)
      setStatus(msg.reason, "over");
      setLink("let_go", "away");
      renderUndo(null);
      $("game").querySelectorAll("button").forEach((b) => { b.disabled = true; });
    }
  }

  function connect() {
    if (lettingGo || (ws && ws.readyState <= WebSocket.OPEN)) return;
    setLink(retry ? "reconnecting" : "connecting", "away");
    // the seat's token goes in the request too: the big screen checks it before it opens
    ws = new WebSocket(`ws://${location.host}/ws?token=${encodeURIComponent(token)}`);
    ws.onopen = () => {
      retry = 0;
      setLink("connected", "ok");
      ws.send(JSON.stringify({ t: "hello", token, device: deviceId() }));
    };
    ws.onmessage = onMessage;
    ws.onclose = (event) => {
      ws = null;
      if (event.code === 1008) {  // refused by the big screen (a wrong code...): stop trying
        lettingGo = true;
        clearTimeout(refusalTimer);
        $("refusal").hidden = true;  // (the status says it now)
        setStatus(lastError || t("closed"), "over");
        setLink("let_go", "away");
      }
      if (lettingGo) return;
      setLink("reconnecting", "away");
      retry += 1;
      setTimeout(connect, Math.min(5000, 500 * retry));
    };
  }

  function start() {
    applyWords();
    if (!token) {
      setStatus(t("scan"));
      setLink("", "");
      return;
    }
    document.addEventListener("visibilitychange", () => {
      if (!document.hidden) connect();  // back from sleep: at once, not after the back-off
    });
    window.addEventListener("online", connect);
    connect();
  }

  return {
    start,
    t,
    defineGame(spec) { game = spec; },
  };
})();

document.addEventListener("DOMContentLoaded", () => Phone.start());
