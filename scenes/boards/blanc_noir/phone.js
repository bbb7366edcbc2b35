/* En blanc et noir on a phone: your hand (each card's pattern, turned as it matches the land when
   it scores now), the land's colours, the market. Pick a hand card, then Score it or a square of
   the land to lay it on; or pick a market card and Draw it. The big screen checks every move. */
"use strict";

(() => {
  function cardName(ctx, card) {
    const c = card.colour;
    if (!card.known) return ctx.t("card_" + c);
    if (card.overlay) return ctx.t("overlay_" + c);
    return ctx.t((card.bear ? "bear_card_" : "value_card_") + c, { value: card.value });
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
      card.overlay ? h("span", { class: "bn-overlay" }, ctx.t("overlay"))
        : h("span", { class: "bn-value" }, card.known ? card.value : "?"),
      card.bear ? h("span", { class: "bn-bear", title: ctx.t("bear") }, bear(ctx)) : null,
      rows ? pattern(ctx, rows, ctx.t(match ? "pattern_turned" : "pattern")) : null,
      match ? h("span", { class: "bn-scores" }, ctx.t("scores_now")) : null,
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
    const grid = h("div", { class: "bn-land", role: "grid", "aria-label": ctx.t("the_land"),
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
        const label = land
          ? ctx.t("land_" + land.colour + (land.depth > 1 ? "_deep" : "") + (hunter ? "_hunter" : ""),
            { depth: land.depth })
          : frontier.has(key) ? ctx.t("edge") : "";
        grid.append(land || frontier.has(key)
          ? h("button", { class: classes.join(" "), "data-x": x, "data-y": y,
            "aria-label": ctx.t("square", { x, y, what: label }), onclick: () => onSquare(x, y) },
            hunter ? h("img", { class: "bn-hunter", src: "/art/hunter.svg", alt: ctx.t("hunter"),
              title: ctx.t("hunter") }) : null,
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
      if (!mine) { ctx.refuse(ctx.t("wait_turn")); return false; }
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
      if (!picked) { ctx.refuse(ctx.t("pick_first")); return; }
      ctx.send(`land ${picked.id} ${x} ${y}`);
    }

    const parts = [];
    const left = 2 - board.actions_done;
    parts.push(h("p", { class: "hint" }, mine
      ? ctx.t(picked ? (picked.match ? "hint_match" : "hint_lay")
        : fromMarket ? "hint_draw" : left === 2 ? "hint_two" : "hint_one")
      : ctx.t("hint_private")));
    parts.push(h("h2", {}, ctx.t("your_hand", { count: board.hand.length })));
    parts.push(h("div", { class: "row bn-hand" }, board.hand.map((card) => h("button", {
      class: "bn-card" + (ui.card === card.id ? " selected" : "") + (card.match ? " scorable" : ""),
      "data-card": card.id, "aria-pressed": ui.card === card.id,
      "aria-label": card.match ? ctx.t("card_scores", { card: cardName(ctx, card) })
        : cardName(ctx, card),
      onclick: () => pickHand(card.id),
    }, cardView(ctx, card)))));
    if (board.hand.length === 0) parts.push(h("p", { class: "hint" }, ctx.t("hand_empty")));
    if (picked) {  // Score is offered only for a card that scores now; the others say why
      const score = `score ${picked.id}`;
      parts.push(h("div", { class: "actions" },
        moves.has(score) ? h("button", { class: "action", "data-action": "score",
          onclick: () => ctx.send(score) },
          picked.match ? ctx.t("score_points", { points: picked.value }) : ctx.t("score")) : null,
        h("button", { class: "action secondary", "data-action": "cancel",
          onclick: () => { ui.card = null; ctx.redraw(); } }, ctx.t("back"))));
      if (picked.overlay) parts.push(h("p", { class: "hint" }, ctx.t("overlay_on_top")));
      else if (picked.why_not) parts.push(h("p", { class: "hint why-not" }, picked.why_not));
    }
    parts.push(h("h2", {}, ctx.t("the_land")));
    const matched = new Set(picked && picked.match
      ? picked.match.squares.map((s) => `${s[0]},${s[1]}`) : []);
    parts.push(landMap(ctx, board, onSquare, targets, matched));
    parts.push(h("h2", {}, ctx.t("market", { deck: board.deck })));
    parts.push(h("div", { class: "row bn-market" }, board.market.map((card) => h("button", {
      class: "bn-card" + (ui.market === card.id ? " selected" : ""), "data-market": card.id,
      "aria-label": cardName(ctx, card), onclick: () => pickMarket(card.id),
    }, cardView(ctx, { ...card, match: null })))));
    if (fromMarket) {
      parts.push(h("div", { class: "actions" },
        h("button", { class: "action", "data-action": "draw",
          onclick: () => ctx.send(`draw ${fromMarket.id}`) },
          ctx.t("draw_card", { card: cardName(ctx, fromMarket) })),
        h("button", { class: "action secondary", "data-action": "cancel",
          onclick: () => { ui.market = null; ctx.redraw(); } }, ctx.t("back"))));
    }
    const names = ctx.message.players.map((p) => p.name);
    parts.push(h("h2", {}, ctx.t("table")));
    parts.push(h("ul", { class: "bn-table" }, names.map((name, s) => h("li", {},
      ctx.t("points_hand", { name, points: board.points[s] }),
      board.hand_colours[s].map((c) => h("span", { class: "bn-back", "data-colour": c,
        title: ctx.t("card_" + c) })),
      board.hand_colours[s].length === 0 ? ctx.t("empty") : null))));
    root.replaceChildren(...parts);
  }

  Phone.defineGame({ render });
})();
