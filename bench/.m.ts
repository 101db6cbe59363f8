import { measureBundle } from '/work/wt-budget2/bench/bundle-size.ts';
const s = await measureBundle();
console.log(s.gzipBytes, s.minBytes);
for (const m of s.modules.slice(0, 25)) console.log(m.minBytes, m.name);
