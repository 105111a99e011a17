import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TokenResult } from '../../tokenizer/index.js';
import type { Method } from '../fields.js';
import type { Problem } from './field-state-controller.js';

/** What form association reads of the element. */
export interface AssociatedHost extends ReactiveControllerHost, HTMLElement {
  name?: string;
  method: Method;
  readonly renderRoot: ParentNode;
  tokenize(): Promise<TokenResult>;
}

/**
 * The element as a control of its `<form>` (ElementInternals), in the manner of Shoelace's
 * FormControlController. Its value, under `name`, is the token id, and only that. Its validity is
 * its fields': `:invalid`, `checkValidity()` and `reportValidity()` work as for an input, anchored
 * on the first field to fix, until a token stands for the fields. Its saved state (for a page the
 * browser restores) is the chosen method only: never a number or a name (the element drops the
 * token Chromium restores as its value; a page kept in the back-forward cache loses its numbers:
 * field-state-controller.ts).
 * The `<form>`'s submit first tokenizes, then goes on with the token id (docs/integrating.md).
 */
export class FormAssociationController implements ReactiveController {
  readonly internals: ElementInternals;
  readonly #host: AssociatedHost;
  readonly #problem: () => Problem | null;
  #tokenId: string | null = null;
  #form: HTMLFormElement | null = null;

  /**
   * `problem`: why the fields are not valid now; `report`: show it (an `invalid` event: the form's
   * submit, or a `checkValidity()` or `reportValidity()` of the element or its form).
   */
  constructor(host: AssociatedHost, problem: () => Problem | null, report: () => void) {
    this.#host = host;
    this.#problem = problem;
    this.internals = host.attachInternals();
    host.addEventListener('invalid', report);
    host.addController(this);
  }

  /** The token that stands for the fields, until the payer changes one (or the form is reset). */
  get tokenId(): string | null {
    return this.#tokenId;
  }

  set tokenId(id: string | null) {
    this.#tokenId = id;
    // At once, not at the next render: the form's submit that follows a token must find it valid.
    this.hostUpdated();
  }

  hostUpdated(): void {
    const host = this.#host;
    this.internals.setFormValue(host.name && this.#tokenId ? this.#tokenId : null, host.method);
    const problem = this.#tokenId ? null : this.#problem();
    if (!problem) return this.internals.setValidity({});
    const anchor = host.renderRoot.querySelector<HTMLElement>(`[name="${problem.field}"]`) ?? undefined;
    this.internals.setValidity(problem.flags, problem.message, anchor);
  }

  /** The element's `formAssociatedCallback`: listens to the submit of its new `<form>`. */
  associate(form: HTMLFormElement | null): void {
    this.#form?.removeEventListener('submit', this.#handleSubmit, true);
    this.#form = form;
    form?.addEventListener('submit', this.#handleSubmit, true);
  }

  /** The element's own Pay button: inside a `<form>` with `name`, it submits the form (which tokenizes first). */
  pay(): void {
    if (this.#host.name && this.#form) this.#form.requestSubmit();
    else void this.#host.tokenize();
  }

  readonly #handleSubmit = (event: SubmitEvent): void => {
    if (!this.#host.name || this.#tokenId) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    void this.#host.tokenize().then((result) => {
      if (result.success)
        this.#form?.requestSubmit(
          event.submitter instanceof HTMLElement && event.submitter.getRootNode() === document ? event.submitter : null,
        );
    });
  };
}
