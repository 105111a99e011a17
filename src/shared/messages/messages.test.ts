import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as api from './api.js';
import { CATALOG_AREAS } from './areas.js';
import { formatMessage, messageOf } from './catalog.js';
import {
  amountMessages,
  clientMessages,
  fieldMessages,
  formMessages,
  transactionMessages,
  type MessageCatalog,
} from './en.js';
import * as enAreas from './en.js';
import * as esAreas from './es.js';
import { esAmount, esClient, esField, esForm, esTransaction } from './es.js';
import * as payerDeclines from './payer-declines.js';
import * as receipts from './receipts.js';
import * as scheduleMail from './schedule-mail.js';

type Area = [name: string, english: Readonly<Record<string, string>>, spanish: Readonly<Record<string, string>>];
const asRow = ({ name, english, spanish }: (typeof CATALOG_AREAS)[number]): Area => [name, english, spanish];
/** The areas keyed by error code. */
const AREAS: Area[] = CATALOG_AREAS.filter((area) => area.byCode).map(asRow);
/** Areas keyed by something else: a processor answer, a reversal's reason, the developer's fix for a code. */
const OTHER_AREAS: Area[] = CATALOG_AREAS.filter((area) => !area.byCode).map(asRow);

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

  it('lists every table of messages the catalog files export, English and Spanish (areas.ts)', () => {
    const tables = [api, enAreas, esAreas, payerDeclines, receipts, scheduleMail].flatMap((module) =>
      (Object.values(module) as unknown[]).filter(
        (value): value is Record<string, string> =>
          typeof value === 'object' && value !== null && Object.values(value).every((text) => typeof text === 'string'),
      ),
    );
    const listed = new Set(CATALOG_AREAS.flatMap((area) => [area.english, area.spanish]));
    // esPayerField and esRequestField are halves of esField; the others must all be listed.
    const unlisted = tables.filter(
      (table) => !listed.has(table) && !Object.keys(table).every((key) => key in esAreas.esField),
    );
    expect(unlisted.map((table) => Object.keys(table).slice(0, 3).join(', '))).toEqual([]);
  });

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
