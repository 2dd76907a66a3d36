// Renders the demo dish photos (apps/web/public/demo/dishes/*.webp) procedurally with canvas in Chromium:
// the demo must look like a real shop without shipping downloaded stock photos (licences, size).
//
//   node scripts/demo-images/render.mjs               # every dish
//   node scripts/demo-images/render.mjs flan pizza    # only keys containing one of the words
//   SHEET=/tmp/sheet.png node scripts/demo-images/render.mjs   # also a contact sheet to review them
//
// Needs playwright-core (a dev dependency of e2e) and Chromium (CHROMIUM_PATH, default /usr/bin/chromium).
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(here, '../../apps/web/public/demo/dishes');
const QUALITY = Number(process.env.QUALITY ?? 0.8);

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
  ],
});
try {
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body style="margin:0;background:#222"></body></html>');
  await page.addScriptTag({ content: readFileSync(join(here, 'painter-kit.js'), 'utf8') });
  await page.addScriptTag({ content: readFileSync(join(here, 'dishes.js'), 'utf8') });
  const all = await page.evaluate(() => Object.keys(window.DISHES));
  const words = process.argv.slice(2);
  const keys = words.length ? all.filter((k) => words.some((w) => k.includes(w))) : all;
  mkdirSync(outDir, { recursive: true });
  let total = 0;
  for (const key of keys) {
    const b64 = await page.evaluate(
      async ({ key, quality, grain }) => {
        const canvas = document.createElement('canvas');
        canvas.width = window.K.W;
        canvas.height = window.K.H;
        const ctx = canvas.getContext('2d');
        window.K.seed(key);
        window.DISHES[key](ctx, window.K);
        window.K.finish(ctx, { grain: Number(grain) });
        const blob = await new Promise((done) => canvas.toBlob(done, 'image/webp', quality));
        const bytes = new Uint8Array(await blob.arrayBuffer());
        let s = '';
        for (const b of bytes) s += String.fromCharCode(b);
        return btoa(s);
      },
      { key, quality: QUALITY, grain: process.env.GRAIN ?? 6 },
    );
    const file = join(outDir, `${key}.webp`);
    writeFileSync(file, Buffer.from(b64, 'base64'));
    const size = statSync(file).size;
    total += size;
    console.log(`${key.padEnd(22)} ${(size / 1024).toFixed(1).padStart(6)} KB`);
  }
  console.log(`${keys.length} images, ${(total / 1024).toFixed(1)} KB`);

  if (process.env.SHEET) {
    // a review sheet: every image at card size and at detail size, with its key
    const html = `<!doctype html><body style="margin:0;background:#eee;font:12px sans-serif;display:flex;flex-wrap:wrap;gap:8px;padding:8px">${keys
      .map(
        (k) =>
          `<figure style="margin:0;width:320px"><img src="data:image/webp;base64,${readFileSync(join(outDir, `${k}.webp`)).toString('base64')}" width="320" height="240"><figcaption>${k}</figcaption></figure>`,
      )
      .join('')}</body>`;
    await page.setViewportSize({ width: 1344, height: 800 });
    await page.setContent(html);
    await page.screenshot({ path: process.env.SHEET, fullPage: true });
    console.log(`sheet: ${process.env.SHEET}`);
  }
} finally {
  await browser.close();
}
