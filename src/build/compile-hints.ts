/**
 * Chromium's explicit compile hint (Chrome 136 and later): a file with `//# allFunctionsCalledOnLoad`
 * before any code has all its functions compiled as the script is compiled (off the
 * main thread while a fetched script streams in), instead of each one lazily on its first call,
 * which parses it a second time. Only for a bundle whose functions nearly all run as it loads:
 * `paytoken-form.js` defines the element and renders it at once (its engine, which waits for the
 * payer's first focus, is a file of its own). Other browsers read a comment. Why and what it measured:
 * docs/decisions/0170-the-form-compiled-as-it-loads.md.
 */
import type { Plugin } from 'vite';

export const ALL_FUNCTIONS_CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad';

/** The build modes (vite.config.ts) whose bundle gets the hint. */
export const EAGER_BUNDLES: readonly string[] = ['paytoken-form'];

/**
 * Puts the hint before any code of the entry chunk, after minification (terser runs in `renderChunk`
 * and drops comments); a source map, if one is made, moves down a line with the code.
 */
export function compileHints(): Plugin {
  return {
    name: 'paytoken-compile-hints',
    generateBundle(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
        chunk.code = `${ALL_FUNCTIONS_CALLED_ON_LOAD}\n${chunk.code}`;
        if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
      }
    },
  };
}
