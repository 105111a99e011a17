import { beforeAll, describe, expect, it } from 'vitest';
import { renderPaytokenFrame } from './render-frame.js';

/** Where the element's iframe points, and the element's own attributes, read back from the HTML. */
function parts(html: string) {
  const src = /<iframe title="([^"]*)" src="([^"]*)"><\/iframe>/.exec(html);
  const tag = /^<paytoken-frame([^>]*)>/.exec(html)?.[1] ?? '';
  const url = new URL((src?.[2] ?? '').replaceAll('&#38;', '&'));
  return { title: src?.[1], url, tag };
}

const base = { 'public-key': 'pk_1', 'api-url': 'https://pay.example.com/' };
const page = { origin: 'https://shop.example' };

describe('renderPaytokenFrame', () => {
  // What the build defines (frame/page/vite-plugin.ts): the frame page's name.
  beforeAll(() => {
    (globalThis as { __PAYTOKEN_FRAME_PAGE__?: string }).__PAYTOKEN_FRAME_PAGE__ = 'form-test.html';
  });

  it('renders the element with its attributes and its iframe in a declarative shadow root', () => {
    const html = renderPaytokenFrame({ ...base, name: 'tokenId', amount: '100.00', 'card-fee': '3.25' }, page);
    expect(html).toMatch(
      /^<paytoken-frame [^>]*><template shadowroot="open" shadowrootmode="open" shadowrootdelegatesfocus><style>:host\{[^<]*<\/style><iframe [^>]*><\/iframe><\/template><\/paytoken-frame>$/,
    );
    const { title, url, tag } = parts(html);
    expect(tag).toBe(
      ' public-key="pk_1" api-url="https://pay.example.com/" name="tokenId" amount="100.00" card-fee="3.25" locale="en"',
    );
    expect(title).toBe('Payment form');
    expect(`${url.origin}${url.pathname}`).toBe('https://pay.example.com/frames/form-test.html');
    expect(url.search).toBe('?key=pk_1&origin=https%3A%2F%2Fshop.example&amount=100.00&card-fee=3.25&locale=en');
    // The loader's nonce: ~128 random bits, another each time.
    expect(url.hash).toMatch(/^#\d{4,40}$/);
    expect(parts(renderPaytokenFrame(base, page)).url.hash).not.toBe(url.hash);
  });

  it('writes the language out, Spanish for any es…, with a Spanish title', () => {
    const { title, url, tag } = parts(renderPaytokenFrame({ ...base, locale: 'ES-mx' }, page));
    expect(tag).toContain(' locale="es"');
    expect(url.searchParams.get('locale')).toBe('es');
    expect(title).toBe('Formulario de pago');
  });

  it("escapes values, leaves out names it does not know, and sends only that the payer's are set", () => {
    const html = renderPaytokenFrame(
      {
        ...base,
        payer: 'Ada "<b>&',
        'email-address': 'ada@example.com',
        ...({ onload: 'alert(1)', 'x"><script>': 'y' } as object),
      },
      page,
    );
    expect(html).not.toMatch(/onload|<script|<b>/);
    const { url, tag } = parts(html);
    expect(tag).toContain(' payer="Ada &#34;&#60;b&#62;&#38;" email-address="ada@example.com"');
    expect(url.searchParams.get('payer')).toBe('1');
    expect(url.searchParams.get('email-address')).toBe('1');
    expect(url.href).not.toContain('Ada');
  });

  it.each([
    ['an API URL over http off this machine', { ...base, 'api-url': 'http://pay.example.com' }, page, /api-url/],
    ['an API URL that is not one', { ...base, 'api-url': 'javascript:alert(1)' }, page, /api-url/],
    ['no API URL', { 'public-key': 'pk_1' }, page, /api-url/],
    ['an origin with a path', base, { origin: 'https://shop.example/checkout' }, /origin/],
    ['an origin that is not http(s)', base, { origin: 'null' }, /origin/],
    ['no origin', base, undefined, /origin/],
    ['an API URL with a query', { ...base, 'api-url': 'https://pay.example.com/?x=1' }, page, /api-url/],
    ['an API URL with a fragment', { ...base, 'api-url': 'https://pay.example.com#x' }, page, /api-url/],
    ['an amount that is a number', { ...base, amount: 100 }, page, /amount must be a string/],
    ['an API URL that is a URL object', { ...base, 'api-url': new URL('https://pay.example.com') }, page, /api-url/],
    ['a NUL byte in a value', { ...base, payer: 'Ada\0' }, page, /payer must be a string of printable/],
    ['a carriage return in a value', { ...base, amount: '1\r' }, page, /amount/],
  ])('refuses %s with a TypeError that says what to give', (_, attributes, where, message) => {
    expect(() => renderPaytokenFrame(attributes as typeof base, where as typeof page)).toThrow(TypeError);
    expect(() => renderPaytokenFrame(attributes as typeof base, where as typeof page)).toThrow(message);
  });

  it('takes http on this machine, as the loader does', () => {
    const html = renderPaytokenFrame(
      { ...base, 'api-url': 'http://localhost:3000' },
      { origin: 'http://127.0.0.1:8080' },
    );
    expect(parts(html).url.origin).toBe('http://localhost:3000');
  });
});
