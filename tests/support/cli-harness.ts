/** Shared setup of the `jsont` command tests: temp workspaces removed after each test. */
import { afterEach } from 'vitest';

import { tempWorkspace } from '../cli/helpers.js';

/**
 * Registers an `afterEach` that removes the last workspace made, and returns the factory: a
 * temporary folder holding the given files (path -> content), returned as its path.
 */
export function useWorkspace(): (files: Record<string, string>) => string {
  let dispose: (() => void) | undefined;
  afterEach(() => dispose?.());
  return (files) => {
    const ws = tempWorkspace(files);
    dispose = ws.dispose;
    return ws.dir;
  };
}
