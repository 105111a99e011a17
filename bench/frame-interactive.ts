/**
 * `<paytoken-frame>`: time from the element connected to the form in its frame interactive (the
 * bridge's `ready`, sent once the form has rendered), in Chromium with 4× CPU throttling, median and
 * p95 of 40 runs each (the p95 is the 39th of 40: of 20 runs it would be the slowest). The page (127.0.0.1) and the service (localhost) are two origins, as in production.
 * Cold: each run is a fresh browser context, so the form bundle comes over the (local) network every
 * time; warm: one context, the bundle from its cache (the frame page itself is never cached). Site
 * isolation is off so that the frame shares the page's throttled process.
 */
import { chromium } from '@playwright/test';
import config from '../playwright.config.js';
import { listen } from '../e2e/support/http.js';
import { startServiceProcess } from '../e2e/support/service.js';
import { quantile, type Row } from './report.js';

const RUNS = 40;

export async function frameInteractive(): Promise<Row[]> {
  const service = await startServiceProcess();
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench</title>
    <script src="${service.url}/scripts/paytoken-frame.js"></script></head><body><main></main></body></html>`;
  const pages = await listen((_, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end(page));
  const launch = config.use?.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--disable-site-isolation-trials',
      '--disable-features=IsolateOrigins,site-per-process',
    ],
  });
  const times = { cold: [] as number[], warm: [] as number[] };
  const warmContext = await browser.newContext();
  try {
    for (let run = 0; run < 2 * RUNS + 1; run++) {
      const cold = run < RUNS;
      const context = cold ? await browser.newContext() : warmContext;
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await tab.goto(pages.url);
      const time = await tab.evaluate(
        ({ publicKey, serviceUrl }) =>
          new Promise<number>((resolve, reject) => {
            const element = document.createElement('paytoken-frame');
            element.setAttribute('public-key', publicKey);
            element.setAttribute('api-url', serviceUrl);
            element.addEventListener('paytoken-error', () => reject(new Error('the frame did not load')));
            addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
              if (event.origin === serviceUrl && event.data.type === 'ready') resolve(performance.now() - started);
            });
            const started = performance.now();
            document.querySelector('main')?.append(element);
          }),
        { publicKey: service.accounts.springfield.publicKey, serviceUrl: service.url },
      );
      // The first warm run fills the cache.
      if (cold) times.cold.push(time);
      else if (run > RUNS) times.warm.push(time);
      await (cold ? context.close() : tab.close());
    }
  } finally {
    await browser.close();
    await pages.close();
    await service.stop();
  }
  return (['cold', 'warm'] as const).flatMap((cache) => [
    {
      name: `<paytoken-frame> connected to interactive, 4× CPU, ${cache} cache (median)`,
      value: quantile(times[cache], 0.5),
      unit: 'ms',
      note: `${RUNS} runs`,
    },
    {
      name: `<paytoken-frame> connected to interactive, 4× CPU, ${cache} cache (p95)`,
      value: quantile(times[cache], 0.95),
      unit: 'ms',
    },
  ]);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./report.js');
  printTable(await frameInteractive());
}
