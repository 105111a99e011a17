import { FRAME_ATTRIBUTES, type FrameResult, type FromFrame, type ToFrameBody } from '../protocol/messages.js';
import { FRAME_HOST_STYLE, frameNonce, SECURE_API, setFrameQuery } from '../protocol/frame-query.js';
import { LOADER_TEXT, SET_UP_DETAIL } from './messages.js';

/** The frame page's name, known when this bundle is built (frame/page/vite-plugin.ts). */
declare const __PAYTOKEN_FRAME_PAGE__: string;

/** Attributes that choose the frame page itself: a change loads a new one. */
const PAGE_ATTRIBUTES = ['public-key', 'api-url', 'impersonation-account-key'];
/** No word from the frame at all: the service is down or never answers. */
const LOAD_TIMEOUT_MS = 15_000;
/** The frame loaded but never spoke: the browser refused it (frame-ancestors, the page's CSP). */
const SILENT_FRAME_MS = 3_000;
/** createToken's own limit (30 s) and some: a frame that stopped answering. */
const TOKENIZE_TIMEOUT_MS = 40_000;
/** Where an element's frame is: none (not in a page), loading, ready for `tokenize()`, or failed. */
const enum State {
  Idle,
  Loading,
  Ready,
  Failed,
}
/** What the console already said on this page: each set-up mistake once, however many elements. */
const said = new Set<string>();

const sheet = new CSSStyleSheet();
sheet.replaceSync(FRAME_HOST_STYLE);

// Read while the script runs: `currentScript` is only set then. The default API URL is its origin.
const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src;
const scriptOrigin = scriptUrl ? new URL(scriptUrl).origin : '';

/**
 * `<paytoken-frame>`: `<paytoken-form>` inside an iframe served by the Paytoken service, so card data
 * is typed into the service's page, never into yours (docs/integrating.md#choosing-a-way). Same
 * attributes, events, `tokenize()`, `showPaymentError()` and form association as `<paytoken-form>`.
 *
 * @example
 * <script src="https://pay.example.com/scripts/paytoken-frame.js" defer></script>
 * <form action="/checkout" method="post">
 *   <paytoken-frame name="tokenId" public-key="pk_…" amount="100.00" card-fee="3.25"></paytoken-frame>
 * </form>
 *
 * @fires paytoken-token  `event.id`
 * @fires paytoken-error  `event.errorMessage`, `event.code`, `event.errors`
 * @fires paytoken-change `event.method`, `event.brand`, `event.complete`, `event.valid`
 */
export class PaytokenFrame extends HTMLElement {
  static formAssociated = true;
  static observedAttributes = [...PAGE_ATTRIBUTES, ...FRAME_ATTRIBUTES, 'disabled'];

  readonly #internals = this.attachInternals();
  /** A server's (frame/ssr/render-frame.ts, declarative shadow DOM) with its iframe, else a new one. */
  readonly #root = this.shadowRoot ?? this.attachShadow({ mode: 'open', delegatesFocus: true });
  readonly #alert = document.createElement('p');
  #iframe: HTMLIFrameElement | null = null;
  #origin = '';
  #nonce = '';
  #state = State.Idle;
  #failure: FrameResult | null = null;
  #settled: (() => void)[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #requests = new Map<number, (result: FrameResult) => void>();
  #nextRequest = 0;
  #pending: Promise<FrameResult> | null = null;
  #tokenId: string | null = null;
  #form: HTMLFormElement | null = null;
  #loadQueued = false;
  /**
   * The current frame page said hello: it applies settings from then on, before it is ready too. A
   * frame that loaded and never said hello was refused (its error page says `failed` instead).
   */
  #heard = false;
  /** The theme properties the frame page takes, from its hello (protocol/messages.ts `FRAME_THEME`). */
  #theme: readonly string[] = [];

  constructor() {
    super();
    this.#alert.setAttribute('role', 'alert');
    this.#root.adoptedStyleSheets = [sheet];
    this.#root.append(this.#alert);
  }

