// Browser-side drawing kit for the demo dish photos (loaded into a blank Chromium page by render.mjs).
// Everything is procedural canvas 2D: no network, no external assets. A seeded random keeps re-runs
// identical, so regenerating does not churn the repo's binary files.
/* eslint-disable */
(() => {
  const K = {};
  K.W = 640;
  K.H = 480;

  let seed = 1;
  K.seed = (s) => {
    seed = 0;
    for (const ch of String(s)) seed = (Math.imul(seed, 31) + ch.charCodeAt(0)) | 0;
    seed ^= 0x9e3779b9;
  };
  K.rnd = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const R = (a = 0, b = 1) => a + (b - a) * K.rnd();
  K.R = R;
  K.pick = (arr) => arr[Math.floor(K.rnd() * arr.length)];
  const TAU = Math.PI * 2;
  K.TAU = TAU;

  /** An irregular closed blob path around (x, y). */
  K.blobPath = (ctx, x, y, rx, ry = rx, wobble = 0.15, n = 14, rot = 0) => {
    const pts = [];
    const phase = R(0, TAU);
    for (let i = 0; i < n; i++) {
      const a = (i / n) * TAU;
      const k = 1 + (R(-1, 1) * wobble + Math.sin(a * 3 + phase) * wobble * 0.4);
      pts.push([Math.cos(a) * rx * k, Math.sin(a) * ry * k]);
    }
    const c = Math.cos(rot);
    const s = Math.sin(rot);
    const P = pts.map(([px, py]) => [x + px * c - py * s, y + px * s + py * c]);
    ctx.beginPath();
    for (let i = 0; i < n; i++) {
      const p0 = P[i];
      const p1 = P[(i + 1) % n];
      const mx = (p0[0] + p1[0]) / 2;
      const my = (p0[1] + p1[1]) / 2;
      if (i === 0) ctx.moveTo(mx, my);
      else ctx.quadraticCurveTo(p0[0], p0[1], mx, my);
    }
    const p0 = P[0];
    const p1 = P[1];
    ctx.quadraticCurveTo(p0[0], p0[1], (p0[0] + p1[0]) / 2, (p0[1] + p1[1]) / 2);
    ctx.closePath();
  };

  K.blob = (ctx, x, y, rx, ry, fill, wobble, n, rot) => {
    K.blobPath(ctx, x, y, rx, ry, wobble, n, rot);
    ctx.fillStyle = fill;
    ctx.fill();
  };

  K.radial = (ctx, x, y, r0, r1, stops, x1 = x, y1 = y) => {
    const g = ctx.createRadialGradient(x, y, r0, x1, y1, r1);
    for (const [o, c] of stops) g.addColorStop(o, c);
    return g;
  };
  K.linear = (ctx, x0, y0, x1, y1, stops) => {
    const g = ctx.createLinearGradient(x0, y0, x1, y1);
    for (const [o, c] of stops) g.addColorStop(o, c);
    return g;
  };

  K.with = (ctx, fn, opts = {}) => {
    ctx.save();
    for (const [k, v] of Object.entries(opts)) ctx[k] = v;
    fn();
    ctx.restore();
  };

  /** Soft drop shadow under whatever `pathFn` draws (filled with `fill`). */
  K.shadowed = (ctx, pathFn, fill, blur = 24, ox = 6, oy = 12, color = 'rgba(30,15,5,.5)') => {
    ctx.save();
    ctx.shadowColor = color;
    ctx.shadowBlur = blur;
    ctx.shadowOffsetX = ox;
    ctx.shadowOffsetY = oy;
    pathFn();
    ctx.fillStyle = fill;
    ctx.fill();
    ctx.restore();
  };

  /** Scatter n small things inside a circle (or ellipse) with a draw callback. */
  K.scatter = (n, cx, cy, rx, ry, fn) => {
    for (let i = 0; i < n; i++) {
      const a = R(0, TAU);
      const d = Math.sqrt(K.rnd());
      fn(cx + Math.cos(a) * rx * d, cy + Math.sin(a) * ry * d, i);
    }
  };

  K.specks = (ctx, n, cx, cy, rx, ry, colors, smin, smax, alpha = 1) => {
    ctx.save();
    ctx.globalAlpha = alpha;
    K.scatter(n, cx, cy, rx, ry, (x, y) => {
      K.blob(ctx, x, y, R(smin, smax), R(smin, smax) * 0.7, K.pick(colors), 0.3, 6, R(0, TAU));
    });
    ctx.restore();
  };

  /** Pixel grain over a region, cheap and subtle (large amplitudes bloat the WebP). */
  K.grain = (ctx, amount = 6, x = 0, y = 0, w = K.W, h = K.H) => {
    const img = ctx.getImageData(x, y, w, h);
    const d = img.data;
    for (let i = 0; i < d.length; i += 4) {
      const n = (K.rnd() - 0.5) * amount;
      d[i] += n;
      d[i + 1] += n;
      d[i + 2] += n;
    }
    ctx.putImageData(img, x, y);
  };

  // ---------- surfaces ----------

  /** Top-down wooden table of planks. */
  K.wood = (ctx, base = [120, 78, 46], opts = {}) => {
    const { planks = 4, vertical = false, blur = 1.2, contrast = 1 } = opts;
    const W = K.W;
    const H = K.H;
    ctx.save();
    if (vertical) {
      ctx.translate(W, 0);
      ctx.rotate(Math.PI / 2);
    }
    const L = vertical ? H : W;
    const S = vertical ? W : H;
    const ph = S / planks;
    ctx.filter = `blur(${blur}px)`;
    for (let p = 0; p < planks; p++) {
      const k = R(0.85, 1.12);
      const [r, g, b] = base.map((c) => Math.round(c * k));
      const y0 = p * ph;
      ctx.fillStyle = `rgb(${r},${g},${b})`;
      ctx.fillRect(-10, y0, L + 20, ph + 1);
      for (let i = 0; i < 46; i++) {
        const y = y0 + R(0, ph);
        const dark = K.rnd() < 0.6;
        ctx.strokeStyle = dark
          ? `rgba(${r * 0.55},${g * 0.5},${b * 0.45},${R(0.12, 0.35) * contrast})`
          : `rgba(${Math.min(255, r * 1.3)},${Math.min(255, g * 1.3)},${Math.min(255, b * 1.25)},${R(0.08, 0.2) * contrast})`;
        ctx.lineWidth = R(0.6, 2.6);
        ctx.beginPath();
        const amp = R(0.5, 4);
        const f = R(0.004, 0.02);
        const ph2 = R(0, TAU);
        for (let x = -10; x <= L + 10; x += 16) {
          const yy = y + Math.sin(x * f + ph2) * amp;
          if (x === -10) ctx.moveTo(x, yy);
          else ctx.lineTo(x, yy);
        }
        ctx.stroke();
      }
      // a knot now and then
      if (K.rnd() < 0.5) {
        const kx = R(40, L - 40);
        const ky = y0 + R(ph * 0.3, ph * 0.7);
        for (let j = 0; j < 6; j++) {
          ctx.strokeStyle = `rgba(${r * 0.45},${g * 0.4},${b * 0.35},${0.25 - j * 0.03})`;
          ctx.lineWidth = 1.5;
          ctx.beginPath();
          ctx.ellipse(kx, ky, 6 + j * 7, 2.5 + j * 2.2, 0, 0, TAU);
          ctx.stroke();
        }
      }
      // seam
      ctx.fillStyle = `rgba(${r * 0.3},${g * 0.25},${b * 0.2},0.8)`;
      ctx.fillRect(-10, y0 - 1.5, L + 20, 3);
    }
    ctx.restore();
  };

  /** Dark slate or stone surface. */
  K.stone = (ctx, x, y, w, h, base = '#2b2d30', blur = 0.8) => {
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, w, h);
    ctx.clip();
    ctx.fillStyle = base;
    ctx.fillRect(x, y, w, h);
    ctx.filter = `blur(${blur * 3}px)`;
    for (let i = 0; i < 50; i++) {
      const l = K.rnd() < 0.5;
      K.blob(
        ctx,
        R(x, x + w),
        R(y, y + h),
        R(10, 60),
        R(6, 30),
        l ? 'rgba(255,255,255,.035)' : 'rgba(0,0,0,.08)',
        0.4,
        8,
        R(0, TAU),
      );
    }
    ctx.filter = `blur(${blur}px)`;
    for (let i = 0; i < 40; i++) {
      ctx.strokeStyle = `rgba(255,255,255,${R(0.02, 0.06)})`;
      ctx.lineWidth = R(0.5, 1.5);
      ctx.beginPath();
      const yy = R(y, y + h);
      ctx.moveTo(x, yy);
      ctx.bezierCurveTo(x + w * 0.3, yy + R(-20, 20), x + w * 0.6, yy + R(-20, 20), x + w, yy + R(-30, 30));
      ctx.stroke();
    }
    ctx.restore();
  };

  /** White/grey marble. */
  K.marble = (ctx, base = '#e9e6e1') => {
    ctx.save();
    ctx.fillStyle = base;
    ctx.fillRect(0, 0, K.W, K.H);
    ctx.filter = 'blur(6px)';
    for (let i = 0; i < 30; i++)
      K.blob(
        ctx,
        R(0, K.W),
        R(0, K.H),
        R(30, 120),
        R(20, 60),
        `rgba(150,145,140,${R(0.04, 0.1)})`,
        0.4,
        8,
        R(0, TAU),
      );
    for (let i = 0; i < 7; i++) {
      ctx.filter = `blur(${R(0.6, 2)}px)`;
      ctx.strokeStyle = `rgba(120,115,112,${R(0.15, 0.4)})`;
      ctx.lineWidth = R(0.6, 2.2);
      ctx.beginPath();
      let x = R(-50, K.W);
      let y = -10;
      ctx.moveTo(x, y);
      while (y < K.H + 20) {
        x += R(-30, 40);
        y += R(20, 50);
        ctx.lineTo(x, y);
      }
      ctx.stroke();
    }
    ctx.restore();
  };

  /** Linen cloth. */
  K.linen = (ctx, base = [226, 218, 204], x = 0, y = 0, w = K.W, h = K.H) => {
    ctx.save();
    ctx.beginPath();
    ctx.rect(x, y, w, h);
    ctx.clip();
    ctx.fillStyle = `rgb(${base})`;
    ctx.fillRect(x, y, w, h);
    ctx.filter = 'blur(10px)';
    for (let i = 0; i < 8; i++) {
      ctx.strokeStyle = `rgba(0,0,0,${R(0.03, 0.07)})`;
      ctx.lineWidth = R(8, 20);
      ctx.beginPath();
      const yy = R(y, y + h);
      ctx.moveTo(x - 20, yy);
      ctx.bezierCurveTo(
        x + w * 0.3,
        yy + R(-40, 40),
        x + w * 0.7,
        yy + R(-40, 40),
        x + w + 20,
        yy + R(-40, 40),
      );
      ctx.stroke();
    }
    ctx.filter = 'none';
    ctx.globalAlpha = 0.05;
    ctx.fillStyle = '#000';
    for (let yy = y; yy < y + h; yy += 3) ctx.fillRect(x, yy, w, 1);
    ctx.restore();
  };

  /** Side-view scene backdrop: a blurred warm room with bokeh and a table edge at `tableY`. */
  K.backdrop = (ctx, opts = {}) => {
    const {
      top = '#3a2a20',
      bottom = '#1d1410',
      tableY = 330,
      table = [110, 72, 44],
      bokeh = 'rgba(255,196,120,',
      tableKind = 'wood',
    } = opts;
    ctx.fillStyle = K.linear(ctx, 0, 0, 0, tableY, [
      [0, top],
      [1, bottom],
    ]);
    ctx.fillRect(0, 0, K.W, tableY);
    ctx.save();
    ctx.filter = 'blur(14px)';
    for (let i = 0; i < 16; i++) {
      const r = R(10, 38);
      ctx.fillStyle = `${bokeh}${R(0.12, 0.4)})`;
      ctx.beginPath();
      ctx.arc(R(0, K.W), R(10, tableY - 40), r, 0, TAU);
      ctx.fill();
    }
    ctx.restore();
    // table in perspective
    ctx.save();
    ctx.beginPath();
    ctx.rect(0, tableY, K.W, K.H - tableY);
    ctx.clip();
    if (tableKind === 'marble') {
      ctx.fillStyle = K.linear(ctx, 0, tableY, 0, K.H, [
        [0, '#cfcac3'],
        [1, '#efece7'],
      ]);
      ctx.fillRect(0, tableY, K.W, K.H);
      ctx.filter = 'blur(3px)';
      for (let i = 0; i < 5; i++) {
        ctx.strokeStyle = `rgba(120,115,112,${R(0.15, 0.3)})`;
        ctx.lineWidth = R(1, 2);
        ctx.beginPath();
        ctx.moveTo(R(0, K.W), tableY);
        ctx.bezierCurveTo(R(0, K.W), tableY + 40, R(0, K.W), tableY + 90, R(0, K.W), K.H);
        ctx.stroke();
      }
    } else {
      const [r, g, b] = table;
      ctx.fillStyle = K.linear(ctx, 0, tableY, 0, K.H, [
        [0, `rgb(${r * 0.7},${g * 0.7},${b * 0.7})`],
        [1, `rgb(${r},${g},${b})`],
      ]);
      ctx.fillRect(0, tableY, K.W, K.H - tableY);
      ctx.filter = 'blur(1.5px)';
      for (let i = 0; i < 40; i++) {
        const t = K.rnd();
        const y = tableY + t * t * (K.H - tableY);
        ctx.strokeStyle = `rgba(${r * 0.5},${g * 0.45},${b * 0.4},${R(0.15, 0.4)})`;
        ctx.lineWidth = 0.5 + t * 2;
        ctx.beginPath();
        ctx.moveTo(0, y);
        ctx.bezierCurveTo(K.W * 0.3, y + R(-3, 3), K.W * 0.7, y + R(-3, 3), K.W, y + R(-3, 3));
        ctx.stroke();
      }
    }
    ctx.restore();
    // table edge highlight and contact shadow with the wall
    ctx.fillStyle = K.linear(ctx, 0, tableY - 6, 0, tableY + 10, [
      [0, 'rgba(0,0,0,0)'],
      [0.5, 'rgba(0,0,0,.35)'],
      [1, 'rgba(0,0,0,0)'],
    ]);
    ctx.fillRect(0, tableY - 6, K.W, 16);
  };

  // ---------- tableware ----------

  /** Top-down round plate. */
  K.plate = (ctx, cx, cy, r, opts = {}) => {
    const { color = [246, 244, 240], rim = 0.2, shadow = 0.45 } = opts;
    const [pr, pg, pb] = color;
    ctx.save();
    ctx.shadowColor = `rgba(20,10,0,${shadow})`;
    ctx.shadowBlur = r * 0.18;
    ctx.shadowOffsetX = r * 0.04;
    ctx.shadowOffsetY = r * 0.08;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, TAU);
    ctx.fillStyle = `rgb(${pr},${pg},${pb})`;
    ctx.fill();
    ctx.restore();
    // rim shading: lighter top-left, darker bottom-right
    ctx.fillStyle = K.linear(ctx, cx - r, cy - r, cx + r, cy + r, [
      [0, `rgba(255,255,255,.5)`],
      [0.5, `rgba(255,255,255,0)`],
      [1, `rgba(0,0,0,.12)`],
    ]);
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, TAU);
    ctx.fill();
    // well
    const wr = r * (1 - rim);
    ctx.fillStyle = K.radial(ctx, cx, cy, wr * 0.6, wr * 1.02, [
      [0, `rgb(${pr},${pg},${pb})`],
      [0.85, `rgb(${pr * 0.95},${pg * 0.95},${pb * 0.95})`],
      [1, `rgb(${pr * 0.86},${pg * 0.86},${pb * 0.86})`],
    ]);
    ctx.beginPath();
    ctx.arc(cx, cy, wr, 0, TAU);
    ctx.fill();
    // the well's inner edge catches light on the bottom-right
    ctx.strokeStyle = 'rgba(255,255,255,.7)';
    ctx.lineWidth = 2;
    ctx.beginPath();
    ctx.arc(cx, cy, wr, -0.2, Math.PI * 0.8);
    ctx.stroke();
  };

  /** Top-down bowl: outer wall, rim and an inner shaded cavity. Returns the inner radius. */
  K.bowl = (ctx, cx, cy, r, opts = {}) => {
    const { outer = '#2a2a2c', inner = '#f2efe9', rimColor = null, wall = 0.06 } = opts;
    ctx.save();
    ctx.shadowColor = 'rgba(10,5,0,.55)';
    ctx.shadowBlur = r * 0.22;
    ctx.shadowOffsetX = r * 0.05;
    ctx.shadowOffsetY = r * 0.1;
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, TAU);
    ctx.fillStyle = outer;
    ctx.fill();
    ctx.restore();
    ctx.fillStyle = K.linear(ctx, cx - r, cy - r, cx + r, cy + r, [
      [0, 'rgba(255,255,255,.25)'],
      [0.5, 'rgba(255,255,255,0)'],
      [1, 'rgba(0,0,0,.3)'],
    ]);
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, TAU);
    ctx.fill();
    const ir = r * (1 - wall);
    ctx.beginPath();
    ctx.arc(cx, cy, ir, 0, TAU);
    ctx.fillStyle = rimColor || inner;
    ctx.fill();
    const cr = ir * 0.97;
    ctx.fillStyle = K.radial(ctx, cx + cr * 0.15, cy + cr * 0.15, cr * 0.2, cr, [
      [0, inner],
      [1, 'rgba(0,0,0,.35)'],
    ]);
    ctx.beginPath();
    ctx.arc(cx, cy, cr, 0, TAU);
    ctx.fill();
    return cr;
  };

  /** Fill the inside of a bowl with liquid shading (for soups, drinks seen from above). */
  K.liquid = (ctx, cx, cy, r, c1, c2) => {
    ctx.fillStyle = K.radial(ctx, cx - r * 0.2, cy - r * 0.25, r * 0.05, r, [
      [0, c1],
      [1, c2],
    ]);
    ctx.beginPath();
    ctx.arc(cx, cy, r, 0, TAU);
    ctx.fill();
  };

  /** 3/4 view plate: an ellipse with rim. */
  K.plate34 = (ctx, cx, cy, rx, ry, opts = {}) => {
    const { color = '#f5f3ef', shadow = 0.45 } = opts;
    ctx.save();
    ctx.shadowColor = `rgba(20,10,0,${shadow})`;
    ctx.shadowBlur = 26;
    ctx.shadowOffsetY = 12;
    ctx.beginPath();
    ctx.ellipse(cx, cy, rx, ry, 0, 0, TAU);
    ctx.fillStyle = color;
    ctx.fill();
    ctx.restore();
    // rim thickness at the front
    ctx.beginPath();
    ctx.ellipse(cx, cy + 5, rx, ry, 0, 0, Math.PI);
    ctx.ellipse(cx, cy, rx, ry, 0, Math.PI, 0, true);
    ctx.fillStyle = 'rgba(0,0,0,.12)';
    ctx.fill();
    ctx.beginPath();
    ctx.ellipse(cx, cy, rx * 0.74, ry * 0.72, 0, 0, TAU);
    ctx.fillStyle = K.linear(ctx, 0, cy - ry, 0, cy + ry, [
      [0, 'rgba(0,0,0,.1)'],
      [0.6, 'rgba(0,0,0,0)'],
      [1, 'rgba(255,255,255,.3)'],
    ]);
    ctx.fill();
    ctx.strokeStyle = 'rgba(0,0,0,.06)';
    ctx.lineWidth = 2;
    ctx.stroke();
    ctx.fillStyle = K.linear(ctx, cx - rx, 0, cx + rx, 0, [
      [0, 'rgba(255,255,255,.35)'],
      [0.5, 'rgba(255,255,255,0)'],
      [1, 'rgba(0,0,0,.08)'],
    ]);
    ctx.beginPath();
    ctx.ellipse(cx, cy, rx, ry, 0, 0, TAU);
    ctx.fill();
  };

  // ---------- light ----------

  /** Key light from the top-left and a vignette, like a window-lit food photo. */
  K.light = (ctx, opts = {}) => {
    const { warm = 0.18, vignette = 0.5, lx = 0.25, ly = 0.2 } = opts;
    ctx.save();
    ctx.globalCompositeOperation = 'soft-light';
    ctx.fillStyle = K.radial(ctx, K.W * lx, K.H * ly, 0, K.W * 0.9, [
      [0, `rgba(255,235,200,${warm * 2.5})`],
      [1, 'rgba(0,0,0,0)'],
    ]);
    ctx.fillRect(0, 0, K.W, K.H);
    ctx.globalCompositeOperation = 'multiply';
    ctx.fillStyle = K.radial(ctx, K.W / 2, K.H / 2, K.H * 0.35, K.W * 0.72, [
      [0, 'rgba(255,255,255,1)'],
      [1, `rgba(${255 * (1 - vignette)},${255 * (1 - vignette)},${255 * (1 - vignette)},1)`],
    ]);
    ctx.fillRect(0, 0, K.W, K.H);
    ctx.restore();
  };

  /** Small glossy highlights (oil, glaze, moisture). */
  K.gloss = (ctx, n, cx, cy, rx, ry, size = 3, alpha = 0.5) => {
    ctx.save();
    ctx.filter = 'blur(1px)';
    K.scatter(n, cx, cy, rx, ry, (x, y) => {
      K.blob(
        ctx,
        x,
        y,
        R(size * 0.4, size),
        R(size * 0.2, size * 0.6),
        `rgba(255,252,240,${R(alpha * 0.4, alpha)})`,
        0.3,
        6,
        R(-0.8, -0.3),
      );
    });
    ctx.restore();
  };

  // ---------- ingredients ----------

  K.herbLeaf = (ctx, x, y, len, rot, color = '#3f7d2a') => {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(rot);
    ctx.beginPath();
    ctx.moveTo(-len / 2, 0);
    ctx.quadraticCurveTo(0, -len * 0.38, len / 2, 0);
    ctx.quadraticCurveTo(0, len * 0.38, -len / 2, 0);
    ctx.fillStyle = K.linear(ctx, 0, -len * 0.3, 0, len * 0.3, [
      [0, color],
      [1, '#1f4a16'],
    ]);
    ctx.fill();
    ctx.strokeStyle = 'rgba(200,240,170,.45)';
    ctx.lineWidth = Math.max(0.6, len * 0.03);
    ctx.beginPath();
    ctx.moveTo(-len / 2, 0);
    ctx.lineTo(len / 2, 0);
    ctx.stroke();
    ctx.restore();
  };

  K.olive = (ctx, x, y, r, green = true) => {
    const c = green ? ['#9aa63a', '#5d6a1c', '#3e4812'] : ['#4a3b46', '#261c24', '#120c10'];
    ctx.save();
    ctx.shadowColor = 'rgba(0,0,0,.35)';
    ctx.shadowBlur = 3;
    ctx.shadowOffsetY = 2;
    ctx.beginPath();
    ctx.ellipse(x, y, r, r * 0.85, R(0, TAU), 0, TAU);
    ctx.fillStyle = K.radial(ctx, x - r * 0.3, y - r * 0.3, r * 0.1, r * 1.1, [
      [0, c[0]],
      [0.6, c[1]],
      [1, c[2]],
    ]);
    ctx.fill();
    ctx.restore();
    // pitted hole
    ctx.beginPath();
    ctx.arc(x + r * 0.05, y + r * 0.05, r * 0.32, 0, TAU);
    ctx.fillStyle = green ? '#3a2a10' : '#0a0608';
    ctx.fill();
    ctx.beginPath();
    ctx.ellipse(x - r * 0.4, y - r * 0.4, r * 0.25, r * 0.12, -0.7, 0, TAU);
    ctx.fillStyle = 'rgba(255,255,230,.55)';
    ctx.fill();
  };

  /** A crusty round bread-like disc (pizza base, tortilla...). */
  K.crust = (ctx, cx, cy, r, opts = {}) => {
    const { c1 = '#e8b469', c2 = '#c98a3e', c3 = '#8c5220', char = 28 } = opts;
    K.shadowed(ctx, () => K.blobPath(ctx, cx, cy, r, r, 0.025, 28), c2, r * 0.12, 6, 12, 'rgba(25,10,0,.55)');
    K.blobPath(ctx, cx, cy, r, r, 0.025, 28);
    ctx.fillStyle = K.radial(ctx, cx, cy, r * 0.78, r, [
      [0, c1],
      [0.55, c2],
      [1, c3],
    ]);
    ctx.fill();
    // puffs and leopard spots along the cornicione
    ctx.save();
    ctx.filter = 'blur(1.5px)';
    for (let i = 0; i < 26; i++) {
      const a = R(0, TAU);
      const d = r * R(0.86, 0.95);
      K.blob(
        ctx,
        cx + Math.cos(a) * d,
        cy + Math.sin(a) * d,
        R(6, 14),
        R(4, 8),
        `rgba(255,225,160,${R(0.2, 0.45)})`,
        0.3,
        8,
        a + Math.PI / 2,
      );
    }
    ctx.filter = 'blur(5px)';
    ctx.strokeStyle = 'rgba(90,45,10,.45)';
    ctx.lineWidth = 8;
    ctx.beginPath();
    ctx.arc(cx + 2, cy + 3, r * 0.85, 0, TAU);
    ctx.stroke();
    ctx.filter = 'blur(0.4px)';
    K.blobPath(ctx, cx, cy, r, r, 0.025, 28);
    ctx.save();
    ctx.clip();
    K.pores(ctx, cx, cy, r, r, 900, 'rgba(110,60,20,.35)', 'rgba(255,235,190,.3)', 1.8);
    ctx.restore();
    ctx.filter = 'blur(1.5px)';
    for (let i = 0; i < char; i++) {
      const a = R(0, TAU);
      const d = r * R(0.84, 0.98);
      K.blob(
        ctx,
        cx + Math.cos(a) * d,
        cy + Math.sin(a) * d,
        R(2, 6),
        R(1.5, 4),
        `rgba(${R(40, 80)},${R(20, 35)},10,${R(0.45, 0.85)})`,
        0.4,
        7,
        R(0, TAU),
      );
    }
    ctx.restore();
  };

  /** Red tomato sauce disc. */
  K.sauce = (ctx, cx, cy, r) => {
    K.blobPath(ctx, cx, cy, r, r, 0.04, 24);
    ctx.fillStyle = K.radial(ctx, cx, cy, r * 0.3, r, [
      [0, '#c63a22'],
      [0.85, '#a8281a'],
      [1, '#8a2014'],
    ]);
    ctx.fill();
    ctx.save();
    ctx.filter = 'blur(2px)';
    K.specks(ctx, 40, cx, cy, r * 0.9, r * 0.9, ['#7e1a10', '#d2502c', '#b8331d'], 3, 9, 0.6);
    ctx.restore();
  };

  /** Melted mozzarella: overlapping shaded lumps, browned blisters, sauce peeking through, oily sheen. */
  K.cheese = (ctx, cx, cy, r, opts = {}) => {
    const {
      cover = 44,
      brown = 30,
      pale = ['#f1d88e', '#eecf7c', '#f3df9e', '#e8c466', '#f4e2a8'],
      peek = 14,
    } = opts;
    ctx.save();
    K.blobPath(ctx, cx, cy, r, r, 0.05, 20);
    ctx.clip();
    ctx.filter = 'blur(2.2px)';
    K.blob(ctx, cx, cy, r * 0.97, r * 0.97, '#eccf82', 0.06, 20);
    K.scatter(cover, cx, cy, r * 0.95, r * 0.95, (x, y) => {
      ctx.save();
      ctx.shadowColor = 'rgba(150,90,20,.45)';
      ctx.shadowBlur = 5;
      ctx.shadowOffsetX = 2;
      ctx.shadowOffsetY = 3;
      K.blob(ctx, x, y, R(r * 0.1, r * 0.24), R(r * 0.08, r * 0.2), K.pick(pale), 0.3, 10, R(0, TAU));
      ctx.restore();
    });
    // sauce peeking through the gaps
    ctx.filter = 'blur(2px)';
    for (let i = 0; i < peek; i++) {
      const a = R(0, TAU);
      const d = r * R(0.55, 0.98);
      K.blob(
        ctx,
        cx + Math.cos(a) * d,
        cy + Math.sin(a) * d,
        R(5, 14),
        R(3, 8),
        `rgba(${R(185, 215)},${R(55, 80)},25,.85)`,
        0.4,
        8,
        a + Math.PI / 2,
      );
    }
    // browned blisters: a darker rim and a golden middle
    K.scatter(brown, cx, cy, r * 0.92, r * 0.92, (x, y) => {
      const s = R(4, 16);
      ctx.filter = 'blur(2.5px)';
      ctx.fillStyle = K.radial(ctx, x, y, 0, s, [
        [0, `rgba(${R(215, 235)},${R(150, 175)},70,.85)`],
        [0.55, `rgba(${R(170, 195)},${R(95, 115)},30,.8)`],
        [0.8, `rgba(${R(120, 150)},${R(60, 80)},20,.55)`],
        [1, 'rgba(200,140,60,0)'],
      ]);
      K.blobPath(ctx, x, y, s, s * R(0.6, 0.9), 0.25, 9, R(0, TAU));
      ctx.fill();
    });
    // orange oil pools and cheese pores
    ctx.filter = 'blur(1px)';
    K.specks(ctx, 24, cx, cy, r * 0.85, r * 0.85, ['rgba(235,150,40,.5)', 'rgba(240,170,60,.45)'], 2, 6);
    ctx.filter = 'none';
    K.pores(ctx, cx, cy, r, r, 500, 'rgba(170,110,30,.25)', 'rgba(255,250,225,.35)', 1.4);
    ctx.restore();
    K.gloss(ctx, 50, cx, cy, r * 0.85, r * 0.85, 4, 0.6);
  };

  K.cuts = (ctx, cx, cy, r, n = 8, rot = 0.2) => {
    ctx.save();
    for (let i = 0; i < n; i++) {
      const a = rot + (i / n) * TAU;
      const dx = Math.cos(a);
      const dy = Math.sin(a);
      ctx.strokeStyle = 'rgba(70,30,10,.3)';
      ctx.lineWidth = 1.8;
      ctx.beginPath();
      ctx.moveTo(cx + dx * 4, cy + dy * 4);
      ctx.lineTo(cx + dx * r * 0.97, cy + dy * r * 0.97);
      ctx.stroke();
      ctx.strokeStyle = 'rgba(255,240,200,.2)';
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(cx + dx * 4 + 1.5, cy + dy * 4 - 1.5);
      ctx.lineTo(cx + dx * r * 0.97 + 1.5, cy + dy * r * 0.97 - 1.5);
      ctx.stroke();
    }
    ctx.restore();
  };

  K.tomatoSlice = (ctx, x, y, r) => {
    ctx.save();
    ctx.shadowColor = 'rgba(60,0,0,.4)';
    ctx.shadowBlur = 4;
    ctx.shadowOffsetY = 2;
    K.blob(ctx, x, y, r, r * R(0.9, 1), '#c8281c', 0.05, 12);
    ctx.restore();
    K.blob(ctx, x, y, r * 0.9, r * 0.85, '#e0452c', 0.05, 12);
    const n = 5;
    const rot = R(0, TAU);
    for (let i = 0; i < n; i++) {
      const a = rot + (i / n) * TAU;
      const px = x + Math.cos(a) * r * 0.5;
      const py = y + Math.sin(a) * r * 0.5;
      K.blob(ctx, px, py, r * 0.3, r * 0.2, '#f2826a', 0.15, 8, a);
      for (let s = 0; s < 3; s++) K.blob(ctx, px + R(-3, 3), py + R(-3, 3), 1.8, 1.2, '#f6d9a2', 0.2, 6, a);
    }
    K.blob(ctx, x, y, r * 0.16, r * 0.16, '#f0a087', 0.2, 8);
    K.gloss(ctx, 4, x - r * 0.3, y - r * 0.3, r * 0.3, r * 0.3, 3, 0.7);
  };

  /** Rice grains texture (sushi rice, fried rice). */
  K.rice = (ctx, cx, cy, rx, ry, n, tint = [250, 248, 242], clip = true) => {
    ctx.save();
    if (clip) {
      ctx.beginPath();
      ctx.ellipse(cx, cy, rx, ry, 0, 0, TAU);
      ctx.clip();
    }
    ctx.fillStyle = `rgb(${tint.map((c) => c * 0.9)})`;
    ctx.fillRect(cx - rx, cy - ry, rx * 2, ry * 2);
    const s = Math.max(2.2, Math.min(rx, ry) * 0.12);
    for (let i = 0; i < n; i++) {
      const a = R(0, TAU);
      const d = Math.sqrt(K.rnd());
      const x = cx + Math.cos(a) * rx * d * 1.05;
      const y = cy + Math.sin(a) * ry * d * 1.05;
      const k = R(0.85, 1.02);
      ctx.beginPath();
      ctx.ellipse(x, y, s, s * 0.55, R(0, TAU), 0, TAU);
      ctx.fillStyle = `rgb(${tint.map((c) => Math.min(255, c * k))})`;
      ctx.shadowColor = 'rgba(0,0,0,.25)';
      ctx.shadowBlur = 1.5;
      ctx.shadowOffsetY = 0.8;
      ctx.fill();
    }
    ctx.restore();
  };

  /** Striped fish slice (salmon or tuna) over an elliptic area. */
  K.fish = (ctx, cx, cy, rx, ry, rot, kind = 'salmon') => {
    const pal = {
      salmon: ['#f58b4f', '#ee6f35', '#fbd3b4'],
      tuna: ['#c0283a', '#9b1b2c', '#e58a93'],
      shrimp: ['#fbe9dc', '#f07a4a', '#f9c9a8'],
    }[kind];
    ctx.save();
    ctx.translate(cx, cy);
    ctx.rotate(rot);
    ctx.shadowColor = 'rgba(0,0,0,.35)';
    ctx.shadowBlur = 6;
    ctx.shadowOffsetY = 3;
    ctx.beginPath();
    ctx.ellipse(0, 0, rx, ry, 0, 0, TAU);
    ctx.fillStyle = K.linear(ctx, 0, -ry, 0, ry, [
      [0, pal[0]],
      [1, pal[1]],
    ]);
    ctx.fill();
    ctx.shadowColor = 'transparent';
    ctx.clip();
    // fat lines: gently curved diagonal stripes
    const step = kind === 'tuna' ? rx * 0.5 : rx * 0.22;
    for (let x = -rx * 1.5; x < rx * 1.5; x += step) {
      ctx.strokeStyle =
        kind === 'shrimp'
          ? 'rgba(240,110,60,.85)'
          : kind === 'tuna'
            ? 'rgba(230,140,150,.18)'
            : 'rgba(255,226,205,.8)';
      ctx.lineWidth = kind === 'shrimp' ? step * 0.45 : R(1.2, 2.4);
      ctx.beginPath();
      ctx.moveTo(x, -ry);
      ctx.quadraticCurveTo(x + rx * 0.3, 0, x - rx * 0.1, ry);
      ctx.stroke();
    }
    ctx.fillStyle = K.linear(ctx, 0, -ry, 0, ry, [
      [0, 'rgba(255,255,255,.35)'],
      [0.35, 'rgba(255,255,255,0)'],
      [1, 'rgba(0,0,0,.15)'],
    ]);
    ctx.fillRect(-rx, -ry, rx * 2, ry * 2);
    ctx.restore();
    K.gloss(ctx, 6, cx, cy - ry * 0.3, rx * 0.6, ry * 0.3, 3, 0.6);
  };

  K.ice = (ctx, x, y, s, rot) => {
    ctx.save();
    ctx.translate(x, y);
    ctx.rotate(rot);
    ctx.beginPath();
    ctx.roundRect(-s / 2, -s / 2, s, s, s * 0.22);
    ctx.fillStyle = 'rgba(255,255,255,.22)';
    ctx.fill();
    ctx.strokeStyle = 'rgba(255,255,255,.5)';
    ctx.lineWidth = 1.5;
    ctx.stroke();
    ctx.fillStyle = 'rgba(255,255,255,.35)';
    ctx.fillRect(-s * 0.35, -s * 0.35, s * 0.25, s * 0.1);
    ctx.restore();
  };

  /** Condensation droplets in a rect (side-view cold drinks). */
  K.droplets = (ctx, x0, x1, y0, y1, n, clipPath) => {
    ctx.save();
    if (clipPath) {
      clipPath();
      ctx.clip();
    }
    for (let i = 0; i < n; i++) {
      const x = R(x0, x1);
      const y = R(y0, y1);
      const r = R(0.8, 2.8);
      ctx.beginPath();
      ctx.ellipse(x, y, r, r * 1.15, 0, 0, TAU);
      ctx.fillStyle = 'rgba(0,0,0,.18)';
      ctx.fill();
      ctx.beginPath();
      ctx.arc(x - r * 0.3, y - r * 0.35, r * 0.45, 0, TAU);
      ctx.fillStyle = 'rgba(255,255,255,.75)';
      ctx.fill();
    }
    ctx.restore();
  };

  /** Fine texture inside the current clip: pores and crumbs, so surfaces do not look like vector art. */
  K.pores = (
    ctx,
    cx,
    cy,
    rx,
    ry,
    n,
    dark = 'rgba(90,50,15,.35)',
    light = 'rgba(255,240,200,.35)',
    size = 1.6,
  ) => {
    K.scatter(n, cx, cy, rx, ry, (x, y) => {
      const s = R(0.5, size);
      ctx.fillStyle = K.rnd() < 0.55 ? dark : light;
      ctx.beginPath();
      ctx.ellipse(x, y, s, s * R(0.5, 1), R(0, TAU), 0, TAU);
      ctx.fill();
    });
  };

  /** The photographic finish: low-frequency mottling plus film grain over the whole frame. */
  K.finish = (ctx, opts = {}) => {
    const { grain = 7, mottle = 0.05 } = opts;
    ctx.save();
    ctx.globalCompositeOperation = 'overlay';
    ctx.filter = 'blur(10px)';
    for (let i = 0; i < 70; i++) {
      K.blob(
        ctx,
        R(0, K.W),
        R(0, K.H),
        R(10, 50),
        R(8, 40),
        K.rnd() < 0.5 ? `rgba(0,0,0,${mottle})` : `rgba(255,255,255,${mottle})`,
        0.4,
        8,
        R(0, TAU),
      );
    }
    ctx.restore();
    if (grain) K.grain(ctx, grain);
  };

  window.K = K;
})();
