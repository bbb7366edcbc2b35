/* Consequence on a phone: your hand, a small grid, and your legal moves (from the big screen) to
   light targets. Pick a hand tile, then an empty square (then "Place" or a push direction); or
   pick a grid tile, then an empty square next to it. The big screen checks every move. */
"use strict";

(() => {
  const TILE = { b: "#3a6fc9", r: "#cc4436" };
  const SYMBOL = {
    M: '<circle cx="50" cy="50" r="30" fill="#fff"/><circle cx="64" cy="40" r="26" fill="COLOUR"/>',
    S: '<circle cx="50" cy="50" r="17" fill="#ffd75e"/>' +
      [0, 45, 90, 135, 180, 225, 270, 315].map((a) =>
        `<rect x="47" y="14" width="6" height="14" rx="3" fill="#ffd75e" transform="rotate(${a} 50 50)"/>`).join(""),
    D: '<circle cx="50" cy="50" r="11" fill="#fff"/>',
  };
  const PAIR = ["#2b2433", "#e0a43a"];  // Moon's pairs, Sun's pairs
  const ARROWS = { N: "↑", NE: "↗", E: "→", SE: "↘", S: "↓", SW: "↙", W: "←", NW: "↖" };

  function tileFace(ctx, code, size) {
    const colour = TILE[code[0]];
    const symbol = code[1] && code[1] !== "?" ? SYMBOL[code[1]] : "";
    return ctx.svg(`<rect x="4" y="4" width="92" height="92" rx="16" fill="${colour}"/>` +
      symbol.replace("COLOUR", colour), size);
  }

  function tileWords(ctx, code) {
    return ctx.t("tile_" + code[0] + (code[1] === "?" ? "" : code[1]));
  }

  function parse(moves) {
    return moves.map((text) => {
      const p = text.split(" ");
      if (p[0] === "place") return { text, kind: "place", code: p[1], square: p[2] };
      if (p[0] === "push") return { text, kind: "push", code: p[1], square: p[2], dir: p[3] };
      if (p[0] === "move") return { text, kind: "move", src: p[1], square: p[2] };
      return { text, kind: p[0] };
    });
  }

  // The scoring pairs of the finished game (CQ-15), a line between the two squares of each:
  // Moon's dark, Sun's gold, over the grid (row 4 at the top).
  function pairLines(ctx, pairs) {
    const centre = (name) => [("abcd".indexOf(name[0]) + 0.5) * 25, (4 - Number(name[1]) + 0.5) * 25];
    const lines = pairs.map((side, seat) => side.map(([a, b]) => {
      const [x1, y1] = centre(a);
      const [x2, y2] = centre(b);
      return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${PAIR[seat]}" ` +
        `stroke-width="3.2" stroke-linecap="round" opacity=".9"/>`;
    }).join("")).join("");
    const overlay = ctx.svg(lines, "100%");
    overlay.setAttribute("class", "cq-pairs");
    return overlay;
  }

  function render(root, board, ctx) {
    const { h, ui } = ctx;
    const moves = parse(board.moves);
    const mine = ctx.yourTurn;
    const cellAt = {};
    board.squares.forEach((name, i) => { cellAt[name] = board.cells[i]; });
    // targets of what is picked
    let targets = new Set();
    if (mine && ui.code && !ui.pending) {
      moves.filter((m) => (m.kind === "place" || m.kind === "push") && m.code === ui.code)
        .forEach((m) => targets.add(m.square));
    } else if (mine && ui.src) {
      moves.filter((m) => m.kind === "move" && m.src === ui.src).forEach((m) => targets.add(m.square));
    }

    function pickHand(index) {
      if (!mine) { ctx.refuse(ctx.t("wait_turn")); return; }
      ui.src = null; ui.pending = null;
      ui.pick = ui.pick === index ? null : index;
      ui.code = ui.pick === null ? null : board.hand[index];
      ctx.redraw();
    }

    function pickSquare(name) {  // (a tap while a choice is open starts again from this square)
      if (!mine) { ctx.refuse(ctx.t("wait_turn")); return; }
      const occupied = cellAt[name] !== null;
      if (ui.pending) { ui.pending = null; }
      if (ui.code && !occupied) {  // nothing is played on one tap: Place / Push / Back
        const here = moves.filter((m) => m.code === ui.code && m.square === name);
        if (here.length === 0) { ctx.send(`place ${ui.code} ${name}`); return; }  // (why not)
        ui.pending = { square: name, code: ui.code,
          place: here.some((m) => m.kind === "place"),
          pushes: here.filter((m) => m.kind === "push").map((m) => m.dir) };
      } else if (ui.src && !occupied) {
        const move = `move ${ui.src} ${name}`;
        if (!moves.some((m) => m.text === move)) { ctx.send(move); return; }  // (why not)
        ui.pending = { square: name, src: ui.src, move };
      } else if (occupied) {
        if (board.final) { ctx.refuse(ctx.t("only_placements")); return; }
        ui.code = null;
        ui.pick = null;
        ui.src = ui.src === name ? null : name;
        if (ui.src && !moves.some((m) => m.kind === "move" && m.src === name)) {
          ui.src = null;
          ctx.refuse(name === board.no_move
            ? ctx.t("just_moved") : ctx.t("no_room"));
          return;
        }
      } else {
        ctx.refuse(ctx.t("pick_first"));
        return;
      }
      ctx.redraw();
    }

    // the hand
    const hand = h("div", { class: "row cq-hand", "aria-label": ctx.t("your_hand", { role: board.role }) },
      board.hand.map((code, index) => h("button", {
        class: "cq-tile" + (ui.pick === index ? " selected" : ""),
        "data-code": code, "aria-label": tileWords(ctx, code), "aria-pressed": ui.pick === index,
        onclick: () => pickHand(index),
      }, tileFace(ctx, code, 58))));
    // the grid: row 4 at the top
    const grid = h("div", { class: "cq-grid", role: "grid", "aria-label": ctx.t("the_grid") });
    for (let row = 4; row >= 1; row--) {
      for (const col of "abcd") {
        const name = col + row;
        const code = cellAt[name];
        const classes = ["cq-cell"];
        if (targets.has(name)) classes.push("target");
        if (ui.src === name || (ui.pending && ui.pending.square === name)) classes.push("selected");
        grid.append(h("button", {
          class: classes.join(" "), "data-square": name,
          "aria-label": ctx.t("square", { square: name, what: code ? tileWords(ctx, code) : ctx.t("empty") }),
          onclick: () => pickSquare(name),
        }, code ? tileFace(ctx, code, "100%") : h("span", { class: "cq-name" }, name),
        ui.pending && ui.pending.code && ui.pending.square === name
          ? tileFace(ctx, ui.pending.code, "60%") : null));
      }
    }
    if (board.pairs) grid.append(pairLines(ctx, board.pairs));
    const parts = [];
    parts.push(h("p", { class: "hint" }, mine
      ? ctx.t(ui.pending ? (ui.pending.move ? "hint_move"
        : ui.pending.pushes.length ? "hint_pending" : "hint_place")
        : board.final ? "hint_final" : ui.code ? "hint_code"
        : ui.src ? "hint_src" : "hint_pick")
      : ctx.t("you_play", { role: board.role, turn: board.turn, limit: board.turn_limit })));
    parts.push(h("h2", {}, ctx.t("your_hand", { role: board.role })), hand);
    if (board.hand.length === 0) parts.push(h("p", { class: "hint" }, ctx.t("hand_empty")));
    if (ui.pending && ui.pending.move) {
      const p = ui.pending;
      parts.push(h("div", { class: "actions cq-choice" },
        h("button", { class: "action", "data-action": "move", onclick: () => ctx.send(p.move) },
          ctx.t("move_to", { from: p.src, square: p.square })),
        h("button", { class: "action secondary", "data-action": "cancel",
          onclick: () => { ui.pending = null; ctx.redraw(); } }, ctx.t("back"))));
    } else if (ui.pending) {
      const p = ui.pending;
      parts.push(h("div", { class: "actions cq-choice" },
        p.place ? h("button", { class: "action", "data-action": "place",
          onclick: () => ctx.send(`place ${p.code} ${p.square}`) }, ctx.t("place_on", { square: p.square })) : null,
        p.pushes.map((dir) => h("button", { class: "action secondary", "data-dir": dir,
          "aria-label": ctx.t("push", { arrow: "", way: ctx.t("dir_" + dir) }),
          onclick: () => ctx.send(`push ${p.code} ${p.square} ${dir}`) },
          ctx.t("push", { arrow: ARROWS[dir], way: ctx.t("dir_" + dir) }))),
        h("button", { class: "action secondary", "data-action": "cancel",
          onclick: () => { ui.pending = null; ctx.redraw(); } }, ctx.t("back"))));
    }
    parts.push(h("h2", {}, ctx.t("the_grid")), grid);
    const other = board.roles[1 - board.roles.indexOf(board.role)];
    parts.push(h("p", { class: "hint" },
      ctx.t(board.other_hand.length === 1 ? "other_holds_one" : "other_holds",
        { role: other, count: board.other_hand.length }),
      board.other_hand.map((c) => h("span", { class: "cq-dot", "data-colour": c[0],
        title: ctx.t("tile_" + c[0]) }, "■"))));
    root.replaceChildren(...parts);
  }

  Phone.defineGame({ render });
})();
