import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { framePageName } from '../../../shared/hosted-files.js';
import { apiKey, cardToken, request, startTestService, type TestService } from '../../testing/harness.js';

let service: TestService;
const built = mkdtempSync(join(tmpdir(), 'paytoken-frames-'));
const scriptsDir = join(built, 'browser');
const form = 'customElements.define("paytoken-form",class extends HTMLElement{});\n';
const bridge = 'void 0;\n';
const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const page = `/frames/${framePageName(sha384(form), sha384(bridge))}`;
const SHOP = 'https://shop.example';

beforeAll(async () => {
  mkdirSync(scriptsDir);
  writeFileSync(join(scriptsDir, 'paytoken-form.js'), form);
  writeFileSync(join(scriptsDir, 'paytoken-frame-bridge.js'), bridge);
  service = await startTestService({ scriptsDir });
});
afterAll(() => service.close());
afterEach(async () => {
  await service.sql.query("UPDATE accounts SET allowed_origins = '{}'");
  service.accountCache.clear();
});

const allow = async (name: string, origins: string[]) => {
  await service.sql.query('UPDATE accounts SET allowed_origins = $1 WHERE name = $2', [origins, name]);
  service.accountCache.clear();
};
const frame = (query: Record<string, string>) =>
  service.app.inject({ url: `${page}?${new URLSearchParams(query).toString()}` });
const csp = (response: { headers: Record<string, unknown> }) => String(response.headers['content-security-policy']);

