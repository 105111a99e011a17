import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatMessage, messageOf } from './catalog.js';
import {
  amountMessages,
  clientMessages,
  fieldMessages,
  formMessages,
  frameMessages,
  transactionMessages,
  type MessageCatalog,
} from './en.js';
import { esAmount, esClient, esField, esForm, esFrame, esTransaction } from './es.js';
import { esPayerDecline, payerDeclineMessages } from './payer-declines.js';
import {
  declineDetails,
  esDeclineDetails,
  esFrameSetUp,
  esSetUp,
  frameSetUpMessages,
  setUpMessages,
  esList,
  esResponse,
  esReversal,
  esSearch,
  esService,
  listMessages,
  responseMessages,
  reversalMessages,
  searchMessages,
  serviceMessages,
} from './api.js';

type Area = [name: string, english: Record<string, string>, spanish: Record<string, string>];

/** Every area of the one catalog, English beside Spanish. */
const AREAS: Area[] = [
  ['fields', fieldMessages, esField],
  ['amounts', amountMessages, esAmount],
  ['the browser', clientMessages, esClient],
  ['transactions', transactionMessages, esTransaction],
  ['the form', formMessages, esForm],
  ['the isolated form', frameMessages, esFrame],
  ['the service', serviceMessages, esService],
  ['searches', searchMessages, esSearch],
  ['lists, voids and refunds', listMessages, esList],
];
/** Areas keyed by something other than an error code: a processor answer, a reversal's reason. */
const OTHER_AREAS: Area[] = [
  ['processor answers', responseMessages, esResponse],
  ['payer-facing declines', payerDeclineMessages, esPayerDecline],
  ['refused reversals', reversalMessages, esReversal],
  ['declines in detail', declineDetails, esDeclineDetails],
  // The developer's fix for a code whose payer's line is in the areas above.
  ['a page’s set-up', setUpMessages, esSetUp],
  ['the isolated form’s set-up', frameSetUpMessages, esFrameSetUp],
];

const en: MessageCatalog = {
  ...fieldMessages,
  ...amountMessages,
  ...clientMessages,
  ...transactionMessages,
  ...formMessages,
};
const es: MessageCatalog = { ...esField, ...esAmount, ...esClient, ...esTransaction, ...esForm };

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();
const pairs = [...AREAS, ...OTHER_AREAS].flatMap(([area, english, spanish]) =>
  Object.keys(english).map((key) => [area, key, english[key] as string, spanish[key]] as const),
);

describe('the message catalog', () => {
  it.each(pairs)(
    '%s: %s has an English and a Spanish message with the same placeholders',
    (_, __, english, spanish) => {
      expect(english).toMatch(/[.)}]$/);
      expect(spanish).toMatch(/[.)}]$/);
      expect(spanish).not.toBe(english);
      expect(placeholders(spanish as string)).toEqual(placeholders(english));
    },
  );

  it('has no Spanish message without an English one', () => {
    for (const [, english, spanish] of [...AREAS, ...OTHER_AREAS])
      expect(Object.keys(spanish).sort()).toEqual(Object.keys(english).sort());
  });

  it('defines each code once: no two areas share a code', () => {
    const areasOf = new Map<string, string[]>();
    for (const [area, english] of AREAS)
      for (const code of Object.keys(english)) areasOf.set(code, [...(areasOf.get(code) ?? []), area]);
    // The one code with two audiences: the API tells the developer which origin is refused; the
    // browser shows the payer one line that blames nobody (docs/integrating.md#when-the-set-up-is-wrong).
    expect([...areasOf].filter(([, areas]) => areas.length > 1)).toEqual([
      ['ORIGIN_NOT_ALLOWED', ['the browser', 'the service']],
    ]);
  });

  it('codes are UPPER_SNAKE', () => {
    for (const [, english] of AREAS)
      for (const code of Object.keys(english)) expect(code).toMatch(/^[A-Z]+(_[A-Z]+)*$/);
  });

  it('fills placeholders and falls back for unknown codes', () => {
    expect(messageOf(es, 'RATE_LIMITED', '', { seconds: 12 })).toBe(
      'Demasiados intentos. Vuelva a intentarlo en 12 segundos.',
    );
    expect(messageOf(en, 'SOMETHING_NEWER', 'The service said so.')).toBe('The service said so.');
    expect(messageOf(en, 'SOMETHING_NEWER')).toBe('');
    expect(formatMessage('{a} and {b}', { a: 1 })).toBe('1 and {b}');
    expect(formatMessage('{a} and {a}', { a: 0 })).toBe('0 and 0');
  });
});

describe('messages live only in the catalog', () => {
  const SRC = join(new URL('.', import.meta.url).pathname, '../..');
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'messages' || entry.name === 'testing' ? [] : files(path);
      return /\.ts$/.test(entry.name) && !/\.test\.ts$|\.generated\.ts$/.test(entry.name) ? [path] : [];
    });
  const messages = [...AREAS, ...OTHER_AREAS].flatMap(([, english, spanish]) => [
    ...Object.values(english),
    ...Object.values(spanish),
  ]);

  it('finds a message typed out again anywhere in src/ (outside the catalog and the tests)', () => {
    const retyped = files(SRC).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return messages
        .filter((message) => message.length > 20 && text.includes(`'${message}'`))
        .map((message) => `${relative(SRC, file)}: ${message}`);
    });
    expect(retyped).toEqual([]);
  });
});
