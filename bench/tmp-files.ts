import { routeBundles } from './src/bundle.ts';
for (const b of routeBundles('/tmp/dist-sm2')) {
  if (!['/menu/:alias/checkout', '/menu/:alias/order/:orderCode', '/menu/:alias/:mode'].includes(b.path)) continue;
  console.log(b.path, JSON.stringify(Object.keys(b).filter((k) => k !== 'path')));
  console.log(JSON.stringify((b as unknown as { files: unknown }).files ?? b, null, 0).slice(0, 1500));
}