describe('the frame page of <paytoken-frame> (http/routes/frames.ts)', () => {
  it('hosts the form and the bridge by content name and integrity, under a strict policy', async () => {
    const response = await frame({ key: service.accounts.springfield.publicKey, origin: SHOP, lang: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(csp(response)).toBe(
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors *",
    );
    expect(response.body).toContain('<html lang="en">');
    expect(response.body).toContain('<title>Payment form</title>');
    expect(response.body).toContain('<paytoken-form></paytoken-form>');
    // The bridge runs at once; the form is preloaded, for the bridge to run after the first paint.
    for (const [name, text, attribute] of [
      ['paytoken-form', form, 'href'],
      ['paytoken-frame-bridge', bridge, 'src'],
    ] as const) {
      const digest = createHash('sha384').update(text).digest('base64url').slice(0, 16);
      expect(response.body).toContain(`${attribute}="../scripts/${name}-${digest}.js" integrity="${sha384(text)}"`);
    }
    expect(response.body).not.toMatch(/<script>|<style|style=/);
  });

  it('renders the form in the page, as the loader set it up, its styles allowed by their hashes', async () => {
    // The service's renderer is dist/ssr/render-form.js beside the bundles: here that module, or its
    // source before a build. Never both in one process: two copies of Lit would share one global
    // element registry, where <paytoken-form> is the class of whichever came first.
    const hydrate = 'void 1;\n';
    writeFileSync(join(scriptsDir, 'paytoken-form-hydrate.js'), hydrate);
    mkdirSync(join(built, 'ssr'), { recursive: true });
    const bundle = new URL('../../../../dist/ssr/render-form.js', import.meta.url).pathname;
    const source = existsSync(bundle) ? bundle : new URL('../../../form/ssr/render-form.ts', import.meta.url).pathname;
    writeFileSync(join(built, 'ssr', 'render-form.js'), `export * from ${JSON.stringify(source)};\n`);
    const rendering = await startTestService({ scriptsDir });
    try {
      const query = { key: rendering.accounts.springfield.publicKey, origin: SHOP, locale: 'es', methods: 'card' };
      const response = await rendering.app.inject({
        url: `${page}?${new URLSearchParams({ ...query, amount: '100.00', 'card-fee': '3.25', payer: '1' }).toString()}`,
      });
      expect(response.statusCode).toBe(200);
      const body = response.body;
      expect(body).toMatch(
        /<paytoken-form [^>]*locale="es"[^>]*><template shadowroot="open" shadowrootmode="open"><style>/,
      );
      expect(body).toContain('Importe a pagar');
      expect(body).toContain('$103.25');
      expect(body).toContain('name="cardNumber"');
      expect(body).not.toContain('name="payer"');
      expect(body).not.toContain('id="tab-ach"');
      // Lit's hydration, then the form, preloaded in the head for the bridge to run after the first
      // paint; the bridge right after the form, run as the parser reaches it (not deferred to the end of
      // parsing), so that the frame has its height before that paint.
      const at = (attribute: string, name: string) => body.indexOf(`${attribute}="../scripts/${name}-`);
      expect(at('href', 'paytoken-form-hydrate')).toBeGreaterThan(0);
      expect(body.lastIndexOf('href="../scripts/paytoken-form-')).toBeGreaterThan(at('href', 'paytoken-form-hydrate'));
      expect(at('src', 'paytoken-frame-bridge')).toBeGreaterThan(body.indexOf('</paytoken-form>'));
      expect(body).toMatch(/<\/paytoken-form><script src="[^"]+" integrity="sha384-[^"]+"><\/script><\/body>/);
      expect(body).toMatch(/<link rel="preload" as="script" href="[^"]+" integrity="sha384-[^"]+">/);
      const styles = [...body.matchAll(/<style>([^<]*)<\/style>/g)].map(
        (match) =>
          `'sha256-${createHash('sha256')
            .update(match[1] as string)
            .digest('base64')}'`,
      );
      expect(styles.length).toBeGreaterThan(0);
      expect(csp(response)).toContain(`style-src 'self' ${styles.join(' ')};`);
      // An attribute that tries to break out of its quotes stays a value.
      const hostile = await rendering.app.inject({
        url: `${page}?${new URLSearchParams({ ...query, amount: '"><script>alert(1)</script>' }).toString()}`,
      });
      expect(hostile.body).not.toContain('<script>alert');
    } finally {
      await rendering.close();
    }
  });

  it('speaks Spanish when the page does', async () => {
    const response = await frame({ key: service.accounts.springfield.publicKey, origin: SHOP, lang: 'es-MX' });
    expect(response.body).toContain('<html lang="es">');
    expect(response.body).toContain('<title>Formulario de pago</title>');
  });

  it("lets only the account's allowed origins embed it", async () => {
    await allow('Springfield', [SHOP, 'https://other.example']);
    const response = await frame({ key: service.accounts.springfield.publicKey, origin: SHOP });
    expect(response.statusCode).toBe(200);
    expect(csp(response)).toContain('frame-ancestors https://shop.example https://other.example');
  });

  it('with an impersonation key, only the origins both the system and the client allow', async () => {
    await allow('Sandbox System', [SHOP, 'https://other.example']);
    await allow('Springfield', ['https://other.example']);
    const query = {
      key: service.accounts.system.publicKey,
      impersonation: service.accounts.springfield.impersonationKey as string,
    };
    expect(csp(await frame({ ...query, origin: 'https://other.example' }))).toMatch(
      /frame-ancestors https:\/\/other\.example$/,
    );
    const refused = await frame({ ...query, origin: SHOP });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('data-code="ORIGIN_NOT_ALLOWED"');
  });

  const UNAVAILABLE = 'Payments are not available on this page right now.';
  it.each([
    [
      'no public key',
      { key: '' },
      400,
      'MISSING_PUBLIC_KEY',
      '`public-key` on &#60;paytoken-form&#62; or &#60;paytoken-frame&#62;',
    ],
    ['an unknown public key', { key: 'pk_nobody' }, 401, 'PUBLIC_KEY_REJECTED', 'This is not a valid public key.'],
    ['the API secret', { key: 'sk_leaked' }, 401, 'PUBLIC_KEY_REJECTED', 'rotate it now'],
    [
      'an impersonation key of no client of the key',
      { impersonation: 'imp_nobody' },
      403,
      'PUBLIC_KEY_REJECTED',
      'The impersonation key is not one of this system account’s clients.',
    ],
    ['no origin', { origin: '' }, 400, 'ORIGIN_NOT_ALLOWED', 'This page has no origin of its own'],
    ["a file's origin", { origin: 'null' }, 400, 'ORIGIN_NOT_ALLOWED', 'a file:// page'],
    ['an origin with a path', { origin: 'https://shop.example/pay' }, 400, 'ORIGIN_NOT_ALLOWED', 'serve the page'],
    ['another scheme', { origin: 'ftp://shop.example' }, 400, 'ORIGIN_NOT_ALLOWED', 'serve the page'],
  ])(
    '%s: a page with the payer’s line and the developer’s fix, no form, that any page may embed',
    async (_, query, status, code, detail) => {
      const response = await frame({ key: service.accounts.springfield.publicKey, origin: SHOP, ...query });
      expect(response.statusCode).toBe(status);
      expect(response.body).toMatch(
        new RegExp(`<p role="alert" data-code="${code}" data-detail="[^"]*">${UNAVAILABLE}</p>`),
      );
      const shown = /data-detail="([^"]*)"/.exec(response.body)?.[1] ?? '';
      expect(shown).toContain(detail);
      expect(response.body).not.toContain('<paytoken-form');
      expect(csp(response)).toContain('frame-ancestors *');
    },
  );

  it('an origin the account does not allow: the payer’s line in their language, the origin and the command for the developer', async () => {
    await allow('Springfield', [SHOP]);
    const response = await frame({
      key: service.accounts.springfield.publicKey,
      origin: 'https://evil.example/"><script>',
      lang: 'es',
    });
    expect(response.statusCode).toBe(400);
    const allowed = await frame({
      key: service.accounts.springfield.publicKey,
      origin: 'https://evil.example',
      lang: 'es',
    });
    expect(allowed.statusCode).toBe(403);
    expect(allowed.body).toContain(
      'data-detail="This page’s origin, https://evil.example, is not on the account’s allow-list. Add it to the list (`npm run accounts -- list` shows it): `npm run accounts -- set-origins NAME &#60;the list&#62;,https://evil.example`.">Los pagos no están disponibles en esta página en este momento.</p>',
    );
    expect(allowed.body).not.toContain('<paytoken-form');
  });

  it('escapes the page’s own text in the detail', async () => {
    await allow('Springfield', [SHOP]);
    const response = await frame({ key: 'sk_"><script>alert(1)</script>', origin: SHOP });
    expect(response.body).not.toContain('<script>alert');
    const odd = await frame({ key: service.accounts.springfield.publicKey, origin: 'https://a.example"' });
    expect(odd.body).not.toContain('a.example"');
  });

  it('another page name is a 404, framed by nobody', async () => {
    const response = await service.app.inject({ url: '/frames/form-AAAAAAAAAAAAAAAA.html?key=x' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'FRAME_PAGE_NOT_FOUND' });
    expect(csp(response)).toContain("frame-ancestors 'none'");
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('never logs the impersonation key of its URL', async () => {
    const key = service.accounts.springfield.impersonationKey as string;
    await frame({ key: service.accounts.system.publicKey, impersonation: key, origin: SHOP });
    expect(service.logs.join('\n')).toContain('/frames/');
    expect(service.logs.join('\n')).not.toContain(key);
  });
});

describe("the frame page's token requests", () => {
  it("pass the allow-list from the service's own origin, which only allowed pages can embed", async () => {
    await allow('Springfield', [SHOP]);
    const create = (origin: string) =>
      request(service.app, 'POST', '/api/v1/tokens', {
        authorization: apiKey(service.accounts.springfield),
        body: cardToken(),
        headers: { origin, host: 'localhost:80' },
      });
    expect((await create('http://localhost')).statusCode).toBe(201);
    expect((await create('https://evil.example')).statusCode).toBe(403);
  });
});
