/**
 * Time from paytoken-form.js starting to execute to an interactive <paytoken-form> (defined,
 * rendered), in Chromium with 4× CPU throttling; median and p95 of 60 runs (enough that the p95 is
 * the 58th of 60, not the slowest). Interleaved with the same runs of two floors on this machine: a
 * bare Lit element (lit-floor.ts), the least any Lit form takes, and the form's own markup and
 * styles painted without a framework (markup-floor.ts), the least any first paint of it takes.
 * Beside them, Braintree Drop-in's script evaluated the same way (evaluation only: it then still
 * loads its iframes). `FORM_JS=path` times another build of the form (before/after). Alone:
 * `npx tsx bench/form-interactive.ts` (after `npm run build`).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from '@playwright/test';
import { minify } from 'terser';
import { build, type Rolldown } from 'vite';
import config from '../playwright.config.js';
import { markupFloor } from './markup-floor.js';
import { quantile, type Row } from './report.js';

/** `BENCH_RUNS=n` for a quick look; the table is made with 60. */
const RUNS = Number(process.env.BENCH_RUNS) || 60;

/**
 * lit-floor.ts built as the hosted bundles are: one minified IIFE. Vite's build() sets
 * NODE_ENV=production in this process, which the service started by later benches would inherit
 * (and then refuse to start without PUBLIC_URL), so it is put back.
 */
async function litFloor(): Promise<string> {
  const nodeEnv = process.env.NODE_ENV;
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: 'terser',
      target: 'es2022',
      lib: { entry: fileURLToPath(new URL('./lit-floor.ts', import.meta.url)), formats: ['iife'], name: 'LitFloor' },
    },
  }).finally(() => {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  })) as Rolldown.RolldownOutput[];
  return (output[0]?.output[0] as Rolldown.OutputChunk).code;
}

/**
 * Braintree Drop-in's script as its CDN serves it: the published package's browser bundle
 * (`braintree-web-drop-in`, a dev-only dependency of the bench), minified.
 */
async function dropIn(): Promise<string> {
  const source = readFileSync(
    new URL('../node_modules/braintree-web-drop-in/dist/browser/dropin.js', import.meta.url),
    'utf8',
  );
  return (await minify(source, { compress: true, mangle: true })).code as string;
}

export async function formInteractive(): Promise<Row[]> {
  const script = readFileSync(
    process.env.FORM_JS ?? new URL('../dist/browser/paytoken-form.js', import.meta.url),
    'utf8',
  );
  const floor = await litFloor();
  const dropInScript = await dropIn();
  const dropInTimes: number[] = [];
  const browser = await chromium.launch(config.use?.launchOptions);
  const times: number[] = [];
  const floorTimes: number[] = [];
  const markupTimes: number[] = [];
  try {
    const markup = await markupFloor(browser, script);
    for (let run = 0; run < RUNS; run++) {
      times.push(await interactive(browser, script));
      floorTimes.push(await interactive(browser, floor));
      markupTimes.push(await interactive(browser, markup));
      dropInTimes.push(await evaluation(browser, dropInScript));
    }
  } finally {
    await browser.close();
  }
  const [median, p95, floorMedian] = [quantile(times, 0.5), quantile(times, 0.95), quantile(floorTimes, 0.5)];
  const [markupMedian, markupP95] = [quantile(markupTimes, 0.5), quantile(markupTimes, 0.95)];
  const dropInMedian = quantile(dropInTimes, 0.5);
  return [
    {
      name: 'paytoken-form.js to interactive, 4× CPU (median)',
      value: median,
      unit: 'ms',
      budget: { atMost: 70 },
      note: `${RUNS} runs`,
    },
    { name: 'paytoken-form.js to interactive, 4× CPU (p95)', value: p95, unit: 'ms', budget: { atMost: 110 } },
    {
      name: 'a bare Lit element, same method (this machine’s floor, median)',
      value: floorMedian,
      unit: 'ms',
      note: `the form takes ${(median / floorMedian).toFixed(2)}× it`,
    },
    {
      name: 'the form’s markup and styles, no framework (median)',
      value: markupMedian,
      unit: 'ms',
      note: `p95 ${markupP95.toFixed(0)} ms; the least any first paint of this form takes here`,
    },
    {
      name: 'Braintree Drop-in: its script evaluated, same method (median)',
      value: dropInMedian,
      unit: 'ms',
      note: 'then it still needs the network and its iframes',
    },
    {
      name: 'paytoken-form.js to interactive ÷ Drop-in’s script evaluation',
      value: Number((median / dropInMedian).toFixed(2)),
      unit: '×',
      budget: { atMost: 0.5 },
    },
  ];
}

/** One fresh page: the script runs inline (its clock starts with execution), then the form renders. */
async function interactive(browser: Browser, script: string): Promise<number> {
  const page = await browser.newPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.setContent(
      '<!doctype html><html lang="en"><body><paytoken-form public-key="pk_bench" api-url="https://pay.example"></paytoken-form></body></html>',
    );
    return await page.evaluate(async (source) => {
      const started = performance.now();
      const element = document.createElement('script');
      element.textContent = source; // runs now, synchronously: the clock starts with execution
      document.head.append(element);
      const form = document.querySelector('paytoken-form') as HTMLElement & { updateComplete: Promise<unknown> };
      await customElements.whenDefined('paytoken-form');
      await form.updateComplete;
      if (!form.shadowRoot?.querySelector('input[name="cardNumber"]')) throw new Error('the form did not render');
      return performance.now() - started;
    }, script);
  } finally {
    await page.close();
  }
}

/** One fresh page: the time `script` takes to run, inline (no network). */
async function evaluation(browser: Browser, script: string): Promise<number> {
  const page = await browser.newPage();
  try {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.setContent('<!doctype html><html lang="en"><body></body></html>');
    return await page.evaluate((source) => {
      const started = performance.now();
      const element = document.createElement('script');
      element.textContent = source;
      document.head.append(element);
      return performance.now() - started;
    }, script);
  } finally {
    await page.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./report.js');
  printTable(await formInteractive());
}
