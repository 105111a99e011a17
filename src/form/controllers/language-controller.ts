import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { messageOf } from '../../shared/messages/catalog.js';
import type { TokenFailure } from '../../tokenizer/index.js';
import type { Label } from '../labels.js';
import { ENGLISH, catalogOf, failureMessage, formLabel, loadCatalog } from '../locale.js';
import type { FormCatalog, FormLocale } from '../locales/types.js';

/**
 * The form's language (its `locale`, else the page's) and its words (locale.ts). A language that
 * is not here yet is loaded, and the form waits for it to render once, in that language, rather
 * than first in English.
 */
export class LanguageController implements ReactiveController {
  readonly #host: ReactiveControllerHost & { locale?: string };
  /** The last render waited for the language to load (and showed nothing). */
  waiting = false;

  constructor(host: ReactiveControllerHost & { locale?: string }) {
    this.#host = host;
    host.addController(this);
  }

  get language(): FormLocale {
    const wanted = (this.#host.locale ?? document.documentElement.lang ?? 'en').toLowerCase();
    return wanted.startsWith('es') ? 'es' : 'en';
  }

  /** The language's words, or English while it is still loading. */
  get #catalog(): FormCatalog {
    return catalogOf(this.language) ?? ENGLISH;
  }

  /** A label with its `{name}` placeholders filled. */
  t(label: Label, params?: Record<string, string>): string {
    return formLabel(this.#catalog, label, params);
  }

  /**
   * The message of a field code, or of a failure of the service (or words of the form's engine, as
   * `{ code, errorMessage }`, their English), in the form's language.
   */
  message(code: string | Pick<TokenFailure, 'code' | 'errorMessage' | 'seconds'>): string {
    return typeof code === 'string' ? messageOf(this.#catalog.messages, code) : failureMessage(this.#catalog, code);
  }

  /** Before each render: a language not here yet is loaded, and the host renders again when it is. */
  hostUpdate(): void {
    this.waiting = !catalogOf(this.language);
    if (this.waiting) void this.loaded().then(() => this.#host.requestUpdate());
  }

  /** `complete` (the host's update), until a render found its language here. */
  async rendered(complete: () => Promise<boolean>): Promise<boolean> {
    let done = await complete();
    while (this.waiting) {
      await this.loaded();
      this.#host.requestUpdate();
      done = await complete();
    }
    return done;
  }

  /** Resolves once the language is here (English when it could not load). */
  loaded(): Promise<unknown> {
    return loadCatalog(this.language);
  }
}
