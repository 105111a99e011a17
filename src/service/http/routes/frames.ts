import type { FastifyInstance } from 'fastify';
import { framePageName } from '../../../shared/hosted-files.js';
import type { ServiceDeps } from '../../deps.js';
import { ApiError } from '../errors.js';
import { frameAccess } from '../../../frame/page/frame-access.js';
import { errorPage, formPage, frameCsp, styleHashes } from '../../../frame/page/frame-page.js';
import { payerLanguage } from '../../../shared/language.js';
import { formRenderer } from '../../../frame/page/form-renderer.js';
import { FRAME_ATTRIBUTES } from '../../../frame/protocol/messages.js';
import type { HostedFile } from '../../hosted/bundles.js';

type FrameQuery = {
  key?: string;
  impersonation?: string;
  origin?: string;
  /** What older loaders sent for `locale`. */
  lang?: string;
} & Partial<Record<(typeof FRAME_ATTRIBUTES)[number], string>>;

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * `GET /frames/form-{digest}.html?key=…&impersonation=…&origin=…&locale=…&methods=…&amount=…`: the page
 * `<paytoken-frame>` shows in its iframe (docs/api.md#frame-page), with the form rendered in it from
 * the query's attributes (frame/protocol/messages.ts `FRAME_ATTRIBUTES`), named by the scripts it loads
 * (shared/hosted-files.ts `framePageName`). Its `frame-ancestors` follows the key's allowed origins;
 * a key or origin that cannot have a form gets a page saying why, which any page may embed (it holds
 * nothing but the message).
 */
export function frameRoutes(
  app: FastifyInstance,
  hosted: Map<string, HostedFile>,
  deps: Pick<ServiceDeps, 'repository' | 'accountCache' | 'scriptsDir'>,
): void {
  const { scriptsDir } = deps;
  const form = hosted.get('paytoken-form.js');
  const bridge = hosted.get('paytoken-frame-bridge.js');
  const hydrate = hosted.get('paytoken-form-hydrate.js');
  const renderer = formRenderer(scriptsDir);
  // Loaded and run once at start: the first payer's page does not wait for Lit's server renderer (~75 ms).
  // A warm-up that fails (the app closed before it ended) is no one's error: the first page loads it again.
  if (hydrate)
    void renderer().then(
      (render) => render?.({}),
      () => undefined,
    );
  const name = form && bridge ? framePageName(form.integrity, bridge.integrity) : null;

  app.get<{ Params: { file: string }; Querystring: FrameQuery }>(
    '/frames/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!form || !bridge) throw ApiError.of(404, 'BUNDLES_NOT_BUILT');
      if (request.params.file !== name) throw ApiError.of(404, 'FRAME_PAGE_NOT_FOUND');
      const query = request.query;
      const language = payerLanguage(text(query.locale) ?? text(query.lang));
      const access = await frameAccess(deps, {
        publicKey: text(query.key),
        impersonationKey: text(query.impersonation),
        origin: text(query.origin),
      });
      reply
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', frameCsp(access.ok ? access.ancestors : ['*']));
      if (!access.ok) return reply.status(access.status).send(errorPage(language, bridge, access.code, access.detail));
      const render = hydrate && (await renderer());
      const html = render ? render(formAttributes(query, language)) : '';
      reply.header('Content-Security-Policy', frameCsp(access.ancestors, styleHashes(html)));
      return reply.send(formPage(language, { form, bridge, hydrate }, html));
    },
  );
}

/**
 * The form's attributes from the query: the loader's own (docs/api.md#frame-page), in the language the
 * page is in; of the payer's name and e-mail only whether they are set (their inputs are then hidden).
 * Lit escapes every value it writes.
 */
function formAttributes(query: FrameQuery, language: string): Record<string, string | undefined> {
  const attributes: Record<string, string | undefined> = { locale: language };
  for (const name of FRAME_ATTRIBUTES) if (name !== 'locale') attributes[name] = text(query[name]);
  return attributes;
}
