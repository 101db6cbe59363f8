import { it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { clientBuildOptions } from '../../server/site/client-bundle.js';
it('sizes', async () => {
  const result = await build({ ...clientBuildOptions('production'), write: false, metafile: true });
  for (const f of result.outputFiles.filter((f) => f.path.endsWith('.js'))) {
    const key = Object.keys(result.metafile.outputs).find((k) => f.path.endsWith(k))!;
    const ins = Object.entries(result.metafile.outputs[key]!.inputs).sort((a, b) => b[1].bytesInOutput - a[1].bytesInOutput).slice(0, 6).map(([k, v]) => `${k.replace('storefront/','')}:${v.bytesInOutput}`);
    if (!/chunk-(KVK|Q2B|G43)/.test(f.path)) console.log('SZ', f.path.split('/').pop(), gzipSync(f.text, { level: 9 }).length, ins.join(' ').slice(0, 200));
  }
});
