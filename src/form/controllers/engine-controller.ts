import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { FormEngine } from '../engine/engine.js';
import type { Retry } from '../engine/engine-failure.js';
import { engineIfLoaded, loadEngine } from '../engine/load-engine.js';

/**
 * The form's engine (engine/load-engine.ts): one load for every form on the page, at the payer's
 * first focus in a field, at a value that comes without one (autofill), or at Pay. `arrived` hands
 * it to the form each time a load of this form resolves (the masks first, then the checks of what
 * was typed before it came).
 */
export class EngineController implements ReactiveController {
  readonly #host: ReactiveControllerHost & { renderRoot: EventTarget };
  readonly #arrived: (engine: FormEngine) => void;
  #listening = false;

  constructor(host: ReactiveControllerHost & { renderRoot: EventTarget }, arrived: (engine: FormEngine) => void) {
    this.#host = host;
    this.#arrived = arrived;
    host.addController(this);
  }

  /** Once: the payer reached a field of the form (the first focus): the engine comes now (again, if it could not before). */
  hostConnected(): void {
    if (this.#listening) return;
    this.#listening = true;
    this.#host.renderRoot.addEventListener('focusin', (event) => {
      if ((event.target as HTMLInputElement).name) this.load('again').catch(() => undefined);
    });
  }

  /** The engine when it is here (then the form checks at once), else `undefined`. */
  get loaded(): FormEngine | undefined {
    return engineIfLoaded();
  }

  /** The engine; `retry` tries a failed load again (engine/engine-failure.ts). */
  load(retry?: Retry): Promise<FormEngine> {
    return loadEngine(retry).then((engine) => {
      this.#arrived(engine);
      return engine;
    });
  }

  /** Runs `use` with the engine: now when it is here, else once it comes (never, if it cannot). */
  use(use: (engine: FormEngine) => void, retry?: Retry): void {
    const engine = this.loaded;
    if (engine) use(engine);
    else
      this.load(retry).then(use, () => {
        // Without the engine nothing can be checked: Pay says so (engine/engine-failure.ts).
      });
  }
}
