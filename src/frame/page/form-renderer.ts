/**
 * The form's server renderer as the service runs it: dist/ssr/render-form.js, built beside the
 * hosted bundles (`npm run build`) from src/form/ssr/render-form.ts with the same minified templates
 * as paytoken-form.js, so that the browser can adopt what it renders. Loaded once, at the first frame
 * page; without it (no build) the frame page holds an empty `<paytoken-form>`, which its script renders.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** `renderPaytokenForm` (src/form/ssr/render-form.ts): the attributes by their HTML names → HTML. */
export type RenderForm = (attributes: Record<string, string | undefined>) => string;

/** The renderer beside `scriptsDir` (`../ssr/render-form.js`), or `null` when it was not built. */
export function formRenderer(scriptsDir: string): () => Promise<RenderForm | null> {
  const file = join(scriptsDir, '..', 'ssr', 'render-form.js');
  let loading: Promise<RenderForm | null> | undefined;
  return () =>
    (loading ??= existsSync(file)
      ? import(pathToFileURL(file).href).then(
          (module: { renderPaytokenForm: RenderForm }) => module.renderPaytokenForm,
          (error: unknown) => {
            // A failed load is not kept: the next frame page tries again.
            loading = undefined;
            throw error;
          },
        )
      : Promise.resolve(null));
}
