/**
 * Where the hosted script sends tokens, and with which keys. Three sources, later ones winning:
 * the `<script>` tag's data-* attributes, `Paytoken.configure({...})`, and the options of one call.
 */
export interface PaytokenConfig {
  /** The API public key; it can only create tokens, so it may be on the page. */
  publicKey?: string;
  /** The service address, e.g. `https://pay.example.com`. Default: the origin of the script's `src`. */
  apiUrl?: string;
  /** Acting for a client of a system account (docs/api.md#impersonation). */
  impersonationAccountKey?: string;
  /** The whole call's time limit, retries included. Default 30 000 ms. */
  timeoutMs?: number;
}

let configured: PaytokenConfig = {};

/**
 * Sets defaults for later `createToken` calls; undefined values leave the current ones.
 * @example Paytoken.configure({ publicKey: 'pk_live_…', apiUrl: 'https://pay.example.com' })
 */
export function configure(config: PaytokenConfig): void {
  configured = { ...configured, ...defined(config) };
}

/** The current defaults merged with one call's options. */
export function resolveConfig(options: PaytokenConfig = {}): PaytokenConfig {
  return { ...configured, ...defined(options) };
}

/**
 * Reads `data-public-key`, `data-impersonation-account-key` and `data-api-url` from the tag that
 * loaded the script; the API URL defaults to the origin of the tag's own `src`.
 */
export function configFromScript(script: Element | null): PaytokenConfig {
  if (!(script instanceof HTMLScriptElement)) return {};
  const { publicKey, impersonationAccountKey, apiUrl } = script.dataset;
  // `script.src` is always an absolute URL when the attribute is set (the browser resolves it).
  return defined({
    publicKey,
    impersonationAccountKey,
    apiUrl: apiUrl ?? (script.src ? new URL(script.src).origin : undefined),
  });
}

function defined(config: PaytokenConfig): PaytokenConfig {
  return Object.fromEntries(Object.entries(config).filter(([, value]) => value !== undefined && value !== ''));
}

const LOCAL_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The `/api/v1/tokens` address for an API URL, or the reason it cannot be used: card data only
 * travels over https, except to this machine while developing.
 */
export function tokensUrl(apiUrl: string | undefined): URL | 'INVALID_API_URL' | 'INSECURE_API_URL' {
  let url: URL;
  try {
    url = new URL(apiUrl ?? '');
  } catch {
    return 'INVALID_API_URL';
  }
  if (url.protocol === 'http:' && !LOCAL_HOSTS.includes(url.hostname)) return 'INSECURE_API_URL';
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'INVALID_API_URL';
  return new URL(`${url.pathname.replace(/\/+$/, '')}/api/v1/tokens`, url.origin);
}
