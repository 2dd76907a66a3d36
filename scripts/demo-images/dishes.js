// One painter per demo plate key (the salón menu reuses the carta's images). See render.mjs.
/* eslint-disable */
(() => {
  const { R, TAU } = window.K;
  const D = {};

  // ---------------- Pizzería Don Mateo ----------------

  function pizzaScene(ctx, K, top) {
    K.wood(ctx, [92, 58, 36], { planks: 5, vertical: true });
    // wooden peel board under the pizza
    const cx = 330;
    const cy = 245;
    K.shadowed(
      ctx,
      () => {
        ctx.beginPath();
        ctx.arc(cx, cy, 232, 0, TAU);
      },
      '#c49463',
      30,
      8,
      16,
      'rgba(0,0,0,.55)',
    );
    ctx.save();
    ctx.beginPath();
    ctx.arc(cx, cy, 232, 0, TAU);
    ctx.clip();
    ctx.fillStyle = K.radial(ctx, cx - 60, cy - 60, 10, 300, [
      [0, '#d8ab78'],
      [1, '#a87444'],
    ]);
    ctx.fillRect(0, 0, K.W, K.H);
    ctx.filter = 'blur(1px)';
    for (let i = 0; i < 50; i++) {
      ctx.strokeStyle = `rgba(110,70,35,${R(0.1, 0.3)})`;
      ctx.lineWidth = R(0.5, 2);
      const y = R(cy - 240, cy + 240);
      ctx.beginPath();
      ctx.moveTo(cx - 240, y);
      ctx.bezierCurveTo(cx - 80, y + R(-6, 6), cx + 80, y + R(-6, 6), cx + 240, y + R(-6, 6));
      ctx.stroke();
    }
    ctx.restore();
    // flour dust on the board
    ctx.save();
    ctx.filter = 'blur(1.5px)';
    K.specks(ctx, 120, cx, cy, 230, 230, ['rgba(255,250,235,.35)'], 1, 3);
    ctx.restore();
    const r = 205;
    K.crust(ctx, cx, cy, r);
    top(cx, cy, r);
    K.cuts(ctx, cx, cy, r, 8, 0.35);
    // styling: basil and chilli flakes on the table corner
    K.herbLeaf(ctx, 48, 420, 44, -0.6, '#3c8a2e');
    K.herbLeaf(ctx, 80, 448, 36, 0.4, '#347a27');
    K.herbLeaf(ctx, 600, 60, 40, 2.2, '#3c8a2e');
    K.specks(ctx, 18, 590, 420, 30, 20, ['#b8261a', '#e0a030', '#7a140c'], 1, 2.5);
    K.light(ctx, { vignette: 0.55 });
  }

  D.muzzarella = (ctx, K) =>
    pizzaScene(ctx, K, (cx, cy, r) => {
      K.sauce(ctx, cx, cy, r * 0.84);
      K.cheese(ctx, cx, cy, r * 0.83, { cover: 90, brown: 38 });
      for (let i = 0; i < 8; i++) {
        const a = (i / 8) * TAU + 0.35 + TAU / 16 + R(-0.15, 0.15);
        const d = r * R(0.3, 0.62);
        K.olive(ctx, cx + Math.cos(a) * d, cy + Math.sin(a) * d, R(11, 13));
      }
      K.specks(ctx, 260, cx, cy, r * 0.8, r * 0.8, ['#4f5a1e', '#3b4416', '#6a6a25'], 0.8, 1.8, 0.9);
    });

  D.napolitana = (ctx, K) =>
    pizzaScene(ctx, K, (cx, cy, r) => {
      K.sauce(ctx, cx, cy, r * 0.84);
      K.cheese(ctx, cx, cy, r * 0.82, { cover: 75, brown: 24 });
      const spots = [[0, 0]];
      for (let i = 0; i < 6; i++)
        spots.push([Math.cos((i / 6) * TAU + 0.2) * r * 0.5, Math.sin((i / 6) * TAU + 0.2) * r * 0.5]);
      for (const [dx, dy] of spots) K.tomatoSlice(ctx, cx + dx + R(-8, 8), cy + dy + R(-8, 8), R(30, 36));
      // garlic and parsley
      K.specks(ctx, 60, cx, cy, r * 0.78, r * 0.78, ['#f7f1dc', '#efe3c0'], 1.5, 3.2);
      K.specks(ctx, 140, cx, cy, r * 0.8, r * 0.8, ['#2f6b1e', '#3d8a25', '#24561a'], 1.2, 3);
    });

  D.fugazzeta = (ctx, K) =>
    pizzaScene(ctx, K, (cx, cy, r) => {
      // no tomato: a cheese base covered with sweet onion, browned at the tips
      K.blob(ctx, cx, cy, r * 0.86, r * 0.86, '#f0d58c', 0.03, 24);
      K.cheese(ctx, cx, cy, r * 0.84, { cover: 40, brown: 20 });
      ctx.save();
      ctx.lineCap = 'round';
      for (let i = 0; i < 150; i++) {
        const a = R(0, TAU);
        const d = r * Math.sqrt(K.rnd()) * 0.8;
        const x = cx + Math.cos(a) * d;
        const y = cy + Math.sin(a) * d;
        const rr = R(10, 26);
        const a0 = R(0, TAU);
        const len = R(0.6, 1.6);
        ctx.shadowColor = 'rgba(90,50,10,.35)';
        ctx.shadowBlur = 2;
        ctx.shadowOffsetY = 1;
        ctx.strokeStyle = K.pick([
          'rgba(250,240,205,.92)',
          'rgba(240,218,160,.92)',
          'rgba(228,190,120,.92)',
          'rgba(255,248,225,.9)',
        ]);
        ctx.lineWidth = R(2.5, 4.5);
        ctx.beginPath();
        ctx.arc(x, y, rr, a0, a0 + len);
        ctx.stroke();
        // browned edge
        ctx.shadowColor = 'transparent';
        ctx.strokeStyle = `rgba(${R(130, 170)},${R(70, 95)},25,${R(0.35, 0.75)})`;
        ctx.lineWidth = 1.3;
        ctx.beginPath();
        ctx.arc(x, y, rr + 1.5, a0 + len * 0.5, a0 + len);
        ctx.stroke();
      }
      ctx.restore();
      // grated cheese and oregano
      K.specks(ctx, 160, cx, cy, r * 0.8, r * 0.8, ['#fff8e0', '#f3e4b0'], 1, 2.4);
      K.specks(ctx, 120, cx, cy, r * 0.8, r * 0.8, ['#4f5a1e', '#3b4416'], 0.8, 1.6);
      K.gloss(ctx, 40, cx, cy, r * 0.8, r * 0.8, 3, 0.5);
    });

  /** One baked empanada seen from above: a half-moon with a braided repulgue along the curve. */
  function empanada(ctx, K, x, y, s, rot, opts = {}) {
    const { body = ['#f2c47c', '#d38e3e', '#8e4c18'], braid = true, fried = false, blister = 30 } = opts;
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(rot);
    const shape = () => {
      ctx.beginPath();
      ctx.moveTo(-s, s * 0.18);
      ctx.bezierCurveTo(-s * 1.02, -s * 0.55, -s * 0.55, -s * 0.9, 0, -s * 0.9);
      ctx.bezierCurveTo(s * 0.55, -s * 0.9, s * 1.02, -s * 0.55, s, s * 0.18);
      ctx.bezierCurveTo(s * 0.6, s * 0.36, -s * 0.6, s * 0.36, -s, s * 0.18);
      ctx.closePath();
    };
    K.shadowed(ctx, shape, body[1], s * 0.25, s * 0.05, s * 0.12, 'rgba(30,12,0,.55)');
    shape();
    ctx.fillStyle = K.radial(ctx, -s * 0.15, -s * 0.25, s * 0.1, s * 1.1, [
      [0, body[0]],
      [0.55, body[1]],
      [1, body[2]],
    ]);
    ctx.fill();
    ctx.save();
    shape();
    ctx.clip();
    K.pores(ctx, 0, -s * 0.3, s, s * 0.7, 500, 'rgba(120,60,15,.3)', 'rgba(255,235,190,.3)', 1.6);
    ctx.filter = 'blur(2px)';
    for (let i = 0; i < blister; i++) {
      K.blob(
        ctx,
        R(-s * 0.8, s * 0.8),
        R(-s * 0.7, s * 0.15),
        R(3, 9),
        R(2, 6),
        fried ? 'rgba(255,230,170,.45)' : `rgba(${R(120, 160)},${R(60, 85)},20,${R(0.25, 0.5)})`,
        0.4,
        7,
        R(0, TAU),
      );
    }
    if (fried) {
      ctx.filter = 'blur(0.6px)';
      for (let i = 0; i < 80; i++) {
        const bx = R(-s * 0.9, s * 0.9);
        const by = R(-s * 0.8, s * 0.2);
        const br = R(1.5, 4.5);
        ctx.beginPath();
        ctx.arc(bx, by, br, 0, TAU);
        ctx.fillStyle = 'rgba(255,225,150,.55)';
        ctx.fill();
        ctx.beginPath();
        ctx.arc(bx + br * 0.3, by + br * 0.35, br * 0.7, 0, TAU);
        ctx.fillStyle = 'rgba(150,80,20,.3)';
        ctx.fill();
      }
    }
    ctx.restore();
    if (braid) {
      // the repulgue: little twisted folds along the curved edge
      const n = 15;
      for (let i = 0; i <= n; i++) {
        const t = i / n;
        // the curve above, sampled roughly as an ellipse
        const a = Math.PI + t * Math.PI;
        const px = Math.cos(a) * s * 0.93;
        const py = Math.sin(a) * s * 0.82 + s * 0.08 * (1 - Math.abs(Math.cos(a)));
        ctx.save();
        ctx.translate(px, py);
        ctx.rotate(a + Math.PI / 2 + 0.6);
        ctx.beginPath();
        ctx.ellipse(0, 0, s * 0.11, s * 0.06, 0, 0, TAU);
        ctx.fillStyle = K.linear(ctx, 0, -s * 0.06, 0, s * 0.06, [
          [0, '#f6d49a'],
          [0.5, '#d8994c'],
          [1, '#8c4f1c'],
        ]);
        ctx.fill();
        ctx.restore();
      }
    }
    // egg-wash shine
    ctx.save();
    shape();
    ctx.clip();
    ctx.filter = 'blur(6px)';
    ctx.fillStyle = fried ? 'rgba(255,245,215,.25)' : 'rgba(255,245,215,.4)';
    ctx.beginPath();
    ctx.ellipse(-s * 0.2, -s * 0.4, s * 0.45, s * 0.16, -0.2, 0, TAU);
    ctx.fill();
    ctx.restore();
    ctx.restore();
  }

  function empanadaScene(ctx, K, opts) {
    K.wood(ctx, [70, 46, 30], { planks: 4 });
    // round board with baking paper
    K.shadowed(
      ctx,
      () => {
        ctx.beginPath();
        ctx.ellipse(320, 250, 290, 210, 0, 0, TAU);
      },
      '#b78552',
      28,
      6,
      14,
      'rgba(0,0,0,.55)',
    );
    ctx.save();
    ctx.beginPath();
    ctx.ellipse(320, 250, 290, 210, 0, 0, TAU);
    ctx.clip();
    ctx.fillStyle = K.radial(ctx, 260, 180, 20, 340, [
      [0, '#cfa06c'],
      [1, '#9c6a3c'],
    ]);
    ctx.fillRect(0, 0, K.W, K.H);
    ctx.restore();
    // crinkled baking paper
    ctx.save();
    ctx.translate(320, 250);
    ctx.rotate(0.1);
    K.shadowed(ctx, () => K.blobPath(ctx, 0, 0, 240, 170, 0.06, 10), '#efe6d3', 10, 2, 4, 'rgba(0,0,0,.25)');
    ctx.filter = 'blur(4px)';
    for (let i = 0; i < 14; i++) {
      ctx.strokeStyle = `rgba(0,0,0,${R(0.03, 0.07)})`;
      ctx.lineWidth = R(4, 10);
      ctx.beginPath();
      ctx.moveTo(R(-200, 200), R(-140, 140));
      ctx.lineTo(R(-200, 200), R(-140, 140));
      ctx.stroke();
    }
    ctx.restore();
    opts.items();
    K.light(ctx, { vignette: 0.55 });
  }

  D['empanada-carne'] = (ctx, K) =>
    empanadaScene(ctx, K, {
      items: () => {
        empanada(ctx, K, 210, 215, 108, -0.25);
        empanada(ctx, K, 430, 205, 108, 0.3);
        empanada(ctx, K, 325, 335, 112, 0.05);
        // a small bowl of chimichurri
        const ir = K.bowl(ctx, 560, 400, 58, { outer: '#efe9df', inner: '#f4efe6' });
        K.liquid(ctx, 560, 400, ir * 0.9, '#8c7a2a', '#4f4a16');
        K.specks(ctx, 90, 560, 400, ir * 0.8, ir * 0.8, ['#2f5a18', '#b33a1a', '#3d6e1e', '#d8c070'], 1, 2.6);
        K.gloss(ctx, 10, 560, 395, ir * 0.6, ir * 0.6, 3, 0.7);
      },
    });

  D['empanada-humita'] = (ctx, K) =>
    empanadaScene(ctx, K, {
      items: () => {
        const body = ['#f6d08c', '#e4ae5e', '#b87a36'];
        empanada(ctx, K, 200, 230, 108, -0.3, { body });
        empanada(ctx, K, 425, 215, 108, 0.25, { body });
        empanada(ctx, K, 320, 340, 112, 0.05, { body });
        // loose corn kernels on the paper tell the filling
        K.scatter(26, 540, 390, 50, 40, (x, y) => {
          ctx.beginPath();
          ctx.ellipse(x, y, 5, 4, R(0, TAU), 0, TAU);
          ctx.fillStyle = K.pick(['#f7cf4e', '#f2c23c', '#fad866']);
          ctx.shadowColor = 'rgba(0,0,0,.3)';
          ctx.shadowBlur = 2;
          ctx.fill();
          ctx.shadowColor = 'transparent';
        });
        K.herbLeaf(ctx, 560, 380, 40, 0.5, '#4a8f32');
      },
    });

  // side-view drinks
  function bottleProfile(kind) {
    // half widths along the height (0 = top of the cap, 1 = base), for a mirrored path
    if (kind === 'coke')
      return [
        [0, 13],
        [0.06, 13],
        [0.07, 11],
        [0.12, 12],
        [0.3, 30],
        [0.42, 34],
        [0.52, 30],
        [0.62, 34],
        [0.75, 36],
        [0.88, 33],
        [0.95, 36],
        [1, 33],
      ];
    if (kind === 'beer')
      return [
        [0, 12],
        [0.06, 12],
        [0.08, 10],
        [0.3, 13],
        [0.45, 34],
        [0.5, 36],
        [0.98, 36],
        [1, 33],
      ];
    return [
      [0, 14],
      [0.07, 14],
      [0.08, 12],
      [0.14, 13],
      [0.3, 36],
      [0.36, 37],
      [0.5, 34],
      [0.56, 37],
      [0.92, 37],
      [0.96, 35],
      [1, 32],
    ];
  }
  function bottlePath(ctx, cx, top, h, prof, scale = 1) {
    ctx.beginPath();
    prof.forEach(([t, w], i) => {
      const y = top + t * h;
      if (i === 0) ctx.moveTo(cx + w * scale, y);
      else ctx.lineTo(cx + w * scale, y);
    });
    for (let i = prof.length - 1; i >= 0; i--) {
      const [t, w] = prof[i];
      ctx.lineTo(cx - w * scale, top + t * h);
    }
    ctx.closePath();
  }
  function contactShadow(ctx, _K, cx, y, rx) {
    ctx.save();
    ctx.filter = 'blur(8px)';
    ctx.fillStyle = 'rgba(0,0,0,.55)';
    ctx.beginPath();
    ctx.ellipse(cx + 14, y, rx * 1.3, rx * 0.22, 0, 0, TAU);
    ctx.fill();
    ctx.restore();
  }
  function glassHighlights(ctx, _K, cx, top, bottom, half) {
    ctx.save();
    ctx.filter = 'blur(1.5px)';
    ctx.fillStyle = 'rgba(255,255,255,.55)';
    ctx.fillRect(cx - half * 0.62, top + (bottom - top) * 0.08, half * 0.12, (bottom - top) * 0.8);
    ctx.fillStyle = 'rgba(255,255,255,.25)';
    ctx.fillRect(cx + half * 0.55, top + (bottom - top) * 0.15, half * 0.07, (bottom - top) * 0.7);
    ctx.restore();
  }

  function bottle(ctx, K, cx, base, h, opts) {
    const {
      kind = 'coke',
      scale = 2.2,
      liquid,
      glass = 'rgba(220,240,235,.25)',
      cap = '#c8102e',
      label,
    } = opts;
    const prof = bottleProfile(kind);
    const top = base - h;
    contactShadow(ctx, K, cx, base, 36 * scale);
    ctx.save();
    bottlePath(ctx, cx, top, h, prof, scale);
    ctx.clip();
    ctx.fillStyle = glass;
    ctx.fillRect(cx - 60 * scale, top, 120 * scale, h);
    if (liquid) {
      const ly = top + h * liquid.level;
      ctx.fillStyle = K.linear(ctx, cx - 37 * scale, 0, cx + 37 * scale, 0, liquid.stops);
      ctx.fillRect(cx - 60 * scale, ly, 120 * scale, h);
      // bubbles
      for (let i = 0; i < (liquid.bubbles || 0); i++) {
        ctx.beginPath();
        ctx.arc(R(cx - 30 * scale, cx + 30 * scale), R(ly + 10, base - 6), R(0.6, 2), 0, TAU);
        ctx.strokeStyle = 'rgba(255,255,255,.45)';
        ctx.lineWidth = 0.8;
        ctx.stroke();
      }
    }
    // cylindrical shading
    ctx.fillStyle = K.linear(ctx, cx - 37 * scale, 0, cx + 37 * scale, 0, [
      [0, 'rgba(0,0,0,.45)'],
      [0.18, 'rgba(255,255,255,.12)'],
      [0.3, 'rgba(255,255,255,.0)'],
      [0.75, 'rgba(0,0,0,.1)'],
      [1, 'rgba(0,0,0,.5)'],
    ]);
    ctx.fillRect(cx - 60 * scale, top, 120 * scale, h);
    if (label) label(top, h);
    glassHighlights(ctx, K, cx, top + h * 0.12, base, 36 * scale);
    if (opts.cold) K.droplets(ctx, cx - 40 * scale, cx + 40 * scale, top + h * 0.2, base - 4, 220);
    ctx.restore();
    // cap
    const cw = prof[0][1] * scale + 2;
    ctx.fillStyle = K.linear(ctx, cx - cw, 0, cx + cw, 0, [
      [0, '#000'],
      [0.3, cap],
      [0.5, '#fff'],
      [0.65, cap],
      [1, '#000'],
    ]);
    ctx.beginPath();
    ctx.roundRect(cx - cw, top - 4, cw * 2, h * 0.06 + 4, 3);
    ctx.fill();
    ctx.save();
    ctx.globalAlpha = 0.25;
    for (let x = -cw; x < cw; x += 4) {
      ctx.fillStyle = '#000';
      ctx.fillRect(cx + x, top - 2, 1.5, h * 0.06);
    }
    ctx.restore();
  }

  function glass(ctx, K, cx, base, h, opts) {
    const {
      wTop = 78,
      wBot = 62,
      level = 0.18,
      liquid = ['#f7a21a', '#e88a0c'],
      ice = 0,
      foam = null,
      garnish,
    } = opts;
    const top = base - h;
    contactShadow(ctx, K, cx, base, wBot);
    const path = () => {
      ctx.beginPath();
      ctx.moveTo(cx - wTop, top);
      ctx.lineTo(cx + wTop, top);
      ctx.lineTo(cx + wBot, base);
      ctx.lineTo(cx - wBot, base);
      ctx.closePath();
    };
    ctx.save();
    path();
    ctx.clip();
    ctx.fillStyle = 'rgba(255,255,255,.08)';
    ctx.fillRect(cx - wTop, top, wTop * 2, h);
    const ly = top + h * level;
    ctx.fillStyle = K.linear(ctx, cx - wTop, 0, cx + wTop, 0, [
      [0, liquid[1]],
      [0.35, liquid[0]],
      [0.7, liquid[0]],
      [1, liquid[1]],
    ]);
    ctx.fillRect(cx - wTop, ly, wTop * 2, base - ly);
    ctx.fillStyle = K.linear(ctx, 0, ly, 0, base, [
      [0, 'rgba(255,255,255,.15)'],
      [1, 'rgba(0,0,0,.25)'],
    ]);
    ctx.fillRect(cx - wTop, ly, wTop * 2, base - ly);
    if (opts.inside) opts.inside(ly, top);
    for (let i = 0; i < ice; i++)
      K.ice(ctx, cx + R(-wBot * 0.6, wBot * 0.6), ly + 8 + i * 26 + R(-6, 6), R(34, 44), R(-0.5, 0.5));
    // meniscus
    ctx.beginPath();
    const mw = wTop - (wTop - wBot) * level;
    ctx.ellipse(cx, ly, mw, 7, 0, 0, TAU);
    ctx.fillStyle = foam || 'rgba(255,255,255,.25)';
    ctx.fill();
    ctx.fillStyle = K.linear(ctx, cx - wTop, 0, cx + wTop, 0, [
      [0, 'rgba(0,0,0,.35)'],
      [0.15, 'rgba(255,255,255,.05)'],
      [0.85, 'rgba(0,0,0,0)'],
      [1, 'rgba(0,0,0,.35)'],
    ]);
    ctx.fillRect(cx - wTop, top, wTop * 2, h);
    glassHighlights(ctx, K, cx, top, base, wTop);
    if (opts.cold) K.droplets(ctx, cx - wTop, cx + wTop, ly + 10, base - 8, 160);
    ctx.restore();
    // thick glass base and rim
    ctx.fillStyle = 'rgba(255,255,255,.22)';
    ctx.beginPath();
    ctx.ellipse(cx, base - 6, wBot, 7, 0, 0, TAU);
    ctx.fill();
    ctx.strokeStyle = 'rgba(255,255,255,.6)';
    ctx.lineWidth = 1.6;
    ctx.beginPath();
    ctx.ellipse(cx, top, wTop, 7, 0, 0, TAU);
    ctx.stroke();
    if (garnish) garnish(top);
  }

  function lemonWheel(ctx, K, x, y, r, rot, colors = ['#f3e27a', '#f7ef9f', '#d8c23a']) {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(rot);
    ctx.beginPath();
    ctx.arc(0, 0, r, 0, TAU);
    ctx.fillStyle = colors[2];
    ctx.fill();
    ctx.beginPath();
    ctx.arc(0, 0, r * 0.88, 0, TAU);
    ctx.fillStyle = '#fbf8e6';
    ctx.fill();
    for (let i = 0; i < 9; i++) {
      const a = (i / 9) * TAU;
      ctx.beginPath();
      ctx.moveTo(Math.cos(a + 0.06) * r * 0.1, Math.sin(a + 0.06) * r * 0.1);
      ctx.arc(0, 0, r * 0.8, a + 0.08, a + TAU / 9 - 0.08);
      ctx.closePath();
      ctx.fillStyle = colors[0];
      ctx.fill();
    }
    K.gloss(ctx, 8, 0, 0, r * 0.6, r * 0.6, 2.5, 0.7);
    ctx.restore();
  }

  D['coca-cola'] = (ctx, K) => {
    K.backdrop(ctx, { top: '#4a2a20', bottom: '#231510', tableY: 320, table: [120, 78, 48] });
    // a glass with ice beside the bottle
    glass(ctx, K, 430, 430, 190, {
      wTop: 70,
      wBot: 58,
      level: 0.14,
      liquid: ['#5a1e0c', '#2a0a04'],
      ice: 4,
      cold: true,
      foam: 'rgba(190,140,110,.7)',
      garnish: (top) => lemonWheel(ctx, K, 488, top + 10, 34, 0.3),
    });
    bottle(ctx, K, 235, 440, 380, {
      kind: 'coke',
      scale: 2.1,
      cold: true,
      glass: 'rgba(40,20,10,.9)',
      liquid: {
        level: 0.12,
        bubbles: 40,
        stops: [
          [0, '#1a0704'],
          [0.3, '#5a1a08'],
          [0.5, '#3a0e04'],
          [1, '#120402'],
        ],
      },
      label: (top, h) => {
        const y = top + h * 0.56;
        ctx.fillStyle = K.linear(ctx, 160, 0, 310, 0, [
          [0, '#7a0010'],
          [0.3, '#e0182f'],
          [0.5, '#f02a40'],
          [1, '#6a000c'],
        ]);
        ctx.fillRect(120, y, 240, h * 0.16);
        ctx.strokeStyle = '#fff';
        ctx.lineWidth = 3;
        ctx.beginPath();
        ctx.moveTo(150, y + h * 0.13);
        ctx.bezierCurveTo(200, y + h * 0.08, 250, y + h * 0.16, 320, y + h * 0.1);
        ctx.stroke();
        ctx.fillStyle = '#fff';
        ctx.font = 'italic bold 30px "DejaVu Serif", serif';
        ctx.textAlign = 'center';
        ctx.fillText('Cola', 235, y + h * 0.085);
      },
    });
    K.light(ctx, { vignette: 0.5 });
  };

  D['agua-sin-gas'] = (ctx, K) => {
    K.backdrop(ctx, {
      top: '#b9c8cc',
      bottom: '#8ea1a6',
      tableY: 330,
      tableKind: 'marble',
      bokeh: 'rgba(255,255,255,',
    });
    glass(ctx, K, 450, 430, 170, {
      wTop: 64,
      wBot: 54,
      level: 0.3,
      liquid: ['rgba(200,230,240,.35)', 'rgba(150,200,215,.45)'],
      ice: 2,
      garnish: (top) => lemonWheel(ctx, K, 500, top + 8, 30, 0.2),
    });
    bottle(ctx, K, 240, 440, 370, {
      kind: 'water',
      scale: 2.05,
      cap: '#1e73be',
      glass: 'rgba(215,236,245,.55)',
      liquid: {
        level: 0.1,
        bubbles: 6,
        stops: [
          [0, 'rgba(120,170,190,.5)'],
          [0.4, 'rgba(230,245,250,.3)'],
          [1, 'rgba(110,160,180,.5)'],
        ],
      },
      label: (top, h) => {
        const y = top + h * 0.6;
        ctx.fillStyle = K.linear(ctx, 160, 0, 320, 0, [
          [0, '#0e4f8a'],
          [0.4, '#2f8fd8'],
          [1, '#0c3f70'],
        ]);
        ctx.fillRect(140, y, 200, h * 0.2);
        ctx.fillStyle = 'rgba(255,255,255,.9)';
        ctx.font = 'bold 24px "DejaVu Sans", sans-serif';
        ctx.textAlign = 'center';
        ctx.fillText('AGUA', 240, y + h * 0.09);
        ctx.font = '13px "DejaVu Sans", sans-serif';
        ctx.fillText('mineral natural', 240, y + h * 0.15);
      },
    });
    K.light(ctx, { vignette: 0.35 });
  };

  D['vino-de-la-casa'] = (ctx, K) => {
    K.backdrop(ctx, { top: '#2e1f1c', bottom: '#150d0b', tableY: 340, table: [96, 60, 38] });
    const cx = 320;
    const base = 440;
    contactShadow(ctx, K, cx, base, 70);
    // foot and stem
    ctx.fillStyle = 'rgba(255,255,255,.18)';
    ctx.beginPath();
    ctx.ellipse(cx, base - 4, 74, 12, 0, 0, TAU);
    ctx.fill();
    ctx.strokeStyle = 'rgba(255,255,255,.5)';
    ctx.stroke();
    ctx.fillStyle = K.linear(ctx, cx - 6, 0, cx + 6, 0, [
      [0, 'rgba(255,255,255,.15)'],
      [0.5, 'rgba(255,255,255,.55)'],
      [1, 'rgba(255,255,255,.15)'],
    ]);
    ctx.fillRect(cx - 5, 270, 10, base - 274);
    // bowl
    const bowl = () => {
      ctx.beginPath();
      ctx.moveTo(cx - 86, 40);
      ctx.bezierCurveTo(cx - 118, 150, cx - 110, 250, cx, 272);
      ctx.bezierCurveTo(cx + 110, 250, cx + 118, 150, cx + 86, 40);
      ctx.closePath();
    };
    ctx.save();
    bowl();
    ctx.clip();
    ctx.fillStyle = 'rgba(255,255,255,.06)';
    ctx.fillRect(0, 0, K.W, K.H);
    ctx.fillStyle = K.radial(ctx, cx - 30, 190, 10, 130, [
      [0, '#a3162e'],
      [0.5, '#6a0a1c'],
      [1, '#2a030a'],
    ]);
    ctx.fillRect(0, 150, K.W, 200);
    ctx.beginPath();
    ctx.ellipse(cx, 150, 110, 14, 0, 0, TAU);
    ctx.fillStyle = '#8a1024';
    ctx.fill();
    ctx.fillStyle = 'rgba(255,200,210,.25)';
    ctx.beginPath();
    ctx.ellipse(cx - 30, 148, 50, 5, 0, 0, TAU);
    ctx.fill();
    ctx.restore();
    ctx.save();
    ctx.filter = 'blur(1.5px)';
    ctx.strokeStyle = 'rgba(255,255,255,.6)';
    ctx.lineWidth = 5;
    ctx.beginPath();
    ctx.moveTo(cx - 82, 70);
    ctx.bezierCurveTo(cx - 100, 150, cx - 90, 210, cx - 55, 245);
    ctx.stroke();
    ctx.lineWidth = 2;
    ctx.strokeStyle = 'rgba(255,255,255,.3)';
    ctx.beginPath();
    ctx.moveTo(cx + 88, 80);
    ctx.bezierCurveTo(cx + 100, 150, cx + 90, 200, cx + 60, 240);
    ctx.stroke();
    ctx.restore();
    ctx.strokeStyle = 'rgba(255,255,255,.5)';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    ctx.ellipse(cx, 40, 86, 10, 0, 0, TAU);
    ctx.stroke();
    // bread and cheese on a board, out of focus on the left
    ctx.save();
    ctx.filter = 'blur(3px)';
    K.blob(ctx, 90, 390, 90, 30, '#7a4c2a', 0.05, 12);
    K.blob(ctx, 70, 370, 34, 18, '#f1d27a', 0.1, 8);
    K.blob(ctx, 120, 372, 30, 16, '#c98a42', 0.2, 8);
    ctx.restore();
    K.light(ctx, { vignette: 0.55, lx: 0.4 });
  };

  /** The 3/4-view dessert table: blurred wall at the top, a table, a plate. */
  function dessertScene(ctx, K, opts = {}) {
    K.backdrop(ctx, {
      top: opts.top || '#d9c9b4',
      bottom: opts.bottom || '#b7a389',
      tableY: 150,
      table: opts.table || [168, 120, 80],
      bokeh: 'rgba(255,255,240,',
      tableKind: opts.tableKind,
    });
    K.plate34(ctx, 320, 330, 250, 120);
  }

  D.flan = (ctx, K) => {
    dessertScene(ctx, K);
    const cx = 300;
    // caramel pool
    ctx.save();
    ctx.filter = 'blur(1px)';
    K.blob(ctx, cx + 10, 340, 160, 52, '#7a2e06', 0.08, 14);
    ctx.fillStyle = K.radial(ctx, cx - 40, 330, 10, 160, [
      [0, 'rgba(230,120,40,.75)'],
      [1, 'rgba(140,50,10,0)'],
    ]);
    ctx.fill();
    ctx.restore();
    K.gloss(ctx, 12, cx, 350, 140, 30, 4, 0.8);
    // flan body: a truncated cone
    const topY = 200;
    const botY = 320;
    const rt = 100;
    const rb = 122;
    const body = () => {
      ctx.beginPath();
      ctx.moveTo(cx - rt, topY);
      ctx.lineTo(cx - rb, botY);
      ctx.ellipse(cx, botY, rb, 34, 0, Math.PI, 0, true);
      ctx.lineTo(cx + rt, topY);
      ctx.closePath();
    };
    K.shadowed(ctx, body, '#e2a238', 20, 6, 8, 'rgba(60,20,0,.45)');
    body();
    ctx.fillStyle = K.linear(ctx, cx - rb, 0, cx + rb, 0, [
      [0, '#b56e1c'],
      [0.25, '#f0bd5a'],
      [0.45, '#f6cf72'],
      [0.8, '#d9952e'],
      [1, '#9c5812'],
    ]);
    ctx.fill();
    // caramel dripping down from the top
    ctx.save();
    body();
    ctx.clip();
    ctx.fillStyle = K.linear(ctx, 0, topY, 0, botY, [
      [0, 'rgba(120,40,5,.9)'],
      [0.25, 'rgba(150,60,10,.55)'],
      [0.6, 'rgba(160,70,15,.0)'],
    ]);
    ctx.fillRect(cx - rb, topY, rb * 2, botY - topY + 40);
    for (let i = 0; i < 9; i++) {
      const x = cx - rb + 20 + i * 26 + R(-6, 6);
      const len = R(30, 95);
      ctx.fillStyle = 'rgba(125,45,6,.85)';
      ctx.beginPath();
      ctx.moveTo(x - 7, topY);
      ctx.lineTo(x - 5, topY + len);
      ctx.arc(x, topY + len, 5, Math.PI, 0, true);
      ctx.lineTo(x + 7, topY);
      ctx.fill();
    }
    // tiny bubbles of the custard
    K.specks(ctx, 50, cx, 280, rb, 30, ['rgba(255,240,200,.5)', 'rgba(160,90,20,.3)'], 0.8, 1.8);
    ctx.restore();
    // top: glossy caramel
    ctx.beginPath();
    ctx.ellipse(cx, topY, rt, 30, 0, 0, TAU);
    ctx.fillStyle = K.radial(ctx, cx - 30, topY - 8, 5, rt, [
      [0, '#c2621c'],
      [0.6, '#8c3408'],
      [1, '#5a1e02'],
    ]);
    ctx.fill();
    ctx.save();
    ctx.filter = 'blur(2px)';
    ctx.fillStyle = 'rgba(255,225,180,.65)';
    ctx.beginPath();
    ctx.ellipse(cx - 35, topY - 8, 38, 7, -0.1, 0, TAU);
    ctx.fill();
    ctx.restore();
    K.gloss(ctx, 6, cx + 30, topY + 6, 40, 10, 3, 0.8);
    // side highlight of the body
    ctx.save();
    ctx.filter = 'blur(5px)';
    ctx.fillStyle = 'rgba(255,240,200,.35)';
    ctx.fillRect(cx - 55, topY + 30, 18, 80);
    ctx.restore();
    // dulce de leche quenelle beside
    const qx = 470;
    const qy = 330;
    K.shadowed(ctx, () => K.blobPath(ctx, qx, qy, 48, 24, 0.08, 10, -0.15), '#8a4a1e', 10, 3, 5);
    ctx.fillStyle = K.radial(ctx, qx - 14, qy - 10, 2, 52, [
      [0, '#c98a4a'],
      [0.5, '#9a5624'],
      [1, '#6a3410'],
    ]);
    K.blobPath(ctx, qx, qy, 48, 24, 0.08, 10, -0.15);
    ctx.fill();
    ctx.strokeStyle = 'rgba(255,220,170,.45)';
    ctx.lineWidth = 2;
    for (let i = 0; i < 3; i++) {
      ctx.beginPath();
      ctx.ellipse(qx - 4, qy - 2 + i * 6, 36 - i * 8, 10 - i * 2, -0.15, Math.PI * 1.1, Math.PI * 1.9);
      ctx.stroke();
    }
    K.herbLeaf(ctx, 470, 296, 26, -0.8, '#3f8a2e');
    K.herbLeaf(ctx, 486, 300, 22, -0.1, '#4a9a35');
    K.light(ctx, { vignette: 0.45 });
  };

  /** A cake slice seen at 3/4: a front face with layers and a top face. */
  function slice(ctx, K, x, y, w, h, d, layers, topFill, opts = {}) {
    // x, y: front-bottom-left corner. d: depth offset (up-right)
    const dx = d * 0.75;
    const dy = -d * 0.5;
    K.shadowed(
      ctx,
      () => {
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.lineTo(x + w, y);
        ctx.lineTo(x + w + dx, y + dy);
        ctx.lineTo(x + w + dx, y + dy - h);
        ctx.lineTo(x + dx, y + dy - h);
        ctx.lineTo(x, y - h);
        ctx.closePath();
      },
      '#000',
      24,
      8,
      10,
      'rgba(40,20,0,.5)',
    );
    // side face (right)
    ctx.beginPath();
    ctx.moveTo(x + w, y);
    ctx.lineTo(x + w + dx, y + dy);
    ctx.lineTo(x + w + dx, y + dy - h);
    ctx.lineTo(x + w, y - h);
    ctx.closePath();
    ctx.save();
    ctx.clip();
    let yy = y;
    for (const [frac, color] of layers) {
      const lh = h * frac;
      ctx.fillStyle = color;
      ctx.beginPath();
      ctx.moveTo(x + w, yy);
      ctx.lineTo(x + w + dx, yy + dy);
      ctx.lineTo(x + w + dx, yy + dy - lh - 1);
      ctx.lineTo(x + w, yy - lh - 1);
      ctx.fill();
      yy -= lh;
    }
    ctx.fillStyle = 'rgba(0,0,0,.28)';
    ctx.fillRect(x + w, y - h - 40, dx + 2, h + 80);
    ctx.restore();
    // front face layers
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y - h, w, h);
    ctx.clip();
    yy = y;
    for (const [frac, color, tex] of layers) {
      const lh = h * frac;
      ctx.fillStyle = color;
      ctx.beginPath();
      // slightly wavy layer boundaries
      ctx.moveTo(x, yy);
      ctx.lineTo(x + w, yy);
      const top = yy - lh;
      for (let xx = x + w; xx >= x; xx -= 12) ctx.lineTo(xx, top + Math.sin(xx * 0.08) * 1.8 - 1);
      ctx.closePath();
      ctx.fill();
      if (tex) tex(x, top, w, lh);
      yy = top;
    }
    ctx.fillStyle = K.linear(ctx, x, 0, x + w, 0, [
      [0, 'rgba(255,245,225,.18)'],
      [1, 'rgba(0,0,0,.08)'],
    ]);
    ctx.fillRect(x, y - h, w, h);
    ctx.restore();
    // top face
    ctx.beginPath();
    ctx.moveTo(x, y - h);
    ctx.lineTo(x + w, y - h);
    ctx.lineTo(x + w + dx, y + dy - h);
    ctx.lineTo(x + dx, y + dy - h);
    ctx.closePath();
    ctx.fillStyle = topFill;
    ctx.fill();
    if (opts.top) {
      ctx.save();
      ctx.clip();
      opts.top(x, y - h, w, dx, dy);
      ctx.restore();
    }
  }

  const dust =
    (color, n, s = 1.4) =>
    (x, y, w, h) => {
      for (let i = 0; i < n; i++) {
        const ctx = window.__ctx;
        ctx.fillStyle = color;
        ctx.globalAlpha = R(0.3, 0.9);
        ctx.fillRect(R(x, x + w), R(y, y + h), R(0.6, s), R(0.6, s));
      }
      window.__ctx.globalAlpha = 1;
    };

  D.tiramisu = (ctx, K) => {
    window.__ctx = ctx;
    dessertScene(ctx, K, { top: '#3b2b22', bottom: '#241912', table: [120, 84, 56] });
    // cocoa dusted onto the plate
    ctx.save();
    ctx.filter = 'blur(0.6px)';
    K.specks(ctx, 260, 320, 340, 200, 80, ['rgba(80,45,25,.5)', 'rgba(60,30,15,.4)'], 0.6, 1.6);
    ctx.restore();
    const sponge = '#8a5a2e';
    const cream = '#f1e3c4';
    const spongeTex = (x, y, w, h) => {
      dust('rgba(70,40,15,.8)', 160, 2.2)(x, y, w, h);
      dust('rgba(200,150,90,.6)', 60, 1.6)(x, y, w, h);
    };
    const creamTex = (x, y, w, h) => dust('rgba(220,200,160,.9)', 80, 1.5)(x, y, w, h);
    slice(
      ctx,
      K,
      175,
      380,
      220,
      150,
      150,
      [
        [0.22, sponge, spongeTex],
        [0.28, cream, creamTex],
        [0.2, '#7c4e26', spongeTex],
        [0.25, cream, creamTex],
        [0.05, '#4a2814'],
      ],
      '#5a341c',
      {
        top: (x, y, w, dx, dy) => {
          ctx.fillStyle = '#4a2a16';
          ctx.fillRect(x - 10, y + dy - 10, w + dx + 20, -dy + 20);
          dust('#6e4428', 1400, 2)(x, y + dy, w + dx, -dy);
          dust('#2e180a', 500, 1.6)(x, y + dy, w + dx, -dy);
        },
      },
    );
    // a coffee bean and a spoon of cream aside
    for (const [bx, by, rot] of [
      [470, 420, 0.4],
      [500, 400, -0.3],
    ]) {
      ctx.save();
      ctx.translate(bx, by);
      ctx.rotate(rot);
      ctx.beginPath();
      ctx.ellipse(0, 0, 11, 7, 0, 0, TAU);
      ctx.fillStyle = K.radial(ctx, -3, -3, 1, 12, [
        [0, '#6a3a1c'],
        [1, '#2a1206'],
      ]);
      ctx.fill();
      ctx.strokeStyle = '#1a0a02';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(-9, 0);
      ctx.bezierCurveTo(-3, -3, 3, 3, 9, 0);
      ctx.stroke();
      ctx.restore();
    }
    K.herbLeaf(ctx, 450, 300, 24, -0.5, '#3f8a2e');
    K.light(ctx, { vignette: 0.5 });
  };

  // ---------------- Kenzo Sushi ----------------

  function sushiScene(ctx, K, items, opts = {}) {
    K.wood(ctx, [46, 34, 28], { planks: 4, contrast: 0.8 });
    // slate board
    K.shadowed(
      ctx,
      () => {
        ctx.beginPath();
        ctx.roundRect(22, 44, 596, 410, 10);
      },
      '#2a2c2f',
      30,
      8,
      16,
      'rgba(0,0,0,.7)',
    );
    K.stone(ctx, 22, 44, 596, 410, '#2d2f33');
    ctx.strokeStyle = 'rgba(255,255,255,.08)';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.roundRect(23, 45, 594, 408, 10);
    ctx.stroke();
    if (opts.chopsticks !== false) {
      for (const off of [0, 16]) {
        ctx.save();
        ctx.translate(470 + off, 28 + off * 0.3);
        ctx.rotate(0.18);
        ctx.shadowColor = 'rgba(0,0,0,.6)';
        ctx.shadowBlur = 8;
        ctx.shadowOffsetY = 6;
        ctx.beginPath();
        ctx.moveTo(-230, -4);
        ctx.lineTo(160, -2);
        ctx.lineTo(160, 2);
        ctx.lineTo(-230, 4);
        ctx.closePath();
        ctx.fillStyle = K.linear(ctx, 0, -4, 0, 4, [
          [0, '#e0c48e'],
          [1, '#a2804a'],
        ]);
        ctx.fill();
        ctx.restore();
      }
    }
    items();
    K.light(ctx, { vignette: 0.5, warm: 0.12 });
  }

  function soyDish(ctx, K, x, y, r) {
    const ir = K.bowl(ctx, x, y, r, { outer: '#e9e4da', inner: '#f1ece3' });
    K.liquid(ctx, x, y, ir * 0.85, '#5a2a10', '#1c0904');
    K.gloss(ctx, 4, x - ir * 0.3, y - ir * 0.3, ir * 0.2, ir * 0.2, 4, 0.8);
  }

  function wasabiGinger(ctx, K, x, y) {
    K.shadowed(ctx, () => K.blobPath(ctx, x, y, 22, 16, 0.15, 9), '#8fb43a', 6, 2, 3);
    K.blobPath(ctx, x, y, 22, 16, 0.15, 9);
    ctx.fillStyle = K.radial(ctx, x - 6, y - 6, 1, 24, [
      [0, '#c4df6a'],
      [1, '#7a9c2a'],
    ]);
    ctx.fill();
    K.pores(ctx, x, y, 18, 12, 60, 'rgba(80,110,20,.5)', 'rgba(230,250,170,.5)', 1.2);
    for (let i = 0; i < 6; i++) {
      ctx.save();
      ctx.shadowColor = 'rgba(0,0,0,.3)';
      ctx.shadowBlur = 3;
      K.blob(
        ctx,
        x + 46 + R(-10, 10),
        y + R(-10, 10),
        R(14, 20),
        R(8, 12),
        `rgba(${R(240, 250)},${R(180, 200)},${R(170, 185)},.85)`,
        0.2,
        8,
        R(0, TAU),
      );
      ctx.restore();
    }
  }

  /** One cut roll seen from above. */
  function roll(ctx, K, x, y, r, o = {}) {
    const { outside = 'rice', fill = [], seeds = 'sesame', top } = o;
    K.shadowed(
      ctx,
      () => {
        ctx.beginPath();
        ctx.arc(x, y, r, 0, TAU);
      },
      '#ddd',
      10,
      3,
      6,
      'rgba(0,0,0,.6)',
    );
    if (outside === 'nori') {
      ctx.beginPath();
      ctx.arc(x, y, r, 0, TAU);
      ctx.fillStyle = K.radial(ctx, x - r * 0.3, y - r * 0.3, r * 0.5, r, [
        [0, '#2e3a26'],
        [1, '#10160c'],
      ]);
      ctx.fill();
      K.rice(ctx, x, y, r * 0.86, r * 0.86, 150, [252, 251, 247]);
    } else {
      K.rice(ctx, x, y, r, r, 190, [252, 251, 247]);
      ctx.beginPath();
      ctx.arc(x, y, r * 0.6, 0, TAU);
      ctx.strokeStyle = '#1a2214';
      ctx.lineWidth = 2.5;
      ctx.stroke();
      if (seeds === 'sesame')
        K.scatter(30, x, y, r * 0.95, r * 0.95, (sx, sy) => {
          if (Math.hypot(sx - x, sy - y) < r * 0.65) return;
          ctx.beginPath();
          ctx.ellipse(sx, sy, 2.2, 1.2, R(0, TAU), 0, TAU);
          ctx.fillStyle = K.rnd() < 0.3 ? '#2a221c' : '#e8d4a8';
          ctx.fill();
        });
      if (seeds === 'masago') {
        ctx.save();
        ctx.beginPath();
        ctx.arc(x, y, r, 0, TAU);
        ctx.arc(x, y, r * 0.66, 0, TAU, true);
        ctx.clip();
        K.scatter(260, x, y, r, r, (sx, sy) => {
          ctx.beginPath();
          ctx.arc(sx, sy, R(1.2, 2), 0, TAU);
          ctx.fillStyle = K.pick(['#f26a1f', '#e9540f', '#fb8a3c']);
          ctx.fill();
        });
        ctx.restore();
      }
    }
    for (const [c, fx, fy, frx, fry, kind] of fill) {
      ctx.save();
      ctx.beginPath();
      ctx.arc(x, y, r * 0.56, 0, TAU);
      ctx.clip();
      if (kind) K.fish(ctx, x + fx * r, y + fy * r, frx * r, fry * r, R(0, TAU), kind);
      else K.blob(ctx, x + fx * r, y + fy * r, frx * r, fry * r, c, 0.15, 8, R(0, TAU));
      ctx.restore();
    }
    if (top) top(x, y, r);
  }

  const AVO = '#8dbb3c';
  const CREAM = '#fbf8ef';
  function rollsBoard(ctx, K, spec, extra) {
    sushiScene(ctx, K, () => {
      const pos = [
        [120, 160],
        [253, 150],
        [386, 155],
        [519, 165],
        [190, 300],
        [323, 310],
        [456, 302],
      ];
      for (const [x, y] of pos) roll(ctx, K, x + R(-4, 4), y + R(-4, 4), 62, spec);
      soyDish(ctx, K, 565, 400, 40);
      if (extra) extra();
      wasabiGinger(ctx, K, 70, 405);
    });
  }

  D['philadelphia-roll'] = (ctx, K) =>
    rollsBoard(ctx, K, {
      fill: [
        [null, -0.15, -0.12, 0.46, 0.28, 'salmon'],
        [CREAM, 0.16, 0.24, 0.34, 0.2],
        [AVO, 0.28, -0.22, 0.24, 0.15],
      ],
    });
  D['california-roll'] = (ctx, K) =>
    rollsBoard(ctx, K, {
      seeds: 'masago',
      fill: [
        ['#f4f0ea', -0.15, 0.1, 0.3, 0.14],
        ['#e8522c', -0.15, -0.05, 0.3, 0.06],
        [AVO, 0.2, -0.15, 0.22, 0.14],
        ['#b6d88a', 0.18, 0.25, 0.16, 0.12],
      ],
    });
  D['spicy-tuna-roll'] = (ctx, K) =>
    rollsBoard(ctx, K, {
      fill: [
        ['#b8233a', 0, 0, 0.42, 0.36],
        ['#d04a5a', 0.1, 0.1, 0.15, 0.1],
      ],
      top: (x, y, r) => {
        ctx.save();
        ctx.shadowColor = 'rgba(0,0,0,.4)';
        ctx.shadowBlur = 3;
        ctx.shadowOffsetY = 2;
        K.blob(ctx, x, y - 2, r * 0.38, r * 0.3, '#f07a3a', 0.15, 10);
        ctx.restore();
        K.gloss(ctx, 3, x - 6, y - 8, 6, 4, 3, 0.8);
        K.specks(ctx, 14, x, y, r * 0.4, r * 0.35, ['#f3d9a0', '#e8c27a'], 1.5, 3);
        K.specks(ctx, 8, x, y, r * 0.4, r * 0.35, ['#3d8a2a'], 1, 2);
      },
    });
  D['acevichado-roll'] = (ctx, K) =>
    rollsBoard(ctx, K, {
      fill: [
        ['#f6d6b0', 0, 0, 0.3, 0.2],
        [AVO, 0.2, 0.2, 0.2, 0.14],
      ],
      top: (x, y, r) => {
        K.fish(ctx, x, y, r * 1.02, r * 0.8, R(-0.3, 0.3), 'salmon');
        ctx.save();
        ctx.strokeStyle = '#f3c237';
        ctx.lineWidth = 4;
        ctx.lineCap = 'round';
        ctx.shadowColor = 'rgba(0,0,0,.3)';
        ctx.shadowBlur = 2;
        ctx.beginPath();
        ctx.moveTo(x - r * 0.7, y - r * 0.2);
        ctx.bezierCurveTo(x - r * 0.2, y - r * 0.6, x + r * 0.2, y + r * 0.5, x + r * 0.7, y);
        ctx.stroke();
        ctx.restore();
        K.specks(ctx, 6, x, y, r * 0.4, r * 0.3, ['#c01c1c', '#2f7d22'], 1.2, 2.4);
      },
    });
  D['veggie-roll'] = (ctx, K) =>
    rollsBoard(ctx, K, {
      outside: 'nori',
      fill: [
        [AVO, -0.2, -0.15, 0.22, 0.16],
        ['#f5b52e', 0.2, -0.15, 0.2, 0.15],
        ['#9fcf5a', -0.15, 0.22, 0.18, 0.12],
        ['#f07d20', 0.2, 0.22, 0.16, 0.1],
      ],
      top: (x, y, r) => {
        ctx.save();
        ctx.globalAlpha = 0.8;
        ctx.strokeStyle = '#4a1e08';
        ctx.lineWidth = 3;
        ctx.beginPath();
        ctx.moveTo(x - r, y + r * 0.2);
        ctx.bezierCurveTo(x - r * 0.3, y - r * 0.3, x + r * 0.3, y + r * 0.4, x + r, y - r * 0.1);
        ctx.stroke();
        ctx.restore();
      },
    });

  function nigiri(ctx, K, x, y, rot, kind) {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(rot);
    ctx.scale(1.3, 1.3);
    K.shadowed(
      ctx,
      () => {
        ctx.beginPath();
        ctx.ellipse(0, 0, 74, 38, 0, 0, TAU);
      },
      '#eee',
      12,
      4,
      8,
      'rgba(0,0,0,.6)',
    );
    K.rice(ctx, 0, 0, 74, 38, 110, [252, 251, 247]);
    if (kind === 'shrimp') {
      // butterflied shrimp with its tail
      ctx.save();
      ctx.shadowColor = 'rgba(0,0,0,.4)';
      ctx.shadowBlur = 6;
      ctx.shadowOffsetY = 3;
      ctx.beginPath();
      ctx.moveTo(-72, -20);
      ctx.quadraticCurveTo(0, -44, 60, -18);
      ctx.lineTo(92, -30);
      ctx.lineTo(86, 0);
      ctx.lineTo(92, 30);
      ctx.lineTo(60, 18);
      ctx.quadraticCurveTo(0, 44, -72, 20);
      ctx.quadraticCurveTo(-84, 0, -72, -20);
      ctx.fillStyle = '#fbe7d8';
      ctx.fill();
      ctx.restore();
      ctx.save();
      ctx.clip();
      ctx.filter = 'blur(3px)';
      for (let i = -70; i < 70; i += 18) {
        ctx.fillStyle = 'rgba(240,110,60,.75)';
        ctx.beginPath();
        ctx.ellipse(i, 0, 6, 40, 0.15, 0, TAU);
        ctx.fill();
      }
      ctx.filter = 'none';
      ctx.fillStyle = '#e24a22';
      ctx.fillRect(60, -40, 40, 80);
      ctx.fillStyle = 'rgba(255,255,255,.25)';
      ctx.fillRect(-80, -40, 180, 20);
      ctx.restore();
      K.gloss(ctx, 6, 0, -10, 50, 10, 3, 0.6);
    } else {
      K.fish(ctx, 4, -4, 78, 28, 0, kind);
    }
    ctx.restore();
  }

  function nigiriBoard(ctx, K, kind) {
    sushiScene(ctx, K, () => {
      nigiri(ctx, K, 170, 160, -0.5, kind);
      nigiri(ctx, K, 320, 250, -0.5, kind);
      nigiri(ctx, K, 470, 340, -0.5, kind);
      soyDish(ctx, K, 520, 140, 44);
      wasabiGinger(ctx, K, 90, 360);
    });
  }
  D['nigiri-salmon'] = (ctx, K) => nigiriBoard(ctx, K, 'salmon');
  D['nigiri-atun'] = (ctx, K) => nigiriBoard(ctx, K, 'tuna');
  D['nigiri-langostino'] = (ctx, K) => nigiriBoard(ctx, K, 'shrimp');

  D['combinado-kenzo'] = (ctx, K) =>
    sushiScene(ctx, K, () => {
      const phil = {
        fill: [
          [null, -0.2, -0.1, 0.38, 0.22, 'salmon'],
          [CREAM, 0.2, 0.2, 0.26, 0.18],
          [AVO, 0.25, -0.25, 0.2, 0.12],
        ],
      };
      const cali = {
        seeds: 'masago',
        fill: [
          ['#f4f0ea', -0.15, 0.1, 0.3, 0.14],
          [AVO, 0.2, -0.15, 0.22, 0.14],
        ],
      };
      roll(ctx, K, 130, 150, 42, phil);
      roll(ctx, K, 215, 140, 42, phil);
      roll(ctx, K, 130, 240, 42, cali);
      roll(ctx, K, 215, 232, 42, cali);
      nigiri(ctx, K, 370, 150, -0.15, 'salmon');
      nigiri(ctx, K, 360, 245, -0.15, 'tuna');
      nigiri(ctx, K, 350, 340, -0.15, 'shrimp');
      // sashimi fan
      for (let i = 0; i < 4; i++) K.fish(ctx, 515, 175 + i * 34, 50, 22, 0.1, 'salmon');
      wasabiGinger(ctx, K, 150, 355);
      soyDish(ctx, K, 520, 355, 40);
    });

  /** A white rectangular plate seen from above. */
  function rectPlate(ctx, K, x, y, w, h, color = '#f4f1ec') {
    K.shadowed(
      ctx,
      () => {
        ctx.beginPath();
        ctx.roundRect(x, y, w, h, 18);
      },
      color,
      24,
      6,
      14,
      'rgba(0,0,0,.55)',
    );
    ctx.beginPath();
    ctx.roundRect(x + 14, y + 14, w - 28, h - 28, 12);
    ctx.fillStyle = K.linear(ctx, x, y, x + w, y + h, [
      [0, 'rgba(0,0,0,.07)'],
      [1, 'rgba(255,255,255,.25)'],
    ]);
    ctx.fill();
    ctx.strokeStyle = 'rgba(0,0,0,.06)';
    ctx.stroke();
  }

  function gyoza(ctx, K, x, y, s, rot) {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(rot);
    const shape = () => {
      ctx.beginPath();
      ctx.moveTo(-s, s * 0.2);
      ctx.bezierCurveTo(-s, -s * 0.7, s, -s * 0.7, s, s * 0.2);
      ctx.quadraticCurveTo(0, s * 0.55, -s, s * 0.2);
      ctx.closePath();
    };
    K.shadowed(ctx, shape, '#efe2c8', 10, 2, 6, 'rgba(0,0,0,.5)');
    shape();
    ctx.fillStyle = K.radial(ctx, -s * 0.2, -s * 0.2, 2, s * 1.1, [
      [0, '#fbf3e0'],
      [0.6, '#eedcb8'],
      [1, '#c9a46a'],
    ]);
    ctx.fill();
    ctx.save();
    shape();
    ctx.clip();
    // the crisp seared base
    ctx.filter = 'blur(4px)';
    ctx.fillStyle = 'rgba(170,95,30,.9)';
    ctx.beginPath();
    ctx.ellipse(0, s * 0.35, s * 0.9, s * 0.22, 0, 0, TAU);
    ctx.fill();
    ctx.filter = 'none';
    // pleats
    for (let i = -4; i <= 4; i++) {
      ctx.strokeStyle = 'rgba(150,110,60,.45)';
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(i * s * 0.2, -s * 0.48 + Math.abs(i) * 2);
      ctx.quadraticCurveTo(i * s * 0.22 + s * 0.06, -s * 0.2, i * s * 0.18, s * 0.0);
      ctx.stroke();
    }
    ctx.restore();
    K.gloss(ctx, 5, -s * 0.2, -s * 0.15, s * 0.4, s * 0.15, 3, 0.5);
    ctx.restore();
  }

  D.gyozas = (ctx, K) => {
    K.wood(ctx, [46, 34, 28], { planks: 4, contrast: 0.8 });
    rectPlate(ctx, K, 70, 90, 500, 300, '#2c2c2e');
    for (const [x, y, rot] of [
      [170, 200, -0.2],
      [320, 190, -0.1],
      [470, 200, 0.05],
      [245, 320, -0.15],
      [395, 322, 0.05],
    ])
      gyoza(ctx, K, x, y, 78, rot);
    K.specks(ctx, 40, 320, 230, 200, 70, ['#e8e0c8', '#2d2318'], 1, 2);
    K.specks(ctx, 30, 320, 220, 200, 60, ['#3f8a2a', '#5aa63a'], 1.5, 3);
    soyDish(ctx, K, 540, 410, 48);
    K.light(ctx, { vignette: 0.5 });
  };

  function tempura(ctx, K, x, y, len, rot) {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(rot);
    const w = len * 0.16;
    // tail
    ctx.beginPath();
    ctx.moveTo(len * 0.45, 0);
    ctx.lineTo(len * 0.68, -w * 0.9);
    ctx.lineTo(len * 0.62, 0);
    ctx.lineTo(len * 0.68, w * 0.9);
    ctx.closePath();
    ctx.fillStyle = K.linear(ctx, len * 0.45, 0, len * 0.68, 0, [
      [0, '#e8662a'],
      [1, '#b02a10'],
    ]);
    ctx.fill();
    K.shadowed(
      ctx,
      () => K.blobPath(ctx, 0, 0, len * 0.5, w, 0.14, 18),
      '#e2b060',
      10,
      3,
      6,
      'rgba(0,0,0,.5)',
    );
    K.blobPath(ctx, 0, 0, len * 0.5, w, 0.14, 18);
    ctx.fillStyle = K.radial(ctx, -len * 0.1, -w * 0.3, 2, len * 0.5, [
      [0, '#f8dc98'],
      [0.6, '#e8b464'],
      [1, '#c08434'],
    ]);
    ctx.fill();
    // crunchy batter bits
    K.scatter(60, 0, 0, len * 0.5, w * 1.05, (bx, by) => {
      ctx.save();
      ctx.shadowColor = 'rgba(120,70,10,.5)';
      ctx.shadowBlur = 2;
      ctx.shadowOffsetY = 1;
      K.blob(ctx, bx, by, R(2, 5), R(1.5, 3.5), K.pick(['#fbe3a8', '#f0c878', '#e3aa56']), 0.4, 6, R(0, TAU));
      ctx.restore();
    });
    ctx.restore();
  }

  D['langostinos-tempura'] = (ctx, K) => {
    K.wood(ctx, [46, 34, 28], { planks: 4, contrast: 0.8 });
    K.plate(ctx, 300, 250, 210, { color: [236, 232, 224] });
    // a paper sheet under the fry
    K.shadowed(
      ctx,
      () => K.blobPath(ctx, 290, 240, 150, 130, 0.05, 8, 0.3),
      '#f8f4ea',
      6,
      1,
      2,
      'rgba(0,0,0,.2)',
    );
    for (let i = 0; i < 5; i++) tempura(ctx, K, 180 + i * 52, 150 + i * 48, 240, -0.75);
    const ir = K.bowl(ctx, 545, 390, 56, { outer: '#2a2a2c', inner: '#3a3a3c' });
    K.liquid(ctx, 545, 390, ir * 0.9, '#d8482a', '#8a1a0c');
    K.gloss(ctx, 5, 535, 380, ir * 0.4, ir * 0.4, 4, 0.7);
    K.herbLeaf(ctx, 90, 420, 40, -0.4, '#4a8f32');
    K.light(ctx, { vignette: 0.5 });
  };

  D.yakimeshi = (ctx, K) => {
    K.wood(ctx, [46, 34, 28], { planks: 4, contrast: 0.8 });
    const cx = 320;
    const cy = 245;
    const ir = K.bowl(ctx, cx, cy, 215, { outer: '#1f2a33', inner: '#2a3540' });
    ctx.save();
    ctx.beginPath();
    ctx.arc(cx, cy, ir * 0.94, 0, TAU);
    ctx.clip();
    K.rice(ctx, cx, cy, ir, ir, 1400, [238, 206, 150], false);
    // egg, peas, carrot, chicken, scallions
    K.scatter(40, cx, cy, ir * 0.9, ir * 0.9, (x, y) =>
      K.blob(ctx, x, y, R(6, 12), R(4, 8), K.pick(['#f7d54a', '#f3c534', '#fbe27a']), 0.3, 7, R(0, TAU)),
    );
    K.scatter(40, cx, cy, ir * 0.9, ir * 0.9, (x, y) => {
      ctx.beginPath();
      ctx.arc(x, y, R(4.5, 6), 0, TAU);
      ctx.fillStyle = K.radial(ctx, x - 2, y - 2, 0.5, 6, [
        [0, '#a6d660'],
        [1, '#4e8a1e'],
      ]);
      ctx.fill();
    });
    K.scatter(40, cx, cy, ir * 0.9, ir * 0.9, (x, y) => {
      ctx.save();
      ctx.translate(x, y);
      ctx.rotate(R(0, TAU));
      ctx.fillStyle = K.pick(['#f08a2a', '#e57418']);
      ctx.fillRect(-4, -4, 8, 8);
      ctx.restore();
    });
    K.scatter(22, cx, cy, ir * 0.85, ir * 0.85, (x, y) => {
      ctx.save();
      ctx.shadowColor = 'rgba(0,0,0,.35)';
      ctx.shadowBlur = 3;
      K.blob(ctx, x, y, R(10, 16), R(7, 11), K.pick(['#e9c48e', '#d9a868', '#c98f50']), 0.3, 8, R(0, TAU));
      ctx.restore();
    });
    K.scatter(50, cx, cy, ir * 0.9, ir * 0.9, (x, y) => {
      ctx.beginPath();
      ctx.arc(x, y, R(3, 5), 0, TAU);
      ctx.strokeStyle = '#3f9a2a';
      ctx.lineWidth = 2;
      ctx.stroke();
    });
    K.gloss(ctx, 60, cx, cy, ir * 0.8, ir * 0.8, 3, 0.5);
    ctx.restore();
    K.light(ctx, { vignette: 0.5 });
  };

  D['ramen-picante'] = (ctx, K) => {
    K.wood(ctx, [46, 34, 28], { planks: 4, contrast: 0.8 });
    const cx = 320;
    const cy = 245;
    const ir = K.bowl(ctx, cx, cy, 225, { outer: '#1a1a1c', inner: '#22262a' });
    ctx.save();
    ctx.beginPath();
    ctx.arc(cx, cy, ir * 0.95, 0, TAU);
    ctx.clip();
    K.liquid(ctx, cx, cy, ir, '#e07a30', '#8c2e0c');
    // noodles
    ctx.lineCap = 'round';
    for (let i = 0; i < 26; i++) {
      ctx.strokeStyle = K.pick(['#f6d98e', '#f0cc74', '#fae4a6']);
      ctx.lineWidth = 4;
      ctx.shadowColor = 'rgba(90,30,0,.5)';
      ctx.shadowBlur = 2;
      ctx.beginPath();
      let x = cx - 150 + R(0, 80);
      let y = cy + 20 + R(0, 120);
      ctx.moveTo(x, y);
      for (let j = 0; j < 8; j++) {
        x += R(10, 22);
        y += Math.sin(j * 1.3 + i) * 10;
        ctx.lineTo(x, y);
      }
      ctx.stroke();
    }
    ctx.shadowColor = 'transparent';
    // chashu slices
    for (const [x, y] of [
      [cx - 80, cy - 70],
      [cx - 20, cy - 105],
    ]) {
      ctx.save();
      ctx.shadowColor = 'rgba(60,20,0,.5)';
      ctx.shadowBlur = 6;
      ctx.shadowOffsetY = 3;
      K.blob(ctx, x, y, 58, 44, '#8a4a2a', 0.08, 12);
      ctx.restore();
      K.blob(ctx, x, y, 50, 37, '#e8b7a0', 0.1, 12);
      K.blob(ctx, x + 6, y + 4, 28, 18, '#d99a84', 0.2, 10);
      ctx.strokeStyle = 'rgba(250,230,220,.8)';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.ellipse(x, y, 38, 26, 0.3, 0, 4);
      ctx.stroke();
      K.gloss(ctx, 6, x - 10, y - 10, 20, 10, 3, 0.6);
    }
    // marinated egg halves
    for (const [x, y, rot] of [
      [cx + 85, cy - 20, 0.4],
      [cx + 60, cy + 60, -0.3],
    ]) {
      ctx.save();
      ctx.translate(x, y);
      ctx.rotate(rot);
      ctx.shadowColor = 'rgba(0,0,0,.4)';
      ctx.shadowBlur = 6;
      ctx.beginPath();
      ctx.ellipse(0, 0, 46, 36, 0, 0, TAU);
      ctx.fillStyle = '#e2b57a';
      ctx.fill();
      ctx.shadowColor = 'transparent';
      ctx.beginPath();
      ctx.ellipse(0, 0, 40, 31, 0, 0, TAU);
      ctx.fillStyle = '#fbf5e8';
      ctx.fill();
      ctx.beginPath();
      ctx.ellipse(2, 0, 22, 18, 0, 0, TAU);
      ctx.fillStyle = K.radial(ctx, -2, -2, 2, 22, [
        [0, '#ff9a1a'],
        [0.7, '#f07a0a'],
        [1, '#e6a030'],
      ]);
      ctx.fill();
      K.gloss(ctx, 3, -4, -5, 8, 5, 4, 0.8);
      ctx.restore();
    }
    // nori
    ctx.save();
    ctx.translate(cx - 140, cy + 30);
    ctx.rotate(-0.25);
    ctx.shadowColor = 'rgba(0,0,0,.5)';
    ctx.shadowBlur = 6;
    ctx.fillStyle = '#1c2418';
    ctx.fillRect(-30, -70, 60, 130);
    ctx.restore();
    // scallions, chili threads, sesame, oil droplets
    K.scatter(70, cx, cy, ir * 0.8, ir * 0.8, (x, y) => {
      ctx.beginPath();
      ctx.arc(x, y, R(3.5, 6), 0, TAU);
      ctx.strokeStyle = K.pick(['#56b02e', '#3f9a22', '#9ed46a']);
      ctx.lineWidth = 2.4;
      ctx.stroke();
    });
    for (let i = 0; i < 30; i++) {
      ctx.strokeStyle = '#c81c10';
      ctx.lineWidth = 1.2;
      ctx.beginPath();
      const x = cx + 20 + R(-30, 30);
      const y = cy - 10 + R(-30, 30);
      ctx.moveTo(x, y);
      ctx.quadraticCurveTo(x + R(-12, 12), y + R(-12, 12), x + R(-20, 20), y + R(-20, 20));
      ctx.stroke();
    }
    K.scatter(30, cx, cy, ir * 0.9, ir * 0.9, (x, y) => {
      ctx.beginPath();
      ctx.arc(x, y, R(2, 7), 0, TAU);
      ctx.strokeStyle = 'rgba(255,190,90,.6)';
      ctx.lineWidth = 1.2;
      ctx.stroke();
    });
    ctx.restore();
    // chopsticks resting on the bowl
    ctx.save();
    ctx.rotate(-0.35);
    ctx.shadowColor = 'rgba(0,0,0,.6)';
    ctx.shadowBlur = 10;
    ctx.shadowOffsetY = 8;
    ctx.fillStyle = '#2b1a12';
    ctx.fillRect(300, 300, 360, 8);
    ctx.fillRect(300, 318, 360, 8);
    ctx.restore();
    K.light(ctx, { vignette: 0.5 });
  };

  D['te-verde-frio'] = (ctx, K) => {
    K.backdrop(ctx, {
      top: '#c9d3c2',
      bottom: '#9aa992',
      tableY: 330,
      table: [150, 112, 78],
      bokeh: 'rgba(255,255,240,',
    });
    glass(ctx, K, 320, 440, 300, {
      wTop: 92,
      wBot: 74,
      level: 0.14,
      liquid: ['rgba(214,196,92,.85)', 'rgba(150,130,40,.9)'],
      ice: 5,
      cold: true,
      garnish: (top) => lemonWheel(ctx, K, 395, top + 12, 44, 0.4),
    });
    K.herbLeaf(ctx, 520, 420, 50, 0.3, '#4a9a35');
    K.herbLeaf(ctx, 545, 440, 40, 1.2, '#3f8a2e');
    K.light(ctx, { vignette: 0.4 });
  };

  D['agua-con-gas'] = (ctx, K) => {
    K.backdrop(ctx, {
      top: '#2c3a40',
      bottom: '#1a2226',
      tableY: 330,
      table: [70, 54, 44],
      bokeh: 'rgba(200,230,255,',
    });
    glass(ctx, K, 450, 430, 170, {
      wTop: 64,
      wBot: 54,
      level: 0.3,
      liquid: ['rgba(200,230,240,.3)', 'rgba(150,200,215,.4)'],
      ice: 2,
      inside: (ly) => {
        for (let i = 0; i < 60; i++) {
          ctx.beginPath();
          ctx.arc(R(400, 500), R(ly + 5, 420), R(0.8, 2.4), 0, TAU);
          ctx.strokeStyle = 'rgba(255,255,255,.7)';
          ctx.stroke();
        }
      },
      garnish: (top) => lemonWheel(ctx, K, 500, top + 8, 30, 0.2, ['#b8d84a', '#dcef9a', '#6e9a1e']),
    });
    bottle(ctx, K, 240, 440, 370, {
      kind: 'water',
      scale: 2.05,
      cap: '#1f8a4c',
      glass: 'rgba(180,225,200,.45)',
      liquid: {
        level: 0.1,
        bubbles: 90,
        stops: [
          [0, 'rgba(90,150,120,.5)'],
          [0.4, 'rgba(220,245,235,.3)'],
          [1, 'rgba(80,140,110,.5)'],
        ],
      },
      label: (top, h) => {
        const y = top + h * 0.6;
        ctx.fillStyle = K.linear(ctx, 160, 0, 320, 0, [
          [0, '#0d5a32'],
          [0.4, '#22a060'],
          [1, '#0b4a2a'],
        ]);
        ctx.fillRect(140, y, 200, h * 0.2);
        ctx.fillStyle = 'rgba(255,255,255,.92)';
        ctx.font = 'bold 22px "DejaVu Sans", sans-serif';
        ctx.textAlign = 'center';
        ctx.fillText('CON GAS', 240, y + h * 0.09);
        ctx.font = '13px "DejaVu Sans", sans-serif';
        ctx.fillText('agua mineral', 240, y + h * 0.15);
      },
    });
    K.light(ctx, { vignette: 0.45 });
  };

  D['cerveza-asahi'] = (ctx, K) => {
    K.backdrop(ctx, { top: '#2a2420', bottom: '#14100d', tableY: 330, table: [80, 56, 40] });
    glass(ctx, K, 445, 440, 230, {
      wTop: 72,
      wBot: 56,
      level: 0.2,
      liquid: ['#f2b640', '#c9801a'],
      cold: true,
      foam: '#fbf6ea',
      inside: (ly, top) => {
        ctx.fillStyle = '#fbf6ea';
        ctx.fillRect(360, top + 10, 180, ly - top + 18);
        for (let i = 0; i < 50; i++) {
          ctx.beginPath();
          ctx.arc(R(400, 490), R(ly + 30, 430), R(0.6, 1.6), 0, TAU);
          ctx.fillStyle = 'rgba(255,250,220,.7)';
          ctx.fill();
        }
      },
    });
    bottle(ctx, K, 230, 440, 380, {
      kind: 'beer',
      scale: 2.0,
      cap: '#b8bcc2',
      cold: true,
      glass: 'rgba(70,36,12,.95)',
      label: (top, h) => {
        const y = top + h * 0.55;
        ctx.fillStyle = K.linear(ctx, 160, 0, 310, 0, [
          [0, '#6e737a'],
          [0.35, '#eef0f2'],
          [0.55, '#c9cdd2'],
          [1, '#5a5f66'],
        ]);
        ctx.fillRect(150, y, 170, h * 0.24);
        ctx.fillStyle = '#0c1f4a';
        ctx.font = 'bold 26px "DejaVu Sans", sans-serif';
        ctx.textAlign = 'center';
        ctx.fillText('ASAHI', 230, y + h * 0.1);
        ctx.fillStyle = '#c8102e';
        ctx.font = 'bold 12px "DejaVu Sans", sans-serif';
        ctx.fillText('DRY LAGER', 230, y + h * 0.16);
      },
    });
    K.light(ctx, { vignette: 0.5 });
  };

  // ---------------- Café Aurora ----------------

  /** A cup seen from above on its saucer, with the drink's surface drawn by `surface`. */
  function cupScene(ctx, K, { cup = 100, saucer = 160, surface, table = 'marble', glass = false }) {
    if (table === 'marble') K.marble(ctx);
    else K.wood(ctx, [150, 108, 72], { planks: 4 });
    const cx = 300;
    const cy = 245;
    // coffee beans scattered for styling
    for (let i = 0; i < 7; i++) bean(ctx, K, R(470, 610), R(40, 160), R(0, TAU));
    K.plate(ctx, cx, cy, saucer, { rim: 0.28 });
    // spoon on the saucer
    ctx.save();
    ctx.translate(cx + saucer * 0.55, cy + saucer * 0.5);
    ctx.rotate(-0.75);
    ctx.shadowColor = 'rgba(0,0,0,.35)';
    ctx.shadowBlur = 5;
    ctx.shadowOffsetY = 3;
    ctx.fillStyle = K.linear(ctx, 0, -8, 0, 8, [
      [0, '#f4f4f6'],
      [0.5, '#a8acb2'],
      [1, '#6c7076'],
    ]);
    ctx.beginPath();
    ctx.ellipse(0, 0, 18, 11, 0, 0, TAU);
    ctx.fill();
    ctx.fillRect(14, -3, 90, 6);
    ctx.restore();
    // handle
    ctx.save();
    ctx.shadowColor = 'rgba(0,0,0,.3)';
    ctx.shadowBlur = 8;
    ctx.shadowOffsetY = 4;
    ctx.fillStyle = glass ? 'rgba(255,255,255,.5)' : '#f7f5f1';
    ctx.beginPath();
    ctx.roundRect(cx + cup * 0.85, cy - cup * 0.16, cup * 0.55, cup * 0.32, cup * 0.14);
    ctx.fill();
    ctx.restore();
    // cup body
    K.shadowed(
      ctx,
      () => {
        ctx.beginPath();
        ctx.arc(cx, cy, cup, 0, TAU);
      },
      glass ? 'rgba(255,255,255,.6)' : '#f8f6f2',
      18,
      6,
      10,
      'rgba(40,20,0,.4)',
    );
    ctx.beginPath();
    ctx.arc(cx, cy, cup, 0, TAU);
    ctx.fillStyle = K.linear(ctx, cx - cup, cy - cup, cx + cup, cy + cup, [
      [0, 'rgba(255,255,255,.6)'],
      [1, 'rgba(0,0,0,.1)'],
    ]);
    ctx.fill();
    const ir = cup * 0.88;
    ctx.save();
    ctx.beginPath();
    ctx.arc(cx, cy, ir, 0, TAU);
    ctx.clip();
    surface(cx, cy, ir);
    // the cup's inner wall shades the drink's edge
    ctx.strokeStyle = 'rgba(40,15,0,.35)';
    ctx.filter = 'blur(4px)';
    ctx.lineWidth = 10;
    ctx.beginPath();
    ctx.arc(cx + 3, cy + 3, ir, 0, TAU);
    ctx.stroke();
    ctx.restore();
    K.light(ctx, { vignette: 0.4 });
  }

  function bean(ctx, K, x, y, rot) {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(rot);
    ctx.shadowColor = 'rgba(0,0,0,.4)';
    ctx.shadowBlur = 4;
    ctx.shadowOffsetY = 2;
    ctx.beginPath();
    ctx.ellipse(0, 0, 12, 8, 0, 0, TAU);
    ctx.fillStyle = K.radial(ctx, -3, -3, 1, 13, [
      [0, '#7a4424'],
      [1, '#2a1206'],
    ]);
    ctx.fill();
    ctx.shadowColor = 'transparent';
    ctx.strokeStyle = '#1a0a02';
    ctx.lineWidth = 1.6;
    ctx.beginPath();
    ctx.moveTo(-10, 0);
    ctx.bezierCurveTo(-3, -3, 3, 3, 10, 0);
    ctx.stroke();
    ctx.restore();
  }

  function crema(ctx, K, cx, cy, r, light = '#d89a52', dark = '#7a3e14') {
    ctx.fillStyle = K.radial(ctx, cx - r * 0.15, cy - r * 0.15, r * 0.1, r, [
      [0, light],
      [0.7, '#b8702e'],
      [1, dark],
    ]);
    ctx.fillRect(cx - r, cy - r, r * 2, r * 2);
    ctx.save();
    ctx.filter = 'blur(1.5px)';
    K.specks(ctx, 120, cx, cy, r * 0.9, r * 0.9, ['rgba(250,210,150,.35)', 'rgba(90,40,10,.3)'], 1, 3);
    ctx.restore();
  }

  /** Latte art: a heart or a rosetta in milk foam on the crema. */
  function latteArt(ctx, _K, cx, cy, r, kind) {
    ctx.save();
    ctx.filter = 'blur(1.6px)';
    const foam = '#fbf3e4';
    if (kind === 'heart') {
      ctx.fillStyle = foam;
      ctx.beginPath();
      ctx.moveTo(cx, cy + r * 0.55);
      ctx.bezierCurveTo(cx - r * 0.9, cy + r * 0.05, cx - r * 0.55, cy - r * 0.6, cx, cy - r * 0.28);
      ctx.bezierCurveTo(cx + r * 0.55, cy - r * 0.6, cx + r * 0.9, cy + r * 0.05, cx, cy + r * 0.55);
      ctx.fill();
      ctx.fillStyle = 'rgba(190,130,70,.6)';
      ctx.beginPath();
      ctx.ellipse(cx, cy - r * 0.05, r * 0.18, r * 0.08, 0, 0, TAU);
      ctx.fill();
    } else {
      for (let i = 0; i < 7; i++) {
        const y = cy + r * 0.55 - i * r * 0.16;
        const w = r * (0.7 - i * 0.07);
        ctx.fillStyle = foam;
        ctx.beginPath();
        ctx.ellipse(cx, y, w, r * 0.11, 0, Math.PI, 0);
        ctx.ellipse(cx, y + r * 0.03, w * 0.82, r * 0.06, 0, 0, Math.PI, true);
        ctx.fill();
      }
      ctx.fillStyle = foam;
      ctx.beginPath();
      ctx.arc(cx, cy - r * 0.55, r * 0.12, 0, TAU);
      ctx.fill();
      ctx.strokeStyle = 'rgba(170,100,45,.9)';
      ctx.lineWidth = 2;
      ctx.beginPath();
      ctx.moveTo(cx, cy - r * 0.6);
      ctx.lineTo(cx, cy + r * 0.65);
      ctx.stroke();
    }
    ctx.restore();
  }

  D.espresso = (ctx, K) =>
    cupScene(ctx, K, {
      cup: 72,
      saucer: 130,
      surface: (cx, cy, r) => {
        crema(ctx, K, cx, cy, r, '#d99852', '#5a2a0c');
        ctx.save();
        ctx.filter = 'blur(3px)';
        ctx.strokeStyle = 'rgba(245,200,140,.5)';
        ctx.lineWidth = 4;
        ctx.beginPath();
        ctx.arc(cx - 6, cy - 4, r * 0.5, 0.5, 3.5);
        ctx.stroke();
        ctx.restore();
        K.gloss(ctx, 3, cx - r * 0.4, cy - r * 0.4, 8, 5, 4, 0.8);
      },
    });
  D.cortado = (ctx, K) =>
    cupScene(ctx, K, {
      cup: 80,
      saucer: 140,
      table: 'wood',
      surface: (cx, cy, r) => {
        crema(ctx, K, cx, cy, r, '#d29a5e', '#7a4018');
        latteArt(ctx, K, cx, cy, r * 0.8, 'heart');
      },
    });
  D['cafe-con-leche'] = (ctx, K) =>
    cupScene(ctx, K, {
      cup: 118,
      saucer: 180,
      table: 'wood',
      surface: (cx, cy, r) => {
        crema(ctx, K, cx, cy, r, '#e6c49a', '#a8703e');
        ctx.save();
        ctx.filter = 'blur(4px)';
        K.specks(ctx, 40, cx, cy, r * 0.7, r * 0.7, ['rgba(255,245,225,.6)'], 6, 16);
        ctx.restore();
        K.pores(ctx, cx, cy, r, r, 300, 'rgba(150,100,50,.3)', 'rgba(255,250,235,.5)', 1.4);
      },
    });
  D.capuchino = (ctx, K) =>
    cupScene(ctx, K, {
      cup: 108,
      saucer: 170,
      surface: (cx, cy, r) => {
        crema(ctx, K, cx, cy, r, '#c88a50', '#6a3410');
        ctx.fillStyle = K.radial(ctx, cx, cy, r * 0.2, r * 0.86, [
          [0, '#fbf3e6'],
          [0.9, '#f2e2c8'],
          [1, 'rgba(230,200,160,0)'],
        ]);
        ctx.fillRect(cx - r, cy - r, r * 2, r * 2);
        // cocoa dusting
        ctx.save();
        ctx.globalAlpha = 0.9;
        K.scatter(900, cx, cy, r * 0.6, r * 0.6, (x, y) => {
          ctx.fillStyle = K.pick(['#5a3018', '#7a4422', '#3a1e0c']);
          ctx.fillRect(x, y, R(0.6, 1.8), R(0.6, 1.8));
        });
        ctx.restore();
      },
    });
  D['flat-white'] = (ctx, K) =>
    cupScene(ctx, K, {
      cup: 96,
      saucer: 160,
      surface: (cx, cy, r) => {
        crema(ctx, K, cx, cy, r, '#c8905a', '#6e3614');
        latteArt(ctx, K, cx, cy, r * 0.85, 'rosetta');
      },
    });

  /** A medialuna from above: lobes along a crescent, laminated, glazed or not. */
  function medialuna(ctx, K, x, y, s, rot, glazed) {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(rot);
    const n = 7;
    const lobes = [];
    for (let i = 0; i < n; i++) {
      const t = i / (n - 1);
      const a = Math.PI * (0.15 + t * 0.7);
      const mid = 1 - Math.abs(t - 0.5) * 2;
      lobes.push([
        Math.cos(a) * s * (glazed ? 0.75 : 0.9),
        -Math.sin(a) * s * (glazed ? 0.6 : 0.35) + s * 0.3,
        s * (0.16 + mid * 0.2),
        a,
      ]);
    }
    ctx.shadowColor = 'rgba(40,15,0,.55)';
    ctx.shadowBlur = 16;
    ctx.shadowOffsetY = 10;
    for (const [lx, ly, lr] of lobes) {
      ctx.beginPath();
      ctx.ellipse(lx, ly, lr * 0.8, lr, 0, 0, TAU);
      ctx.fillStyle = '#b0692a';
      ctx.fill();
    }
    ctx.shadowColor = 'transparent';
    for (const [lx, ly, lr, a] of lobes) {
      ctx.save();
      ctx.translate(lx, ly);
      ctx.rotate(Math.PI / 2 - a);
      ctx.beginPath();
      ctx.ellipse(0, 0, lr * 0.62, lr * 0.95, 0, 0, TAU);
      ctx.fillStyle = K.radial(
        ctx,
        -lr * 0.2,
        -lr * 0.3,
        1,
        lr,
        glazed
          ? [
              [0, '#f0b25a'],
              [0.6, '#c8782a'],
              [1, '#8a4612'],
            ]
          : [
              [0, '#f2cf8e'],
              [0.6, '#dca660'],
              [1, '#a8702e'],
            ],
      );
      ctx.fill();
      ctx.strokeStyle = glazed ? 'rgba(120,55,10,.5)' : 'rgba(150,95,35,.45)';
      ctx.lineWidth = 1.3;
      for (let k = -2; k <= 2; k++) {
        ctx.beginPath();
        ctx.ellipse(k * lr * 0.15, 0, lr * 0.05 + Math.abs(k) * 2, lr * 0.8, 0, 0.4, Math.PI - 0.4);
        ctx.stroke();
      }
      ctx.restore();
    }
    if (glazed)
      for (const [lx, ly, lr] of lobes)
        K.gloss(ctx, 5, lx - lr * 0.2, ly - lr * 0.3, lr * 0.35, lr * 0.3, 5, 0.85);
    ctx.restore();
  }

  function medialunas(ctx, K, glazed) {
    K.wood(ctx, [150, 108, 72], { planks: 4 });
    K.plate(ctx, 320, 245, 225);
    medialuna(ctx, K, 250, 190, 130, -0.3, glazed);
    medialuna(ctx, K, 400, 210, 130, 0.35, glazed);
    medialuna(ctx, K, 320, 320, 135, 0.05, glazed);
    K.light(ctx, { vignette: 0.45 });
  }
  D['medialuna-manteca'] = (ctx, K) => medialunas(ctx, K, true);
  D['medialuna-grasa'] = (ctx, K) => medialunas(ctx, K, false);

  D['budin-limon'] = (ctx, K) => {
    window.__ctx = ctx;
    dessertScene(ctx, K, { top: '#e6e0d2', bottom: '#c9c0ad', table: [196, 160, 120] });
    const crumbTex = (x, y, w, h) => {
      dust('#2a2a30', 260, 1.8)(x, y, w, h);
      dust('rgba(200,160,80,.7)', 300, 2.4)(x, y, w, h);
    };
    slice(
      ctx,
      K,
      170,
      385,
      250,
      160,
      80,
      [
        [0.06, '#a8642a'],
        [0.9, '#f1d58c', crumbTex],
        [0.04, '#b8742e'],
      ],
      '#c27c34',
      {
        top: (x, y, w, dx, dy) => {
          ctx.fillStyle = '#fbf8ef';
          ctx.fillRect(x - 10, y + dy - 10, w + dx + 20, -dy + 20);
        },
      },
    );
    // glaze drips on the front
    for (let i = 0; i < 7; i++) {
      const x = 180 + i * 36 + R(-6, 6);
      ctx.fillStyle = 'rgba(252,250,240,.95)';
      ctx.beginPath();
      ctx.moveTo(x - 8, 225);
      ctx.lineTo(x - 5, 225 + R(8, 30));
      ctx.arc(x, 225 + R(14, 30), 5, Math.PI, 0, true);
      ctx.lineTo(x + 8, 225);
      ctx.fill();
    }
    lemonWheel(ctx, K, 500, 400, 36, 0.2);
    K.herbLeaf(ctx, 470, 330, 30, -0.5, '#4a9a35');
    K.light(ctx, { vignette: 0.4 });
  };

  D.brownie = (ctx, K) => {
    window.__ctx = ctx;
    dessertScene(ctx, K, { top: '#4a3a30', bottom: '#2c221c', table: [130, 92, 62] });
    const fudge = (x, y, w, h) => {
      dust('rgba(30,12,4,.9)', 300, 2.4)(x, y, w, h);
      dust('rgba(120,70,40,.6)', 160, 1.8)(x, y, w, h);
    };
    slice(ctx, K, 190, 385, 220, 95, 170, [[1, '#4a2414', fudge]], '#5c3420', {
      top: (x, y, w, dx, dy) => {
        ctx.fillStyle = '#6a3e24';
        ctx.fillRect(x - 10, y + dy - 10, w + dx + 20, -dy + 20);
        ctx.strokeStyle = 'rgba(160,110,70,.6)';
        ctx.lineWidth = 1.5;
        for (let i = 0; i < 26; i++) {
          ctx.beginPath();
          const sx = R(x, x + w + dx);
          const sy = R(y + dy, y);
          ctx.moveTo(sx, sy);
          ctx.lineTo(sx + R(-30, 30), sy + R(-12, 12));
          ctx.stroke();
        }
        K.gloss(ctx, 12, x + (w + dx) / 2, y + dy / 2, w / 2, -dy / 3, 3, 0.4);
        // walnut halves
        for (let i = 0; i < 4; i++)
          K.blob(ctx, R(x + 30, x + w), R(y + dy + 10, y - 10), 14, 9, '#b0783c', 0.3, 8, R(0, TAU));
      },
    });
    ctx.save();
    ctx.filter = 'blur(0.8px)';
    K.specks(ctx, 30, 470, 410, 40, 14, ['#3a1a0a', '#b0783c'], 2, 5);
    ctx.restore();
    K.light(ctx, { vignette: 0.5 });
  };

  /** Top-down toast slice: crust, crumb with holes. */
  function toast(ctx, K, x, y, w, h, rot, opts = {}) {
    const { crust = '#9a5a22', crumb = '#e8b870', holes = 40, grill = false, shape = 'rect' } = opts;
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(rot);
    const path = () => {
      if (shape === 'tri') {
        ctx.beginPath();
        ctx.moveTo(-w / 2, -h / 2);
        ctx.lineTo(w / 2, -h / 2);
        ctx.lineTo(-w / 2, h / 2);
        ctx.closePath();
      } else K.blobPath(ctx, 0, 0, w / 2, h / 2, 0.05, 12);
    };
    K.shadowed(ctx, path, crust, 14, 4, 8, 'rgba(30,10,0,.5)');
    ctx.save();
    path();
    ctx.clip();
    ctx.fillStyle = crust;
    ctx.fillRect(-w, -h, w * 2, h * 2);
    ctx.lineJoin = 'round';
    ctx.lineWidth = Math.min(w, h) * 0.08;
    ctx.strokeStyle = crust;
    ctx.fillStyle = K.radial(ctx, 0, 0, 2, Math.max(w, h) * 0.6, [
      [0, crumb],
      [1, '#c88a40'],
    ]);
    ctx.save();
    ctx.scale(0.9, 0.9);
    path();
    ctx.fill();
    ctx.restore();
    K.pores(ctx, 0, 0, w * 0.42, h * 0.42, holes * 6, 'rgba(150,90,30,.45)', 'rgba(255,240,200,.4)', 2.4);
    if (grill)
      for (let i = -4; i <= 4; i++) {
        ctx.strokeStyle = 'rgba(70,30,5,.55)';
        ctx.lineWidth = 6;
        ctx.filter = 'blur(2px)';
        ctx.beginPath();
        ctx.moveTo(i * 30 - 60, -h);
        ctx.lineTo(i * 30 + 60, h);
        ctx.stroke();
      }
    ctx.restore();
    ctx.restore();
  }

  D.tostado = (ctx, K) => {
    K.wood(ctx, [150, 108, 72], { planks: 4 });
    K.plate(ctx, 320, 245, 225);
    for (const [x, y, rot] of [
      [260, 220, 0.3],
      [380, 270, Math.PI + 0.3],
    ]) {
      // cheese and ham peeking out first
      ctx.save();
      ctx.translate(x, y);
      ctx.rotate(rot);
      K.blob(ctx, -10, -6, 150, 14, '#e8a0a0', 0.1, 10, 0.78);
      ctx.fillStyle = '#f8d870';
      ctx.beginPath();
      ctx.moveTo(-70, 90);
      ctx.quadraticCurveTo(-90, 110, -70, 120);
      ctx.quadraticCurveTo(-50, 100, -60, 90);
      ctx.fill();
      ctx.restore();
      toast(ctx, K, x, y, 230, 230, rot, {
        shape: 'tri',
        crust: '#b27432',
        crumb: '#f0c27a',
        grill: true,
        holes: 20,
      });
    }
    // melted cheese oozing along the cut
    ctx.save();
    ctx.filter = 'blur(1px)';
    ctx.fillStyle = '#f7d65a';
    for (let i = 0; i < 6; i++)
      K.blob(ctx, 240 + i * 28, 155 + i * 36, R(8, 14), R(5, 8), '#f7d65a', 0.3, 8, 0.8);
    ctx.restore();
    K.light(ctx, { vignette: 0.45 });
  };

  D['avocado-toast'] = (ctx, K) => {
    K.marble(ctx);
    K.plate(ctx, 320, 245, 225, { color: [60, 62, 66] });
    toast(ctx, K, 320, 245, 330, 240, -0.1, { crust: '#6e3a14', crumb: '#e0b070', holes: 60 });
    // smashed avocado
    ctx.save();
    ctx.translate(320, 245);
    ctx.rotate(-0.1);
    K.shadowed(ctx, () => K.blobPath(ctx, 0, 0, 138, 95, 0.1, 16), '#8dbb3c', 8, 2, 4, 'rgba(40,40,0,.4)');
    K.blobPath(ctx, 0, 0, 138, 95, 0.1, 16);
    ctx.fillStyle = K.radial(ctx, -30, -20, 5, 140, [
      [0, '#c6dc6e'],
      [0.6, '#9cc44a'],
      [1, '#6a9a2a'],
    ]);
    ctx.fill();
    ctx.filter = 'blur(1.2px)';
    K.specks(ctx, 70, 0, 0, 120, 80, ['rgba(220,240,140,.7)', 'rgba(90,130,30,.6)', '#d8ea8a'], 3, 9);
    ctx.filter = 'none';
    // poached egg
    K.shadowed(ctx, () => K.blobPath(ctx, 10, -5, 62, 52, 0.12, 12), '#fbfbf6', 14, 3, 6, 'rgba(0,0,0,.35)');
    ctx.fillStyle = K.radial(ctx, 0, -15, 5, 65, [
      [0, '#ffffff'],
      [1, '#e8e4d8'],
    ]);
    K.blobPath(ctx, 10, -5, 62, 52, 0.12, 12);
    ctx.fill();
    ctx.beginPath();
    ctx.arc(14, 0, 26, 0, TAU);
    ctx.fillStyle = K.radial(ctx, 6, -8, 2, 28, [
      [0, '#ffc23a'],
      [0.7, '#f59a10'],
      [1, 'rgba(245,160,30,.2)'],
    ]);
    ctx.fill();
    K.gloss(ctx, 4, 4, -10, 10, 6, 5, 0.9);
    // seeds and chilli flakes
    K.specks(ctx, 80, 0, 0, 130, 90, ['#1c1c1c', '#3a3020'], 0.8, 1.8);
    K.specks(ctx, 50, 0, 0, 130, 90, ['#f2e4c2', '#e8d8a8'], 1.2, 2.4);
    K.specks(ctx, 24, 0, 0, 130, 90, ['#c81c10', '#e04020'], 1, 2);
    ctx.restore();
    K.light(ctx, { vignette: 0.4 });
  };

  D.exprimido = (ctx, K) => {
    K.backdrop(ctx, {
      top: '#f1e6cf',
      bottom: '#d8c7a2',
      tableY: 320,
      table: [200, 160, 110],
      bokeh: 'rgba(255,255,235,',
    });
    glass(ctx, K, 300, 440, 290, {
      wTop: 86,
      wBot: 70,
      level: 0.12,
      liquid: ['#fbb22a', '#e8860c'],
      cold: true,
      foam: 'rgba(255,220,140,.9)',
      inside: (ly) => K.specks(ctx, 80, 300, ly + 100, 70, 90, ['rgba(255,220,120,.5)'], 1, 3),
    });
    // orange halves
    for (const [x, y, r] of [
      [505, 410, 60],
      [90, 420, 52],
    ]) {
      ctx.save();
      ctx.translate(x, y);
      ctx.scale(1, 0.55);
      K.shadowed(
        ctx,
        () => {
          ctx.beginPath();
          ctx.arc(0, 0, r, 0, TAU);
        },
        '#e8720c',
        10,
        3,
        10,
      );
      ctx.restore();
      ctx.save();
      ctx.translate(x, y - 8);
      ctx.scale(1, 0.55);
      lemonWheel(ctx, K, 0, 0, r, 0.2, ['#f99a1a', '#ffc46a', '#e8720c']);
      ctx.restore();
    }
    K.light(ctx, { vignette: 0.35 });
  };

  D.limonada = (ctx, K) => {
    K.backdrop(ctx, {
      top: '#e2ecd8',
      bottom: '#bccaa8',
      tableY: 320,
      table: [200, 170, 130],
      bokeh: 'rgba(255,255,240,',
    });
    glass(ctx, K, 300, 440, 300, {
      wTop: 88,
      wBot: 72,
      level: 0.1,
      liquid: ['rgba(236,240,170,.85)', 'rgba(196,210,110,.9)'],
      ice: 5,
      cold: true,
      inside: (ly) => {
        for (let i = 0; i < 8; i++)
          K.herbLeaf(ctx, R(240, 360), R(ly + 40, 420), R(26, 36), R(0, TAU), '#4aa035');
        lemonWheel(ctx, K, 270, 330, 34, 0.4);
      },
      garnish: (top) => {
        lemonWheel(ctx, K, 378, top + 12, 44, 0.3);
        K.herbLeaf(ctx, 250, top - 10, 40, -1, '#4aa035');
        K.herbLeaf(ctx, 270, top - 16, 34, -0.5, '#3f8a2e');
      },
    });
    // ginger root
    K.blob(ctx, 520, 420, 50, 20, '#d8b078', 0.2, 10, 0.2);
    K.blob(ctx, 560, 405, 24, 14, '#c89c62', 0.2, 8, 0.8);
    K.light(ctx, { vignette: 0.35 });
  };

  // ---------------- La Casona ----------------

  function bun(ctx, K, x, y, w, h, rot, color = ['#f0b868', '#c87a30', '#8a4a18']) {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(rot);
    K.shadowed(
      ctx,
      () => {
        ctx.beginPath();
        ctx.roundRect(-w / 2, -h / 2, w, h, h / 2);
      },
      color[1],
      18,
      4,
      10,
      'rgba(30,10,0,.55)',
    );
    ctx.beginPath();
    ctx.roundRect(-w / 2, -h / 2, w, h, h / 2);
    ctx.fillStyle = K.radial(ctx, -w * 0.1, -h * 0.2, 5, w * 0.55, [
      [0, color[0]],
      [0.7, color[1]],
      [1, color[2]],
    ]);
    ctx.fill();
    ctx.restore();
  }

  function mayoZigzag(ctx, _K, x0, x1, y, amp, width = 9) {
    ctx.save();
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.shadowColor = 'rgba(120,100,40,.45)';
    ctx.shadowBlur = 4;
    ctx.shadowOffsetY = 2;
    ctx.strokeStyle = '#fbf4d8';
    ctx.lineWidth = width;
    ctx.beginPath();
    for (let x = x0, i = 0; x <= x1; x += 22, i++) {
      const yy = y + (i % 2 ? amp : -amp);
      if (i === 0) ctx.moveTo(x, yy);
      else ctx.lineTo(x, yy);
    }
    ctx.stroke();
    ctx.restore();
    ctx.save();
    ctx.strokeStyle = 'rgba(255,255,255,.8)';
    ctx.lineWidth = 2;
    ctx.beginPath();
    for (let x = x0, i = 0; x <= x1; x += 22, i++) {
      const yy = y + (i % 2 ? amp : -amp) - 2;
      if (i === 0) ctx.moveTo(x, yy);
      else ctx.lineTo(x, yy);
    }
    ctx.stroke();
    ctx.restore();
  }

  function diced(ctx, K, cx, cy, rx, ry, n, colors, s = 7) {
    K.scatter(n, cx, cy, rx, ry, (x, y) => {
      ctx.save();
      ctx.translate(x, y);
      ctx.rotate(R(0, TAU));
      ctx.shadowColor = 'rgba(0,0,0,.3)';
      ctx.shadowBlur = 2;
      ctx.shadowOffsetY = 1;
      ctx.fillStyle = K.pick(colors);
      ctx.beginPath();
      ctx.roundRect(-s / 2, -s / 2, s * R(0.8, 1.2), s * R(0.8, 1.2), 2);
      ctx.fill();
      ctx.restore();
    });
  }

  function avocadoMash(ctx, K, cx, cy, rx, ry) {
    K.shadowed(ctx, () => K.blobPath(ctx, cx, cy, rx, ry, 0.12, 16), '#8dbb3c', 6, 1, 3, 'rgba(40,40,0,.35)');
    K.blobPath(ctx, cx, cy, rx, ry, 0.12, 16);
    ctx.fillStyle = K.linear(ctx, 0, cy - ry, 0, cy + ry, [
      [0, '#c8dc70'],
      [1, '#7aa632'],
    ]);
    ctx.fill();
    ctx.save();
    ctx.filter = 'blur(1px)';
    K.specks(ctx, rx * 0.8, cx, cy, rx * 0.9, ry * 0.8, ['rgba(230,245,160,.7)', 'rgba(90,130,30,.5)'], 2, 6);
    ctx.restore();
  }

  function sandwichScene(ctx, K) {
    K.wood(ctx, [120, 84, 54], { planks: 4 });
    // kraft paper under the food
    ctx.save();
    ctx.translate(320, 245);
    ctx.rotate(-0.08);
    K.shadowed(
      ctx,
      () => {
        ctx.beginPath();
        ctx.rect(-280, -190, 560, 380);
      },
      '#c8a878',
      12,
      3,
      6,
      'rgba(0,0,0,.35)',
    );
    ctx.filter = 'blur(4px)';
    for (let i = 0; i < 10; i++) {
      ctx.strokeStyle = `rgba(0,0,0,${R(0.03, 0.06)})`;
      ctx.lineWidth = R(4, 10);
      ctx.beginPath();
      ctx.moveTo(R(-280, 280), R(-190, 190));
      ctx.lineTo(R(-280, 280), R(-190, 190));
      ctx.stroke();
    }
    ctx.restore();
  }

  D['completo-italiano'] = (ctx, K) => {
    sandwichScene(ctx, K);
    for (const y of [170, 320]) {
      bun(ctx, K, 320, y, 500, 120, 0);
      // sausage peeking out at the ends
      ctx.fillStyle = K.linear(ctx, 0, y - 18, 0, y + 18, [
        [0, '#e0825a'],
        [0.5, '#b8502c'],
        [1, '#7a2c14'],
      ]);
      ctx.beginPath();
      ctx.roundRect(52, y - 17, 536, 34, 17);
      ctx.fill();
      // the bun's opening
      ctx.fillStyle = '#f6e2b4';
      ctx.beginPath();
      ctx.roundRect(90, y - 40, 460, 80, 36);
      ctx.fill();
      diced(ctx, K, 320, y - 14, 210, 18, 90, ['#d8281a', '#e8402a', '#b81e10', '#f06a4a']);
      avocadoMash(ctx, K, 320, y + 16, 215, 20);
      mayoZigzag(ctx, K, 110, 530, y + 2, 16);
    }
    K.light(ctx, { vignette: 0.45 });
  };

  function marraqueta(ctx, K, x, y, w, h, filling) {
    // bottom half with the filling spilling over, top half leaning
    bun(ctx, K, x, y, w, h, -0.05, ['#f2c47a', '#d08a3a', '#8a4a18']);
    filling(x, y);
    ctx.save();
    ctx.translate(x + 20, y - h * 0.55);
    ctx.rotate(-0.12);
    K.shadowed(
      ctx,
      () => K.blobPath(ctx, 0, 0, w * 0.48, h * 0.42, 0.06, 14),
      '#d08a3a',
      20,
      4,
      14,
      'rgba(30,10,0,.5)',
    );
    K.blobPath(ctx, 0, 0, w * 0.48, h * 0.42, 0.06, 14);
    ctx.fillStyle = K.radial(ctx, -30, -20, 5, w * 0.5, [
      [0, '#f6d08e'],
      [0.6, '#d8963e'],
      [1, '#9a5a1e'],
    ]);
    ctx.fill();
    // the marraqueta's central split
    ctx.strokeStyle = 'rgba(110,60,20,.7)';
    ctx.lineWidth = 5;
    ctx.beginPath();
    ctx.moveTo(-w * 0.4, 4);
    ctx.quadraticCurveTo(0, -8, w * 0.4, 2);
    ctx.stroke();
    ctx.save();
    K.blobPath(ctx, 0, 0, w * 0.48, h * 0.42, 0.06, 14);
    ctx.clip();
    K.specks(ctx, 120, 0, 0, w * 0.45, h * 0.4, ['rgba(255,250,235,.6)', 'rgba(255,255,255,.5)'], 0.8, 2.2);
    ctx.restore();
    ctx.restore();
  }

  function beef(ctx, K, cx, cy, rx, ry, n) {
    for (let i = 0; i < n; i++) {
      ctx.save();
      ctx.shadowColor = 'rgba(0,0,0,.4)';
      ctx.shadowBlur = 4;
      ctx.shadowOffsetY = 2;
      const x = cx + R(-rx, rx);
      const y = cy + R(-ry, ry);
      K.blob(
        ctx,
        x,
        y,
        R(50, 80),
        R(16, 24),
        K.pick(['#7a4226', '#6a361c', '#8a5030']),
        0.2,
        10,
        R(-0.3, 0.3),
      );
      ctx.restore();
      K.pores(ctx, x, y, 50, 14, 60, 'rgba(50,20,5,.5)', 'rgba(190,120,80,.4)', 1.6);
    }
  }

  D['churrasco-italiano'] = (ctx, K) => {
    sandwichScene(ctx, K);
    marraqueta(ctx, K, 310, 300, 420, 210, (x, y) => {
      beef(ctx, K, x, y - 10, 120, 30, 5);
      for (let i = 0; i < 4; i++) K.tomatoSlice(ctx, x - 120 + i * 80, y + 50, 34);
      avocadoMash(ctx, K, x, y + 10, 170, 36);
      mayoZigzag(ctx, K, x - 170, x + 170, y + 20, 14);
    });
    K.light(ctx, { vignette: 0.45 });
  };

  D['barros-luco'] = (ctx, K) => {
    sandwichScene(ctx, K);
    marraqueta(ctx, K, 310, 300, 420, 210, (x, y) => {
      beef(ctx, K, x, y, 120, 30, 6);
      // melted cheese draping
      for (let i = 0; i < 7; i++) {
        ctx.save();
        ctx.shadowColor = 'rgba(120,80,0,.4)';
        ctx.shadowBlur = 4;
        K.blob(
          ctx,
          x - 170 + i * 56,
          y + 30 + R(-10, 20),
          R(36, 50),
          R(24, 40),
          K.pick(['#f8d660', '#f6ca48', '#fbe07a']),
          0.25,
          10,
          R(0, TAU),
        );
        ctx.restore();
      }
      K.gloss(ctx, 30, x, y + 30, 170, 30, 4, 0.7);
    });
    K.light(ctx, { vignette: 0.45 });
  };

  D['empanada-pino'] = (ctx, K) =>
    empanadaScene(ctx, K, {
      items: () => {
        const body = ['#f0b468', '#c87a30', '#7e3e10'];
        empanada(ctx, K, 230, 220, 140, -0.2, { body, blister: 40 });
        empanada(ctx, K, 400, 320, 150, 0.2, { body, blister: 40 });
        // pebre bowl
        const ir = K.bowl(ctx, 555, 120, 55, { outer: '#8a4a2a', inner: '#a85a32' });
        K.liquid(ctx, 555, 120, ir * 0.9, '#d8402a', '#8a1a0c');
        diced(ctx, K, 555, 120, ir * 0.7, ir * 0.7, 50, ['#e8402a', '#f2f0e0', '#3f8a2a', '#b81e10'], 5);
      },
    });

  D['empanada-queso'] = (ctx, K) =>
    empanadaScene(ctx, K, {
      items: () => {
        const body = ['#f6d48c', '#e6aa50', '#b8742a'];
        empanada(ctx, K, 210, 215, 105, -0.3, { body, fried: true });
        empanada(ctx, K, 430, 210, 105, 0.3, { body, fried: true });
        empanada(ctx, K, 320, 335, 110, 0.05, { body, fried: true });
        // cheese pulled out of a bitten one
        K.blob(ctx, 320, 385, 30, 12, '#fbe8a0', 0.2, 8);
      },
    });

  D['pastel-de-choclo'] = (ctx, K) => {
    K.wood(ctx, [120, 84, 54], { planks: 4 });
    const cx = 320;
    const cy = 245;
    const ir = K.bowl(ctx, cx, cy, 220, { outer: '#8e4a2a', inner: '#a85c36', wall: 0.1 });
    ctx.save();
    ctx.beginPath();
    ctx.arc(cx, cy, ir * 0.97, 0, TAU);
    ctx.clip();
    ctx.fillStyle = K.radial(ctx, cx - 30, cy - 30, 10, ir, [
      [0, '#f6d070'],
      [0.7, '#e6b040'],
      [1, '#b0701e'],
    ]);
    ctx.fillRect(cx - ir, cy - ir, ir * 2, ir * 2);
    // corn texture and caramelised sugar
    K.scatter(700, cx, cy, ir, ir, (x, y) => {
      ctx.beginPath();
      ctx.ellipse(x, y, R(2.5, 4.5), R(2, 3.5), R(0, TAU), 0, TAU);
      ctx.fillStyle = K.pick(['rgba(250,220,110,.8)', 'rgba(240,200,80,.7)', 'rgba(255,235,150,.7)']);
      ctx.fill();
    });
    ctx.filter = 'blur(3px)';
    K.scatter(45, cx, cy, ir * 0.95, ir * 0.95, (x, y) => {
      const s = R(8, 26);
      ctx.fillStyle = K.radial(ctx, x, y, 0, s, [
        [0, 'rgba(120,55,10,.85)'],
        [0.6, 'rgba(170,95,25,.5)'],
        [1, 'rgba(200,130,40,0)'],
      ]);
      ctx.fillRect(x - s, y - s, s * 2, s * 2);
    });
    ctx.filter = 'none';
    K.specks(ctx, 200, cx, cy, ir, ir, ['rgba(255,250,230,.8)'], 0.6, 1.3);
    ctx.restore();
    K.gloss(ctx, 30, cx, cy, ir * 0.8, ir * 0.8, 3, 0.5);
    K.herbLeaf(ctx, 585, 420, 44, -0.4, '#3f8a2e');
    K.light(ctx, { vignette: 0.5 });
  };

  D.chorrillana = (ctx, K) => {
    K.wood(ctx, [90, 62, 40], { planks: 4 });
    K.plate(ctx, 320, 245, 235, { color: [236, 230, 220] });
    // fries
    for (let i = 0; i < 110; i++) {
      const a = R(0, TAU);
      const d = Math.sqrt(K.rnd()) * 170;
      ctx.save();
      ctx.translate(320 + Math.cos(a) * d, 245 + Math.sin(a) * d);
      ctx.rotate(R(0, TAU));
      ctx.shadowColor = 'rgba(90,40,0,.45)';
      ctx.shadowBlur = 3;
      ctx.shadowOffsetY = 2;
      const l = R(40, 80);
      ctx.fillStyle = K.linear(ctx, -l / 2, 0, l / 2, 0, [
        [0, '#c8862a'],
        [0.15, '#f2c85a'],
        [0.85, '#f6d470'],
        [1, '#b8742a'],
      ]);
      ctx.beginPath();
      ctx.roundRect(-l / 2, -6, l, 12, 3);
      ctx.fill();
      ctx.restore();
    }
    // beef strips and caramelised onion
    for (let i = 0; i < 26; i++) {
      const a = R(0, TAU);
      const d = Math.sqrt(K.rnd()) * 150;
      ctx.save();
      ctx.shadowColor = 'rgba(0,0,0,.4)';
      ctx.shadowBlur = 3;
      K.blob(
        ctx,
        320 + Math.cos(a) * d,
        245 + Math.sin(a) * d,
        R(18, 30),
        R(7, 11),
        K.pick(['#6a361c', '#7a4226', '#5a2a14']),
        0.2,
        8,
        R(0, TAU),
      );
      ctx.restore();
    }
    ctx.lineCap = 'round';
    for (let i = 0; i < 40; i++) {
      const a = R(0, TAU);
      const d = Math.sqrt(K.rnd()) * 150;
      ctx.strokeStyle = K.pick(['rgba(190,120,50,.9)', 'rgba(160,90,30,.9)', 'rgba(220,160,80,.9)']);
      ctx.lineWidth = 4;
      ctx.beginPath();
      ctx.arc(320 + Math.cos(a) * d, 245 + Math.sin(a) * d, R(8, 16), R(0, TAU), R(0, TAU) + 1.4);
      ctx.stroke();
    }
    // two fried eggs on top
    for (const [x, y] of [
      [260, 210],
      [390, 280],
    ]) {
      K.shadowed(ctx, () => K.blobPath(ctx, x, y, 78, 68, 0.16, 14), '#fbfaf4', 12, 3, 6, 'rgba(0,0,0,.35)');
      ctx.save();
      K.blobPath(ctx, x, y, 78, 68, 0.16, 14);
      ctx.clip();
      ctx.strokeStyle = 'rgba(190,120,40,.8)';
      ctx.lineWidth = 10;
      ctx.filter = 'blur(4px)';
      K.blobPath(ctx, x, y, 78, 68, 0.16, 14);
      ctx.stroke();
      ctx.restore();
      ctx.beginPath();
      ctx.arc(x + 6, y - 4, 26, 0, TAU);
      ctx.fillStyle = K.radial(ctx, x, y - 10, 2, 28, [
        [0, '#ffc83a'],
        [0.75, '#f59a10'],
        [1, '#e88a0a'],
      ]);
      ctx.fill();
      K.gloss(ctx, 3, x - 2, y - 12, 8, 5, 5, 0.9);
    }
    K.specks(ctx, 50, 320, 245, 170, 170, ['#2f6b1e', '#3d8a25'], 1.2, 3);
    K.light(ctx, { vignette: 0.5 });
  };

  D['mote-con-huesillo'] = (ctx, K) => {
    K.backdrop(ctx, {
      top: '#efdcc0',
      bottom: '#d6bd98',
      tableY: 330,
      table: [170, 120, 80],
      bokeh: 'rgba(255,255,235,',
    });
    glass(ctx, K, 320, 440, 300, {
      wTop: 96,
      wBot: 78,
      level: 0.14,
      liquid: ['rgba(214,140,50,.85)', 'rgba(160,90,20,.95)'],
      cold: true,
      inside: () => {
        // wheat (mote) settled at the bottom
        K.scatter(260, 320, 405, 72, 30, (x, y) => {
          ctx.beginPath();
          ctx.ellipse(x, y, 4.5, 3, R(0, TAU), 0, TAU);
          ctx.fillStyle = K.pick(['#f2e2b8', '#e8d4a0', '#fbf0d0']);
          ctx.fill();
        });
        // huesillos: whole dried peaches
        for (const [x, y] of [
          [290, 270],
          [355, 320],
        ]) {
          ctx.beginPath();
          K.blobPath(ctx, x, y, 36, 32, 0.12, 12);
          ctx.fillStyle = K.radial(ctx, x - 10, y - 10, 3, 38, [
            [0, '#f0a040'],
            [0.7, '#c86a18'],
            [1, '#8a400a'],
          ]);
          ctx.fill();
          ctx.strokeStyle = 'rgba(120,50,5,.5)';
          ctx.lineWidth = 2;
          for (let i = 0; i < 3; i++) {
            ctx.beginPath();
            ctx.arc(x + R(-10, 10), y + R(-10, 10), R(8, 20), R(0, TAU), R(0, TAU) + 1);
            ctx.stroke();
          }
        }
      },
      garnish: () => {
        // a long spoon
        ctx.save();
        ctx.translate(390, 90);
        ctx.rotate(0.35);
        ctx.fillStyle = K.linear(ctx, -4, 0, 4, 0, [
          [0, '#8a8e94'],
          [0.5, '#f2f3f5'],
          [1, '#6a6e74'],
        ]);
        ctx.fillRect(-4, -80, 8, 200);
        ctx.restore();
      },
    });
    K.light(ctx, { vignette: 0.35 });
  };

  D['bebida-lata'] = (ctx, K) => {
    K.backdrop(ctx, { top: '#5a2a22', bottom: '#2a1410', tableY: 330, table: [120, 78, 48] });
    const cx = 300;
    const base = 440;
    const w = 92;
    const h = 330;
    contactShadow(ctx, K, cx, base, w);
    const body = () => {
      ctx.beginPath();
      ctx.moveTo(cx - w, base - h + 30);
      ctx.lineTo(cx - w, base - 14);
      ctx.quadraticCurveTo(cx, base + 10, cx + w, base - 14);
      ctx.lineTo(cx + w, base - h + 30);
      ctx.closePath();
    };
    ctx.save();
    body();
    ctx.clip();
    ctx.fillStyle = K.linear(ctx, cx - w, 0, cx + w, 0, [
      [0, '#5a000a'],
      [0.25, '#d8102a'],
      [0.4, '#ff5060'],
      [0.55, '#d01028'],
      [1, '#4a0008'],
    ]);
    ctx.fillRect(cx - w, base - h, w * 2, h);
    ctx.strokeStyle = 'rgba(255,255,255,.95)';
    ctx.lineWidth = 8;
    ctx.beginPath();
    ctx.moveTo(cx - w, base - 150);
    ctx.bezierCurveTo(cx - 30, base - 200, cx + 30, base - 110, cx + w, base - 170);
    ctx.stroke();
    ctx.fillStyle = '#fff';
    ctx.font = 'italic bold 40px "DejaVu Serif", serif';
    ctx.textAlign = 'center';
    ctx.fillText('Cola', cx - 6, base - 215);
    ctx.fillStyle = K.linear(ctx, cx - w, 0, cx + w, 0, [
      [0, 'rgba(0,0,0,.4)'],
      [0.3, 'rgba(255,255,255,.2)'],
      [0.5, 'rgba(255,255,255,0)'],
      [1, 'rgba(0,0,0,.45)'],
    ]);
    ctx.fillRect(cx - w, base - h, w * 2, h);
    K.droplets(ctx, cx - w, cx + w, base - h + 40, base - 10, 260);
    ctx.restore();
    // shoulder and lid
    ctx.fillStyle = K.linear(ctx, cx - w, 0, cx + w, 0, [
      [0, '#55585e'],
      [0.35, '#eef0f2'],
      [1, '#44474c'],
    ]);
    ctx.beginPath();
    ctx.moveTo(cx - w, base - h + 32);
    ctx.quadraticCurveTo(cx - w + 6, base - h + 8, cx - w + 20, base - h);
    ctx.lineTo(cx + w - 20, base - h);
    ctx.quadraticCurveTo(cx + w - 6, base - h + 8, cx + w, base - h + 32);
    ctx.closePath();
    ctx.fill();
    ctx.fillStyle = '#c9ccd0';
    ctx.beginPath();
    ctx.ellipse(cx, base - h, w - 20, 10, 0, 0, TAU);
    ctx.fill();
    glass(ctx, K, 490, 440, 180, {
      wTop: 62,
      wBot: 52,
      level: 0.14,
      liquid: ['#5a1e0c', '#2a0a04'],
      ice: 3,
      cold: true,
      foam: 'rgba(190,140,110,.7)',
    });
    K.light(ctx, { vignette: 0.5 });
  };

  D['jugo-natural'] = (ctx, K) => {
    K.backdrop(ctx, {
      top: '#f3e0dc',
      bottom: '#dcbcb4',
      tableY: 320,
      table: [210, 180, 150],
      bokeh: 'rgba(255,255,240,',
      tableKind: 'marble',
    });
    glass(ctx, K, 300, 440, 290, {
      wTop: 86,
      wBot: 70,
      level: 0.12,
      liquid: ['#e8324a', '#b0162c'],
      cold: true,
      foam: 'rgba(250,150,160,.95)',
      inside: (ly) =>
        K.specks(ctx, 90, 300, ly + 120, 70, 100, ['rgba(255,170,170,.45)', 'rgba(120,10,20,.35)'], 1, 2.5),
    });
    // strawberries
    for (const [x, y, s] of [
      [500, 410, 40],
      [560, 430, 34],
      [110, 420, 38],
    ]) {
      ctx.save();
      ctx.translate(x, y);
      K.shadowed(
        ctx,
        () => {
          ctx.beginPath();
          ctx.moveTo(0, s);
          ctx.bezierCurveTo(-s * 1.1, s * 0.2, -s * 0.8, -s * 0.8, 0, -s * 0.7);
          ctx.bezierCurveTo(s * 0.8, -s * 0.8, s * 1.1, s * 0.2, 0, s);
        },
        '#c81c28',
        8,
        2,
        5,
      );
      ctx.fillStyle = K.radial(ctx, -s * 0.3, -s * 0.3, 2, s, [
        [0, '#ff5a5a'],
        [1, '#a8101c'],
      ]);
      ctx.fill();
      K.scatter(22, 0, 0, s * 0.6, s * 0.6, (sx, sy) => {
        ctx.beginPath();
        ctx.ellipse(sx, sy, 1.5, 2.2, 0, 0, TAU);
        ctx.fillStyle = '#f6d860';
        ctx.fill();
      });
      for (let i = 0; i < 5; i++)
        K.herbLeaf(
          ctx,
          Math.cos(i * 1.25) * s * 0.3,
          -s * 0.7 + Math.sin(i * 1.25) * s * 0.15,
          s * 0.6,
          i * 1.25,
          '#3f8a2e',
        );
      ctx.restore();
    }
    K.light(ctx, { vignette: 0.35 });
  };

  window.DISHES = D;
})();
