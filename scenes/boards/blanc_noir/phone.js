/* En blanc et noir on a phone: your hand (each card's pattern, turned as it matches the land when
   it scores now), the land's colours, the market. Pick a hand card, then Score it or a square of
   the land to lay it on; or pick a market card and Draw it. The big screen checks every move. */
"use strict";

(() => {
  const WORD = { W: "white", B: "black" };

  function cardName(card) {
    if (!card.known) return `${WORD[card.colour]} card`;
    if (card.overlay) return `${WORD[card.colour]} overlay`;
    return `${WORD[card.colour]} ${card.value}` + (card.bear ? " with a bear" : "");
  }

  function bear(ctx) {
    return ctx.svg('<circle cx="28" cy="30" r="14" fill="currentColor"/>' +
      '<circle cx="72" cy="30" r="14" fill="currentColor"/>' +
      '<circle cx="50" cy="58" r="32" fill="currentColor"/>' +
      '<circle cx="50" cy="70" r="10" fill="#b9ad9c"/>', 20);
  }

  function pattern(ctx, rows, label) {
    const cells = [];
    for (const row of rows) for (const c of row) {
      cells.push(ctx.h("span", { class: "bn-icon", "data-colour": c }));
    }
    return ctx.h("span", { class: "bn-pattern", role: "img", "aria-label": label }, cells);
  }

  function cardView(ctx, card, extra) {
    const { h } = ctx;
    const match = card.match;
    const rows = match ? match.pattern : card.pattern;
    return h("span", { class: "bn-face", "data-colour": card.colour },
      card.overlay ? h("span", { class: "bn-overlay" }, "overlay")
        : h("span", { class: "bn-value" }, card.known ? card.value : "?"),
      card.bear ? h("span", { class: "bn-bear", title: "bear" }, bear(ctx)) : null,
      rows ? pattern(ctx, rows, match ? "pattern, turned as it matches" : "pattern") : null,
      match ? h("span", { class: "bn-scores" }, "scores now") : null,
      extra || null);
  }

  function landMap(ctx, board, onSquare, targets, matched) {
    const { h } = ctx;
    const squares = board.land.map((s) => [s.x, s.y]).concat(board.frontier);
    const xs = squares.map((s) => s[0]);
    const ys = squares.map((s) => s[1]);
    const minX = Math.min(...xs), maxX = Math.max(...xs);
    const minY = Math.min(...ys), maxY = Math.max(...ys);
    const at = {};
    board.land.forEach((s) => { at[`${s.x},${s.y}`] = s; });
    const frontier = new Set(board.frontier.map((s) => `${s[0]},${s[1]}`));
    const grid = h("div", { class: "bn-land", role: "grid", "aria-label": "The land",
      style: `grid-template-columns: repeat(${maxX - minX + 1}, minmax(26px, 54px))` });
    for (let y = maxY; y >= minY; y--) {
      for (let x = minX; x <= maxX; x++) {
        const key = `${x},${y}`;
        const land = at[key];
        const hunter = board.hunter && board.hunter[0] === x && board.hunter[1] === y;
        const classes = ["bn-sq"];
        if (land) classes.push(land.colour === "W" ? "white" : "black");
        else if (frontier.has(key)) classes.push("edge");
        else classes.push("none");
        if (targets.has(key)) classes.push("target");
        if (matched.has(key)) classes.push("match");
        const label = land ? `${WORD[land.colour]} land` + (land.depth > 1 ? `, ${land.depth} cards` : "")
          + (hunter ? ", the hunter" : "") : frontier.has(key) ? "empty, next to the land" : "";
        grid.append(land || frontier.has(key)
          ? h("button", { class: classes.join(" "), "data-x": x, "data-y": y,
            "aria-label": `${x}, ${y}: ${label}`, onclick: () => onSquare(x, y) },
            hunter ? h("span", { class: "bn-hunter", title: "the hunter" }, "♟") : null,
            land && land.depth > 1 ? h("span", { class: "bn-depth" }, land.depth) : null)
          : h("span", { class: classes.join(" ") }));
      }
    }
    return grid;
  }

  function render(root, board, ctx) {
    const { h, ui } = ctx;
    const mine = ctx.yourTurn;
    const moves = new Set(board.moves);
    const picked = board.hand.find((c) => c.id === ui.card) || null;
    const fromMarket = board.market.find((c) => c.id === ui.market) || null;
    const targets = new Set();
    if (mine && picked) {
      board.moves.filter((m) => m.startsWith(`land ${picked.id} `)).forEach((m) => {
        const p = m.split(" ");
        targets.add(`${p[2]},${p[3]}`);
      });
    }

    function guard() {
      if (!mine) { ctx.refuse("Wait for your turn."); return false; }
      return true;
    }
    function pickHand(id) {
      if (!guard()) return;
      ui.market = null;
      ui.card = ui.card === id ? null : id;
      ctx.redraw();
    }
    function pickMarket(id) {
      if (!guard()) return;
      ui.card = null;
      ui.market = ui.market === id ? null : id;
      ctx.redraw();
    }
    function onSquare(x, y) {
      if (!guard()) return;
      if (!picked) { ctx.refuse("Pick a card from your hand first, then a glowing square."); return; }
      ctx.send(`land ${picked.id} ${x} ${y}`);
    }

    const parts = [];
    const left = 2 - board.actions_done;
    parts.push(h("p", { class: "hint" }, mine
      ? (picked ? (picked.match ? "Score it (it matches where the land is ringed), or tap a glowing square to lay it."
        : "Tap a glowing square of the land to lay it.")
        : fromMarket ? "Draw it into your hand?"
        : `${left === 2 ? "2 actions" : "1 more action"}: lay or score a hand card, or draw from the market.`)
      : "Your hand, private to you. The land and market are on the big screen too."));
    parts.push(h("h2", {}, `Your hand (${board.hand.length} of 5)`));
    parts.push(h("div", { class: "row bn-hand" }, board.hand.map((card) => h("button", {
      class: "bn-card" + (ui.card === card.id ? " selected" : "") + (card.match ? " scorable" : ""),
      "data-card": card.id, "aria-pressed": ui.card === card.id,
      "aria-label": cardName(card) + (card.match ? ", scores now" : ""),
      onclick: () => pickHand(card.id),
    }, cardView(ctx, card)))));
    if (board.hand.length === 0) parts.push(h("p", { class: "hint" }, "Your hand is empty."));
    if (picked) {
      const score = `score ${picked.id}`;
      parts.push(h("div", { class: "actions" },
        picked.overlay ? null : h("button", { class: "action", "data-action": "score",
          "aria-disabled": !moves.has(score),
          onclick: () => ctx.send(score) }, picked.match ? `Score +${picked.value}` : "Score"),
        h("button", { class: "action secondary", "data-action": "cancel",
          onclick: () => { ui.card = null; ctx.redraw(); } }, "Back")));
      if (picked.overlay) parts.push(h("p", { class: "hint" }, "An overlay may also go on top of land."));
    }
    parts.push(h("h2", {}, "The land"));
    const matched = new Set(picked && picked.match
      ? picked.match.squares.map((s) => `${s[0]},${s[1]}`) : []);
    parts.push(landMap(ctx, board, onSquare, targets, matched));
    parts.push(h("h2", {}, `Market (deck: ${board.deck})`));
    parts.push(h("div", { class: "row bn-market" }, board.market.map((card) => h("button", {
      class: "bn-card" + (ui.market === card.id ? " selected" : ""), "data-market": card.id,
      "aria-label": cardName(card), onclick: () => pickMarket(card.id),
    }, cardView(ctx, { ...card, match: null })))));
    if (fromMarket) {
      parts.push(h("div", { class: "actions" },
        h("button", { class: "action", "data-action": "draw",
          onclick: () => ctx.send(`draw ${fromMarket.id}`) },
          `Draw the ${cardName(fromMarket)}`),
        h("button", { class: "action secondary", "data-action": "cancel",
          onclick: () => { ui.market = null; ctx.redraw(); } }, "Back")));
    }
    const names = ctx.message.players.map((p) => p.name);
    parts.push(h("h2", {}, "Table"));
    parts.push(h("ul", { class: "bn-table" }, names.map((name, s) => h("li", {},
      `${name}: ${board.points[s]} points scored, hand `,
      board.hand_colours[s].map((c) => h("span", { class: "bn-back", "data-colour": c,
        title: `${WORD[c]} card` })),
      board.hand_colours[s].length === 0 ? "empty" : null))));
    root.replaceChildren(...parts);
  }

  Phone.defineGame({ render });
})();
