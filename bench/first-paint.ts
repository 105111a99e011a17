/**
 * Navigation to a card-number input that takes typing, the way the payer waits for it: Chromium at 4×
 * CPU, scripts from the running service (localhost) on a page of another origin (127.0.0.1), cold
 * (a fresh browser context each run), the pages interleaved run by run. The floor is a plain page
 * with one `<input>` in the same run, and each row is also given as a multiple of it:
 *
 * - the inline form: `<paytoken-form>` and paytoken-form.js (`defer`), rendered by the script;
 * - the server-rendered form: the same element rendered by dist/ssr/render-form.js (declarative
 *   shadow DOM) and paytoken-form-hydrate.js (`async`), which adds paytoken-form.js after the first
 *   paint, as docs/integrating.md says; and the same markup with no script at all, the floor of any
 *   first paint of it;
 * - `<paytoken-frame>`, cold and warm (one context, the scripts from its cache after a first run); the
 *   same element rendered with its iframe by renderPaytokenFrame (the frame page asked for while the
 *   page is parsed); and a page whose only content is an iframe of another origin holding one
 *   `<input>`: the floor of any frame, which pays for a second document.
 *
 * The plain page and the three frames are also measured with each request answered 100 ms later (a
 * network, not loopback), against the plain page so measured: a frame pays for its requests one after
 * the other. With site isolation off, the rendered frame's earlier start only reorders work on the one
 * thread (docs/decisions/0169-the-frame-your-server-renders.md).
 *
 * "Takes typing" is the first animation frame in which the input is in the page (for the frame,
 * with the frame sized), then the end of the task running at that moment (a key pressed then waits
 * for it): a `setTimeout(0)` after that frame. Site isolation is off so that the frame shares the
 * page's throttled process. A row's "× the plain page" is the median of each round's ratio to the plain
 * page of that round. Alone: `npx tsx bench/first-paint.ts` (after `npm run build`).
 */
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import config from '../playwright.config.js';
import { listen } from '../e2e/support/http.js';
import { startServiceProcess } from '../e2e/support/service.js';
import { quantile, type Row } from './report.js';

/** `BENCH_RUNS=n` for a quick look; the table is made with 15. */
const RUNS = Number(process.env.BENCH_RUNS) || 15;
/**
 * The round trip of the rows measured over a network (each request answered this much later, CDP's
 * `latency`): on loopback a page pays nothing for the requests one after another that a frame needs.
 */
const ROUND_TRIP_MS = 100;
/** The pages measured over that network too, named `{page}@rtt`; their floor is `plain@rtt`. */
const OVER_NETWORK = ['plain', 'frame', 'frame-ssr', 'iframe'] as const;

/**
 * Runs in every document: reports (to the top page) the moment its card input takes typing. A string:
 * tsx's transpiled functions call helpers the page does not have.
 */