  /** `locale`, else the page's language: `es…` is Spanish. */
  get #language(): 'en' | 'es' {
    return /^es/i.test(this.getAttribute('locale') ?? document.documentElement.lang) ? 'es' : 'en';
  }

  /** An attribute as the frame's form gets it: `locale` is the language decided here. */
  #attribute(name: string): string | null {
    return name === 'locale' ? this.#language : this.getAttribute(name);
  }

  connectedCallback(): void {
    addEventListener('message', this.#handleMessage);
    this.#queueLoad();
  }

  disconnectedCallback(): void {
    removeEventListener('message', this.#handleMessage);
    this.#fail('FRAME_UNAVAILABLE', undefined, true);
    this.#iframe?.remove();
    this.#iframe = null;
    this.#state = State.Idle;
  }

  attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    // Setting a key to the value it has (a page re-applying its settings) must not reload the form.
    if (old === value) return;
    if (PAGE_ATTRIBUTES.includes(name)) this.#queueLoad();
    else this.#sendSettingsIfHeard();
  }

  /**
   * Checks the fields and creates a token, inside the frame: the same result as `Paytoken.createToken`,
   * never rejected. A frame that could not load resolves with its error at once; one that stops
   * answering, with FRAME_TIMEOUT.
   */
  tokenize(): Promise<FrameResult> {
    this.#pending ??= this.#whenSettled()
      .then(
        () =>
          this.#failure ??
          new Promise<FrameResult>((resolve) => {
            const id = ++this.#nextRequest;
            const timer = setTimeout(() => this.#answer(id, this.#result('FRAME_TIMEOUT')), TOKENIZE_TIMEOUT_MS);
            this.#requests.set(id, (result) => {
              clearTimeout(timer);
              resolve(result);
            });
            this.#post({ type: 'tokenize', id });
          }),
      )
      .finally(() => (this.#pending = null));
    return this.#pending;
  }

  /** After a token, the payment failed (a decline): shows `message` in the form, focus on the number. */
  showPaymentError(message: string): void {
    this.#forgetToken();
    this.#post({ type: 'payment-error', message: String(message) });
  }

  /** A disabled element (its own `disabled` or a disabled fieldset) has no live Pay button. */
  formDisabledCallback(): void {
    this.#sendSettingsIfHeard();
  }

  /** Inside a `<form>`: its submit first tokenizes, then goes on with only the token id as this element's value. */
  formAssociatedCallback(form: HTMLFormElement | null): void {
    this.#form?.removeEventListener('submit', this.#handleOuterSubmit, true);
    this.#form = form;
    form?.addEventListener('submit', this.#handleOuterSubmit, true);
  }

  formResetCallback(): void {
    this.#forgetToken();
  }

  readonly #handleOuterSubmit = (event: SubmitEvent): void => {
    if (!this.getAttribute('name') || this.#tokenId) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    const submitter = event.submitter?.getRootNode() === document ? event.submitter : null;
    void this.tokenize().then((result) => result.success && this.#form?.requestSubmit(submitter));
  };

  #forgetToken(): void {
    this.#tokenId = null;
    this.#internals.setFormValue(null);
  }

  /**
   * Attribute changes arrive together (a framework sets several in one task): one page load for all
   * of them, started when that task ends. Not a timer: the page's first paint runs first, and the
   * frame page's request waited 30 to 200 ms behind it (at 4× CPU).
   */
  #queueLoad(): void {
    this.#state = State.Loading;
    if (this.#loadQueued) return;
    this.#loadQueued = true;
    queueMicrotask(() => {
      this.#loadQueued = false;
      if (this.isConnected) this.#load();
      else this.#state = State.Idle;
    });
  }

  #load(): void {
    // The frame there is kept if it shows the page this would open (a server's, or this element's own
    // when a key attribute changed to what opens the same page); any other is removed below or by #fail.
    this.#iframe = this.#root.querySelector('iframe');
    this.#heard = false;
    this.#state = State.Loading;
    this.#failure = null;
    this.#alert.textContent = '';
    clearTimeout(this.#timer);
    // A file:// page (origin `file://` or `null`) has no origin the frame could answer: say so now.
    if (!location.origin.startsWith('http'))
      return this.#fail('FRAME_REFUSED', undefined, false, SET_UP_DETAIL.FILE_PAGE);
    let url: URL;
    try {
      url = new URL(
        `${(this.getAttribute('api-url') ?? scriptOrigin).replace(/\/+$/, '')}/frames/${__PAYTOKEN_FRAME_PAGE__}`,
      );
    } catch {
      return this.#fail('INVALID_API_URL');
    }
    if (!SECURE_API.test(url.protocol + url.hostname)) return this.#fail('INSECURE_API_URL');
    setFrameQuery(url.searchParams, (name) => this.#attribute(name), location.origin);
    this.#origin = url.origin;
    // Kept, with its nonce, if it shows this very page.
    url.hash = this.#iframe?.src.split('#')[1] ?? '';
    const kept = url.hash && this.#iframe?.src === url.href;
    if (!kept) {
      this.#iframe?.remove();
      url.hash = frameNonce();
      this.#iframe = document.createElement('iframe');
      this.#iframe.title = LOADER_TEXT[this.#language].title;
      this.#iframe.src = url.href;
      this.#root.prepend(this.#iframe);
    }
    const iframe = this.#iframe as HTMLIFrameElement;
    this.#nonce = url.hash.slice(1);
    iframe.onload = () => {
      if (this.#state === State.Loading && this.#iframe === iframe && !this.#heard)
        this.#restartTimer(SILENT_FRAME_MS, true);
    };
    if (kept) {
      // A kept frame may have loaded before this script ran (a page's CSP refused it: the browser's
      // error page): the page's own load comes after its frames'.
      addEventListener('load', iframe.onload);
      // It may have said hello too: it is asked again once its page is there (not readable from here,
      // or not the initial `about:blank`, to which a message would be an error). Before, its bridge
      // says hello itself, once it runs.
      if (iframe.contentDocument?.URL !== 'about:blank') this.#post({ type: 'hello' });
    }
    this.#restartTimer(LOAD_TIMEOUT_MS);
  }

  /**
   * Nothing heard in time. A frame that loaded but never spoke was refused by the browser
   * (frame-ancestors, the page's frame-src) when the service itself answers; else the network failed.
   */
  #restartTimer(ms: number, loaded = false): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      const iframe = this.#iframe;
      const answered = loaded
        ? fetch(`${this.#origin}/healthz`, { mode: 'no-cors' }).then(
            () => true,
            () => false,
          )
        : Promise.resolve(false);
      void answered.then((refused) => {
        if (this.#state === State.Loading && this.#iframe === iframe)
          this.#fail(
            refused ? 'FRAME_REFUSED' : 'FRAME_UNAVAILABLE',
            undefined,
            false,
            refused ? SET_UP_DETAIL.FRAME_REFUSED : '',
          );
      });
    }, ms);
  }

  readonly #handleMessage = (event: MessageEvent): void => {
    const iframe = this.#iframe;
    const data = event.data as FromFrame | null;
    if (!iframe || event.origin !== this.#origin || event.source !== iframe.contentWindow) return;
    if (data?.nonce !== this.#nonce) return;
    if (data.type === 'hello') {
      this.#heard = true;
      this.#theme = data.theme;
      this.#sendSettings();
    } else if (data.type === 'height') iframe.style.height = `${data.height}px`;
    else if (data.type === 'ready') this.#settle(State.Ready);
    else if (data.type === 'failed') this.#fail(data.code, data.message, false, data.detail);
    else if (data.type === 'result') this.#answer(data.id, data.result);
    else if (data.type === 'event') {
      if (data.name === 'paytoken-token') {
        this.#tokenId = data.detail.id;
        this.#internals.setFormValue(this.getAttribute('name') ? data.detail.id : null);
      } else if (data.name === 'paytoken-change') this.#forgetToken();
      else if (data.name !== 'paytoken-error') return;
      this.dispatchEvent(Object.assign(new Event(data.name, { bubbles: true, composed: true }), data.detail));
      // The payer pressed the frame's own Pay button: the outer form goes on with the token id.
      if (data.name === 'paytoken-token' && !this.#pending && this.getAttribute('name')) this.#form?.requestSubmit();
    }
  };

  /**
   * A change between the frame's hello and its ready (a page setting the amount as fees arrive) is
   * sent as well: the hello's settings are already on their way, and this one must not be lost.
   */
  #sendSettingsIfHeard(): void {
    if (this.#heard && this.#iframe && this.#state !== State.Failed) this.#sendSettings();
  }

  #sendSettings(): void {
    const style = getComputedStyle(this);
    this.#post({
      type: 'settings',
      attributes: Object.fromEntries(FRAME_ATTRIBUTES.map((name) => [name, this.#attribute(name)])),
      theme: Object.fromEntries(this.#theme.map((name) => [name, style.getPropertyValue(`--paytoken-${name}`)])),
      disabled: this.matches(':disabled'),
    });
  }

  #post(message: ToFrameBody): void {
    this.#iframe?.contentWindow?.postMessage({ ...message, nonce: this.#nonce }, this.#origin);
  }

  #answer(id: number, result: FrameResult): void {
    this.#requests.get(id)?.(result);
    this.#requests.delete(id);
  }

  /** A failure: the loader's own code with its text (messages.ts), or the frame's code with its message. */
  #result(code: string, message?: string): Extract<FrameResult, { success: false }> {
    const text: Record<string, string> = LOADER_TEXT[this.#language];
    return { success: false, code, errorMessage: message ?? text[code] ?? code, errors: [] };
  }

  #whenSettled(): Promise<void> {
    if (this.#state === State.Idle) this.#fail('FRAME_UNAVAILABLE', undefined, true);
    return this.#state === State.Loading ? new Promise((resolve) => this.#settled.push(resolve)) : Promise.resolve();
  }

  #settle(state: State.Ready | State.Failed): void {
    clearTimeout(this.#timer);
    this.#state = state;
    for (const resolve of this.#settled.splice(0)) resolve();
  }

  /**
   * No form: a readable message in its place, `paytoken-error`, and every waiting `tokenize()`
   * answered; a set-up mistake's `detail` goes to the console for the developer, once.
   */
  #fail(code: string, message?: string, quiet = false, detail?: string): void {
    if (detail && !said.has(detail)) {
      said.add(detail);
      console.error(`Paytoken: ${detail}`);
    }
    const failure = (this.#failure = this.#result(code, message));
    this.#settle(State.Failed);
    for (const id of [...this.#requests.keys()]) this.#answer(id, failure);
    if (quiet) return;
    this.#iframe?.remove();
    this.#iframe = null;
    this.#alert.textContent = failure.errorMessage;
    this.dispatchEvent(Object.assign(new Event('paytoken-error', { bubbles: true, composed: true }), failure));
  }
}
