import type { FastifyInstance } from 'fastify';
import { framePageName } from '../../../shared/hosted-files.js';
import type { ServiceDeps } from '../../deps.js';
import { ApiError } from '../errors.js';
import { frameAccess } from '../../../frame/page/frame-access.js';
import { errorPage, formPage, frameCsp, frameLanguage } from '../../../frame/page/frame-page.js';
import type { HostedFile } from '../../hosted/bundles.js';

interface FrameQuery {
  key?: string;
  impersonation?: string;
  origin?: string;
  lang?: string;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value ? value : undefined);

/**
 * `GET /frames/form-{digest}.html?key=…&impersonation=…&origin=…&lang=…`: the page `<paytoken-frame>`
 * shows in its iframe (docs/api.md#frame-page), named by the scripts it loads
 * (shared/hosted-files.ts `framePageName`). Its `frame-ancestors` follows the key's allowed origins;
 * a key or origin that cannot have a form gets a page saying why, which any page may embed (it holds
 * nothing but the message).
 */
export function frameRoutes(
  app: FastifyInstance,
  hosted: Map<string, HostedFile>,
  deps: Pick<ServiceDeps, 'repository' | 'accountCache'>,
): void {
  const form = hosted.get('paytoken-form.js');
  const bridge = hosted.get('paytoken-frame-bridge.js');
  const name = form && bridge ? framePageName(form.integrity, bridge.integrity) : null;

  app.get<{ Params: { file: string }; Querystring: FrameQuery }>(
    '/frames/:file',
    { schema: { hide: true } },
    async (request, reply) => {
      if (!form || !bridge) throw ApiError.of(404, 'BUNDLES_NOT_BUILT');
      if (request.params.file !== name) throw ApiError.of(404, 'FRAME_PAGE_NOT_FOUND');
      const query = request.query;
      const language = frameLanguage(text(query.lang));
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
      return reply.send(formPage(language, form, bridge));
    },
  );
}