const PROBE = `(() => {
  if (window.top === window)
    addEventListener('message', (event) => {
      if (event.data && event.data.benchTypable) window.typable ??= event.data.benchTypable;
    });
  const find = () =>
    document.querySelector('#plain') ??
    document.querySelector('paytoken-form')?.shadowRoot?.querySelector('#cardNumber');
  const check = () => {
    const input = find();
    if (input && input.getClientRects().length && innerHeight > 0)
      setTimeout(() => window.top.postMessage({ benchTypable: performance.timeOrigin + performance.now() }, '*'));
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

export async function firstPaint(): Promise<Row[]> {
  const service = await startServiceProcess();
  const { renderPaytokenForm, renderPaytokenFrame } = (await import(
    new URL('../dist/ssr/render-form.js', import.meta.url).href
  )) as {
    renderPaytokenForm: (attributes: Record<string, string>) => string;
    renderPaytokenFrame: (attributes: Record<string, string>, page: { origin: string }) => string;
  };
  const key = service.accounts.springfield.publicKey;
  const attributes = { 'public-key': key, 'api-url': service.url, amount: '100.00', 'card-fee': '3.25', locale: 'en' };
  const script = (name: string) => `<script src="${service.url}/scripts/${name}" defer></script>`;
  const page = (head: string, body: string) =>
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Bench</title>${head}</head><body><main>${body}</main></body></html>`;
  const tag = Object.entries(attributes)
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ');
  const pages: Record<string, string> = {
    '/plain': page('', '<label>Card number <input id="plain" autocomplete="cc-number"></label>'),
    '/inline': page(script('paytoken-form.js'), `<paytoken-form ${tag}></paytoken-form>`),
    '/ssr': page(script('paytoken-form-hydrate.js').replace('defer', 'async'), renderPaytokenForm(attributes)),
    '/ssr-bare': page('', renderPaytokenForm(attributes)),
    '/frame': page(script('paytoken-frame.js'), `<paytoken-frame ${tag}></paytoken-frame>`),
  };
  const site = await listen((request, response) =>
    response.writeHead(200, { 'Content-Type': 'text/html', 'Cache-Control': 'no-store' }).end(
      request.url === '/frame-ssr'
        ? // Rendered for each request, as a server does: a new nonce each time.
          page(script('paytoken-frame.js'), renderPaytokenFrame(attributes, { origin: site.url }))
        : pages[request.url ?? ''],
    ),
  );
  // The same server by its other name: another origin, as the service's frame page is.
  pages['/iframe'] = page(
    '',
    `<iframe src="${site.url.replace('127.0.0.1', 'localhost')}/plain" title="Card" style="display:block;border:0;width:100%;height:150px"></iframe>`,
  );
  const launch = config.use?.launchOptions ?? {};
  const browser = await chromium.launch({
    ...launch,
    args: [
      ...(launch.args ?? []),
      '--disable-site-isolation-trials',
      '--disable-features=IsolateOrigins,site-per-process',
    ],
  });
  const names = ['plain', 'inline', 'ssr', 'ssr-bare', 'frame', 'frame-ssr', 'iframe'] as const;
  const times: Record<string, number[]> = Object.fromEntries(
    [...names, 'frame-warm', ...OVER_NETWORK.map((name) => `${name}@rtt`)].map((name) => [name, []]),
  );
  try {
    const warm = await browser.newContext();
    await warm.addInitScript({ content: PROBE });
    await typable(browser, warm, `${site.url}/frame`); // fills the warm cache
    for (let run = 0; run < RUNS; run++) {
      for (const name of names) times[name]?.push(await typable(browser, null, `${site.url}/${name}`));
      times['frame-warm']?.push(await typable(browser, warm, `${site.url}/frame`));
      for (const name of OVER_NETWORK)
        times[`${name}@rtt`]?.push(await typable(browser, null, `${site.url}/${name}`, ROUND_TRIP_MS));
    }
  } finally {
    await browser.close();
    await site.close();
    await service.stop();
  }
  const median = (name: string) => quantile(times[name] ?? [], 0.5);
  const floor = median('plain');
  // Each round's page against the plain page of the same round, then the median of those: a machine
  // whose load changes during the run (other processes on its cores) moves both alike.
  const ratio = (name: string) =>
    quantile(
      (times[name] ?? []).map(
        (time, round) => time / (times[name.endsWith('@rtt') ? 'plain@rtt' : 'plain']?.[round] ?? Number.NaN),
      ),
      0.5,
    );
  const row = (name: string, label: string, budget?: number): Row[] => [
    { name: `${label}: navigation to typable, 4× CPU (median)`, value: median(name), unit: 'ms', note: `${RUNS} runs` },
    {
      name: `${label}: × the plain page, same run`,
      value: Number(ratio(name).toFixed(2)),
      unit: '×',
      ...(budget && { budget: { atMost: budget } }),
    },
  ];
  return [
    {
      name: 'a plain page with one <input>: navigation to typable, 4× CPU (median)',
      value: floor,
      unit: 'ms',
      note: `${RUNS} runs, the floor`,
    },
    ...row('inline', 'the page with the inline <paytoken-form>', 1.5),
    ...row('ssr', 'the page with a server-rendered <paytoken-form>', 1.2),
    ...row('ssr-bare', 'the server-rendered form with no script (the floor of its first paint)'),
    ...row('frame', 'the page with <paytoken-frame>, cold', 1.5),
    ...row('frame-warm', 'the page with <paytoken-frame>, warm'),
    ...row('frame-ssr', 'the page with a server-rendered <paytoken-frame> (its iframe in the HTML), cold'),
    ...row('iframe', 'a page with an iframe of another origin holding one <input> (the floor of any frame)'),
    {
      name: `a plain page with one <input>, each request answered ${ROUND_TRIP_MS} ms later: navigation to typable (median)`,
      value: median('plain@rtt'),
      unit: 'ms',
      note: `${RUNS} runs, the floor of the rows below`,
    },
    ...row('frame@rtt', `<paytoken-frame>, cold, each request ${ROUND_TRIP_MS} ms later`),
    ...row('frame-ssr@rtt', `a server-rendered <paytoken-frame>, cold, each request ${ROUND_TRIP_MS} ms later`),
    ...row('iframe@rtt', `an iframe holding one <input> (the floor), each request ${ROUND_TRIP_MS} ms later`),
  ];
}

/** One navigation; `context` null: a fresh one (cold); `latency`: each request answered that many ms later. */
async function typable(browser: Browser, context: BrowserContext | null, url: string, latency = 0): Promise<number> {
  const used = context ?? (await browser.newContext());
  const own = context ? null : used;
  if (own) await own.addInitScript({ content: PROBE });
  const tab = await used.newPage();
  try {
    const cdp = await tab.context().newCDPSession(tab);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    if (latency)
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    await tab.goto(url, { waitUntil: 'commit' });
    await tab.waitForFunction(() => (window as { typable?: number }).typable, undefined, { polling: 50 });
    return await tab.evaluate(() => ((window as { typable?: number }).typable as number) - performance.timeOrigin);
  } finally {
    await tab.close();
    await own?.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { printTable } = await import('./report.js');
  printTable(await firstPaint());
}
