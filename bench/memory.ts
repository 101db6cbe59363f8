/**
 * Bytes allocated per call of a function, for the page table's memory column. Node has no
 * running total of allocated bytes, so it is counted from the heap's used size: a full GC first
 * (so no older garbage is freed inside the window), then the calls, with V8's GC profiler
 * recording every collection that happens meanwhile. Allocated = used size after − used size
 * before + what each collection in the window freed (its used size before − after). Everything
 * the calls allocate is counted, whether it is garbage at the end (strings, frames) or kept (the
 * result); objects allocated outside V8's heap (array buffers) are not.
 */
import { GCProfiler, getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let collect: (() => void) | undefined;

/** `global.gc` without starting node with `--expose-gc`. */
function fullGc(): void {
  if (collect === undefined) {
    setFlagsFromString('--expose-gc');
    collect = runInNewContext('gc') as () => void;
  }
  collect();
}

/** Sink for the results, so the calls cannot be optimised away. */
export let memorySink: unknown;

/** Mean bytes allocated by one call of `fn`, over `calls` calls (after one warm-up call). */
export function allocatedBytes(fn: () => unknown, calls: number): number {
  memorySink = fn();
  fullGc();
  const profiler = new GCProfiler();
  profiler.start();
  const before = getHeapStatistics().used_heap_size;
  for (let i = 0; i < calls; i++) memorySink = fn();
  const after = getHeapStatistics().used_heap_size;
  const { statistics } = profiler.stop();
  let freed = 0;
  for (const gc of statistics) {
    freed += gc.beforeGC.heapStatistics.usedHeapSize - gc.afterGC.heapStatistics.usedHeapSize;
  }
  return (after - before + freed) / calls;
}
