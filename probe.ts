import { createPlatformServer } from './server/preview/platform-server.js';
const s = createPlatformServer({ root: 'tests/fixtures/platform-shapes', dbFile: ':memory:', log: () => {}, now: () => Date.UTC(2026,0,1) });
const base = await s.listen(0, '127.0.0.1');
for (const u of process.argv.slice(2)) {
  const r = await fetch(base + u, { redirect: 'manual' });
  console.log('=====', r.status, u); console.log(await r.text());
}
await s.close();
