import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import type { HostedFile } from '../../hosted/bundles.js';

interface Script {
  body: Buffer;
  contentType: string;
  integrity: string;
  immutable: boolean;
}

/**
 * The hosted bundles (docs/api.md#hosted-scripts): `/scripts/paytoken.js` (latest, short cache) and
 * `/scripts/paytoken-{digest}.js` (named by its content, immutable), and the same for the files they
 * load (the form's `paytoken-form-es.json`), with SHA-384 integrity values and the release's version
 * in `/scripts/manifest.json` so a page can pin one with `integrity="sha384-…"` (PCI DSS 4.0 6.4.3).
 * Sent with `Access-Control-Allow-Origin: *`, which a cross-origin script or fetch with `integrity` needs.
 */
export function scriptRoutes(app: FastifyInstance, hosted: Map<string, HostedFile>, version: string): void {
  const scripts = new Map<string, Script>();
  const manifest: Record<string, { url: string; immutableUrl: string; integrity: string }> = {};
  for (const [file, { body, contentType, integrity, immutableName }] of hosted) {
    scripts.set(file, { body, contentType, integrity, immutable: false });
    scripts.set(immutableName, { body, contentType, integrity, immutable: true });
    manifest[file] = { url: `/scripts/${file}`, immutableUrl: `/scripts/${immutableName}`, integrity };
  }

  app.get('/scripts/manifest.json', { schema: { hide: true } }, (_, reply) =>
    reply
      .header('Access-Control-Allow-Origin', '*')
      .header('Cache-Control', 'public, max-age=60')
      .send({ version, files: manifest }),
  );

  app.get<{ Params: { file: string } }>('/scripts/:file', { schema: { hide: true } }, (request, reply) => {
    const script = scripts.get(request.params.file);
    if (!script) {
      throw ApiError.of(404, scripts.size ? 'SCRIPT_NOT_FOUND' : 'BUNDLES_NOT_BUILT');
    }
    return reply
      .header('Content-Type', script.contentType)
      .header('Access-Control-Allow-Origin', '*')
      .header('Cache-Control', script.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
      .header('X-Content-Type-Options', 'nosniff')
      .send(script.body);
  });
}
