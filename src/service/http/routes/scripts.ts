import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';
import type { HostedFile } from '../../hosted/bundles.js';
import { COMPRESSED_COPIES, type ContentEncoding } from '../../../shared/hosted-files.js';

interface Script {
  body: Buffer;
  contentType: string;
  integrity: string;
  immutable: boolean;
  encoded: HostedFile['encoded'];
  /** The encodings of `encoded`, in COMPRESSED_COPIES' order of preference. */
  offered: ContentEncoding[];
}

/**
 * Of the `offered` encodings (the file's built copies, brotli before gzip), the one `Accept-Encoding`
 * weighs most (RFC 9110, 12.5.3): named, or `*`, with a weight above 0 (`;q=`, 1 when not given);
 * the first offered among equals. `x-gzip` is `gzip`. None accepted: the file as it is.
 * @example acceptedEncoding('gzip, deflate, br', ['br', 'gzip']) // 'br'
 * @example acceptedEncoding('br;q=0.5, gzip', ['br', 'gzip']) // 'gzip'
 */
export function acceptedEncoding(header: string | undefined, offered: ContentEncoding[]): ContentEncoding | null {
  const weights = new Map<string, number>();
  for (const part of (header ?? '').toLowerCase().split(',')) {
    const [coding = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const q = parameters
      .map((parameter) => parameter.split('=').map((piece) => piece.trim()))
      .find(([key]) => key === 'q');
    const weight = q ? Number(q[1]) : 1;
    weights.set(coding === 'x-gzip' ? 'gzip' : coding, Number.isFinite(weight) && weight > 0 ? Math.min(weight, 1) : 0);
  }
  const weightOf = (encoding: string) => weights.get(encoding) ?? weights.get('*') ?? 0;
  let chosen: ContentEncoding | null = null;
  for (const encoding of offered) if (weightOf(encoding) > (chosen ? weightOf(chosen) : 0)) chosen = encoding;
  return chosen;
}

/**
 * The hosted bundles (docs/api.md#hosted-scripts): `/scripts/paytoken.js` (latest, short cache) and
 * `/scripts/paytoken-{digest}.js` (named by its content, immutable), and the same for the files they
 * load (the form's `paytoken-form-es.json`), with SHA-384 integrity values and the release's version
 * in `/scripts/manifest.json` so a page can pin one with `integrity="sha384-…"` (PCI DSS 4.0 6.4.3).
 * Sent with `Access-Control-Allow-Origin: *`, which a cross-origin script or fetch with `integrity` needs,
 * and compressed as built when the browser accepts it (`Content-Encoding: br` or `gzip`; the integrity
 * is of the bytes once decoded, so it is the same).
 */
export function scriptRoutes(app: FastifyInstance, hosted: Map<string, HostedFile>, version: string): void {
  const scripts = new Map<string, Script>();
  const manifest: Record<string, { url: string; immutableUrl: string; integrity: string }> = {};
  for (const [file, { body, contentType, integrity, immutableName, encoded }] of hosted) {
    const offered = COMPRESSED_COPIES.map(({ encoding }) => encoding).filter((encoding) => encoded[encoding]);
    scripts.set(file, { body, contentType, integrity, immutable: false, encoded, offered });
    scripts.set(immutableName, { body, contentType, integrity, immutable: true, encoded, offered });
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
    const encoding = acceptedEncoding(request.headers['accept-encoding'], script.offered);
    const encoded = encoding && script.encoded[encoding];
    if (encoded) reply.header('Content-Encoding', encoding);
    return reply
      .header('Content-Type', script.contentType)
      .header('Access-Control-Allow-Origin', '*')
      .header('Cache-Control', script.immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
      .header('Vary', 'Accept-Encoding')
      .header('X-Content-Type-Options', 'nosniff')
      .send(encoded ?? script.body);
  });
}
