import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from './fixtures.js';

/** One event of a Chromium trace (the fields this spec reads). */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  args?: {
    data?: { message?: string; stackTrace?: StackFrame[] };
    beginData?: { stackTrace?: StackFrame[] };
  };
}
interface StackFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}

/**
 * Layout, and style computed for it, that script forced: a `Layout` or `UpdateLayoutTree` (style
 * recalculation) event inside a script task. Those of the frame's own rendering step come after it.
 */
const FORCED = new Set(['Layout', 'UpdateLayoutTree']);

/**
 * Records a devtools.timeline trace (tasks are in the disabled-by-default category, the stacks that
 * forced a layout in `.stack`) while `action` runs in the page, until two frames after it.
 */
async function traced(page: Page, cdp: CDPSession, action: () => Promise<void>): Promise<TraceEvent[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => events.push(...(data.value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'disabled-by-default-devtools.timeline.stack',
    ].join(','),
    transferMode: 'ReportEvents',
  });
  await action();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await complete;
  return events;
}

/**
 * The forced layouts inside the task that logged `console.timeStamp(label)`, each as its name and the
 * script stack that forced it (innermost first).
 */
function forcedInTask(events: TraceEvent[], label: string): string[] {
  const mark = events.find((event) => event.name === 'TimeStamp' && event.args?.data?.message === label);
  if (!mark) throw new Error(`the trace has no mark ${label}`);
  const task = events.find(
    (event) =>
      event.name === 'RunTask' &&
      event.ph === 'X' &&
      event.tid === mark.tid &&
      event.ts <= mark.ts &&
      mark.ts <= event.ts + (event.dur ?? 0),
  );
  if (!task) throw new Error(`no task logged ${label}`);
  const end = task.ts + (task.dur ?? 0);
  return events
    .filter(
      (event) =>
        FORCED.has(event.name) &&
        (event.ph === 'B' || event.ph === 'X') &&
        event.tid === task.tid &&
        event.ts >= task.ts &&
        event.ts <= end,
    )
    .map((event) => {
      const stack = event.args?.beginData?.stackTrace ?? event.args?.data?.stackTrace ?? [];
      const frames = stack.map((frame) => `${frame.functionName || '(anonymous)'}:${frame.columnNumber}`);
      return `${event.name} at ${frames.join(' < ') || '(no stack)'}`;
    });
}

/** In a task of its own: an `offsetHeight` read, proof that the trace sees a forced layout at all. */
const forceLayout = () =>
  new Promise<void>((resolve) =>
    setTimeout(() => {
      console.timeStamp('forced');
      const probe = document.createElement('div');
      document.body.append(probe);
      void probe.offsetHeight;
      probe.remove();
      resolve();
    }),
  );

test.describe('<paytoken-form> first render', () => {
  test.beforeEach(async ({ page, pages }) => {
    await page.goto(`${pages.url}/form.html`);
  });

  /** 4× CPU, as the bench: a forced layout costs four times what it does unthrottled. */
  async function throttled(page: Page): Promise<CDPSession> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    return cdp;
  }

  test('forces no layout in the task that inserts the form after its script loaded (4× CPU)', async ({
    page,
    service,
  }) => {
    await page.addScriptTag({ url: `${service.url}/scripts/paytoken-form.js` });
    const cdp = await throttled(page);
    const events = await traced(page, cdp, async () => {
      await page.evaluate(forceLayout);
      await page.evaluate(
        ({ key, url }) =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              console.timeStamp('first-render');
              document
                .querySelector('main')
                ?.insertAdjacentHTML(
                  'beforeend',
                  `<paytoken-form public-key="${key}" api-url="${url}"></paytoken-form>`,
                );
              const form = document.querySelector('paytoken-form') as HTMLElement & {
                updateComplete: Promise<boolean>;
              };
              // Lit renders in a microtask at the end of this same task; this resolves after it.
              void form.updateComplete.then(() => resolve());
            }),
          ),
        { key: service.accounts.springfield.publicKey, url: service.url },
      );
    });
    expect(forcedInTask(events, 'forced')).toContainEqual(expect.stringMatching(/^Layout/));
    expect(forcedInTask(events, 'first-render')).toEqual([]);
    await expect(page.locator('paytoken-form #cardNumber')).toBeVisible();
  });

  test('forces no layout in the task where the script upgrades a form already in the page (4× CPU)', async ({
    page,
    service,
  }) => {
    const source = await (await fetch(`${service.url}/scripts/paytoken-form.js`)).text();
    const key = service.accounts.springfield.publicKey;
    await page.evaluate(
      ({ key, url }) =>
        document
          .querySelector('main')
          ?.insertAdjacentHTML('beforeend', `<paytoken-form public-key="${key}" api-url="${url}"></paytoken-form>`),
      { key, url: service.url },
    );
    const cdp = await throttled(page);
    const events = await traced(page, cdp, async () => {
      await page.evaluate(forceLayout);
      await page.evaluate(
        (source) =>
          new Promise<void>((resolve) =>
            setTimeout(() => {
              console.timeStamp('first-render');
              const script = document.createElement('script');
              script.textContent = source; // runs now: defines the element, which upgrades and renders
              document.head.append(script);
              const form = document.querySelector('paytoken-form') as HTMLElement & {
                updateComplete: Promise<boolean>;
              };
              void form.updateComplete.then(() => resolve());
            }),
          ),
        source,
      );
    });
    expect(forcedInTask(events, 'forced')).toContainEqual(expect.stringMatching(/^Layout/));
    expect(forcedInTask(events, 'first-render')).toEqual([]);
    await expect(page.locator('paytoken-form #cardNumber')).toBeVisible();
  });
});
