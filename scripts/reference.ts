/**
 * `npm run docs:reference`: writes docs/reference.md, the API's reference tables, from their one
 * source each: the operations, their parameters and their named examples from the service's own
 * `/openapi.json`, and the error codes with their messages from the message catalogs. Nothing in it is
 * typed by hand; src/generated-docs.test.ts fails when the committed file differs from a fresh one.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { LOADER_TEXT } from '../src/frame/loader/messages.js';
import { APPROVAL_LIMIT_CENTS } from '../src/service/sandbox/processor.js';
import { TEST_BANK_ACCOUNTS, TEST_CARDS } from '../src/service/sandbox/test-data.js';
import { liveDocument } from '../src/service/testing/openapi-document.js';
import { replaceSection } from './generated-section.js';
import {
  amountMessages,
  clientMessages,
  fieldMessages,
  formMessages,
  transactionMessages,
} from '../src/shared/messages/en.js';
import { esAmount, esClient, esField, esForm, esTransaction } from '../src/shared/messages/es.js';
import { esPayerDecline, payerDeclineMessages } from '../src/shared/messages/payer-declines.js';
import {
  esFrameSetUp,
  esSetUp,
  frameSetUpMessages,
  setUpMessages,
  esList,
  esReversal,
  esSearch,
  esService,
  listMessages,
  responseMessages,
  reversalMessages,
  searchMessages,
  serviceMessages,
} from '../src/shared/messages/api.js';

/** Where the reference is committed. */
export const REFERENCE_FILE = new URL('../docs/reference.md', import.meta.url).pathname;
/** The README, whose test cards are a generated section. */
export const README_FILE = new URL('../README.md', import.meta.url).pathname;

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  example?: string | number;
  schema?: {
    type?: string;
    enum?: (string | number)[];
    minimum?: number;
    maximum?: number;
    minLength?: number;
    maxLength?: number;
    default?: string | number;
  };
}
interface Example {
  summary?: string;
  value?: { code?: string };
}
interface Operation {
  operationId: string;
  summary: string;
  security?: Record<string, unknown>[];
  parameters?: Parameter[];
  responses: Record<string, { description?: string; content?: Record<string, { examples?: Record<string, Example> }> }>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

const CREDENTIALS: Record<string, string> = { basic: 'key + secret', publicKey: 'public key' };

/** A table cell: one line, and a `|` that cannot end the cell. */
const cell = (text: string | number | undefined): string =>
  String(text ?? '')
    .replace(/\s+/g, ' ')
    .replaceAll('|', '\\|');
const table = (head: string[], rows: (string | number | undefined)[][]): string =>
  [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((row) => `| ${row.map(cell).join(' | ')} |`),
  ].join('\n');

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ name: `\`${method.toUpperCase()} ${path}\``, operation })),
  );

/** What a parameter's schema allows, in words: its type, range, values and default. */
function ruleOf({ schema = {}, required }: Parameter): string {
  const parts: string[] = [String(schema.type ?? 'string')];
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.map((value) => `\`${value}\``).join(', ')}`);
  if (schema.minimum !== undefined || schema.maximum !== undefined)
    parts.push(`${String(schema.minimum ?? '…')} to ${String(schema.maximum ?? '…')}`);
  if (schema.minLength !== undefined || schema.maxLength !== undefined)
    parts.push(`${String(schema.minLength ?? 0)} to ${String(schema.maxLength ?? '…')} characters`);
  if (schema.default !== undefined) parts.push(`default \`${String(schema.default)}\``);
  if (required) parts.push('required');
  return parts.join(', ');
}

function operationsSection(document: Document): string {
  const rows = operationsOf(document).map(({ name, operation }) => [
    `${name}<br>\`${operation.operationId}\``,
    (operation.security ?? [])
      .flatMap((scheme) => Object.keys(scheme).map((key) => CREDENTIALS[key] ?? key))
      .join(' or ') || 'none',
    operation.summary,
    Object.keys(operation.responses).join(', '),
  ]);
  return `## Operations\n\n${table(['Operation', 'Credentials', 'What it does', 'Statuses'], rows)}`;
}

function parametersSection(document: Document): string {
  const sections = operationsOf(document)
    .map(({ name, operation }) => ({
      name,
      operation,
      query: (operation.parameters ?? []).filter((p) => p.in === 'query'),
    }))
    .filter(({ query }) => query.length > 0)
    .map(
      ({ name, operation, query }) =>
        `### ${operation.summary}\n\n${name} (\`${operation.operationId}\`)\n\n${table(
          ['Parameter', 'Rule', 'Meaning', 'Example'],
          query.map((parameter) => [
            `\`${parameter.name}\``,
            ruleOf(parameter),
            parameter.description,
            parameter.example === undefined ? '' : `\`${String(parameter.example)}\``,
          ]),
        )}`,
    );
  return `## Query parameters\n\nEvery operation also takes the \`impersonationAccountKey\` header (docs/api.md#impersonation).\n\n${sections.join('\n\n')}`;
}

function examplesSection(document: Document): string {
  const rows = operationsOf(document).flatMap(({ name, operation }) =>
    Object.entries(operation.responses).flatMap(([status, response]) =>
      Object.entries(response.content?.['application/json']?.examples ?? {}).map(([key, example]) => [
        name,
        status,
        `${example.summary ?? key}${example.value?.code ? ` (\`${example.value.code}\`)` : ''}`,
      ]),
    ),
  );
  return `## Named examples\n\nEach is in \`/openapi.json\` with its whole body, and shown on the service's \`/docs/\` page.\n\n${table(
    ['Operation', 'Status', 'Example'],
    rows,
  )}`;
}

/** A catalog's codes (UPPER_SNAKE keys; other keys, such as the loader's `title`, are not codes), in English and Spanish. */
function codesTable(
  title: string,
  where: string,
  english: Record<string, unknown>,
  spanish: Record<string, string>,
): string {
  const rows = Object.entries(english)
    .filter((entry): entry is [string, string] => /^[A-Z][A-Z_]+$/.test(entry[0]) && typeof entry[1] === 'string')
    .map(([code, message]) => [`\`${code}\``, message, spanish[code] ?? '']);
  return `### ${title}\n\n${where}\n\n${table(['code', 'message', 'en español'], rows)}`;
}

/** The processor's answers: what the integrator reads (`message`) and what the payer is shown (`payerMessage`). */
function responsesTable(): string {
  const rows = Object.entries(responseMessages).map(([code, message]) => [
    `\`${code}\``,
    message,
    payerDeclineMessages[code as keyof typeof payerDeclineMessages],
    esPayerDecline[code as keyof typeof esPayerDecline],
  ]);
  return `### Processor answers (\`paymentResponseCode\`)\n\nFrom \`src/shared/messages/api.ts\` and \`payer-declines.ts\` (the payer's words).\n\n${table(['code', 'message (for you)', 'payerMessage (for the payer)', 'payerMessage en español'], rows)}`;
}

/** Why a void or refund was refused: the `message` of each `REVERSAL_DECLINED`. */
function reversalsTable(): string {
  const rows = Object.entries(reversalMessages).map(([reason, message]) => [
    `\`${reason}\``,
    message,
    esReversal[reason as keyof typeof esReversal],
  ]);
  return `### Refused voids and refunds\n\nFrom \`src/shared/messages/api.ts\`: the message of a \`REVERSAL_DECLINED\`, by the reason the service found.\n\n${table(['reason', 'message', 'en español'], rows)}`;
}

function codesSection(): string {
  return [
    '## Error codes',
    "Every error body has `code` and `message`; field problems are listed in `errors`, each with its own `field`, `code` and `message` (docs/api.md#errors-and-codes). `{name}` in a message is filled in. Every message is in one catalog, `src/shared/messages/`, in English and Spanish: the service answers in English, the browser in the payer's language, and the server SDK's `messageIn('es')` says an answer again in Spanish.",
    codesTable(
      'Fields of a token (the browser and the service)',
      'From `src/shared/messages/en.ts`: the hosted script, the form and the service check with the same code.',
      fieldMessages,
      esField,
    ),
    codesTable('Amounts', 'From `src/shared/messages/en.ts`.', amountMessages, esAmount),
    codesTable(
      'Transactions and authorizations',
      'From `src/shared/messages/en.ts`.',
      transactionMessages,
      esTransaction,
    ),
    codesTable(
      'The hosted script and the form',
      'From `src/shared/messages/en.ts`: what `createToken`, `<paytoken-form>` and `<paytoken-frame>` answer without the service.',
      { ...clientMessages, ...formMessages },
      { ...esClient, ...esForm },
    ),
    codesTable(
      'The isolated form',
      "From `src/frame/loader/messages.ts`: the loader's own failures.",
      LOADER_TEXT.en,
      LOADER_TEXT.es,
    ),
    codesTable('The service', 'From `src/shared/messages/api.ts`.', serviceMessages, esService),
    codesTable('Searching transactions', 'From `src/shared/messages/api.ts`.', searchMessages, esSearch),
    codesTable('Voids, refunds and pages of a list', 'From `src/shared/messages/api.ts`.', listMessages, esList),
    codesTable(
      'A page’s set-up, for the developer',
      'From `src/shared/messages/api.ts`: what `GET /api/v1/publicKeys/check` and the browser kit’s console say to fix (docs/integrating.md#when-the-set-up-is-wrong); the payer reads one line meanwhile.',
      { ...setUpMessages, ...frameSetUpMessages },
      { ...esSetUp, ...esFrameSetUp },
    ),
    reversalsTable(),
    responsesTable(),
  ].join('\n\n');
}

/** The reference's text, from a fresh service's document and the catalogs. */
export async function generateReference(): Promise<string> {
  const document = (await liveDocument()) as unknown as Document;
  return `${[
    '# API reference',
    '<!-- Generated by `npm run docs:reference` from /openapi.json and the message catalogs. Do not edit: src/generated-docs.test.ts fails when this file differs from a fresh generation. -->',
    "The tables below are made from the service's own description of itself (`/openapi.json`, the same document its `/docs/` page shows) and its message catalogs. The rules the document cannot hold are in [api.md](api.md).",
    operationsSection(document),
    parametersSection(document),
    examplesSection(document),
    codesSection(),
  ].join('\n\n')}\n`;
}

/** The sandbox's test cards and bank accounts, as the sandbox processor decides them (src/service/sandbox/test-data.ts). */
export function testCardsTable(): string {
  const limit = (APPROVAL_LIMIT_CENTS / 100).toLocaleString('en-US', { minimumFractionDigits: 2 });
  return table(
    ['Card or account', 'Result'],
    [
      ...TEST_CARDS.map(([number, result]) => [`\`${number}\``, result]),
      [`any approved card, an amount over ${limit}`, 'ExceedsApprovalAmountLimit'],
      ...TEST_BANK_ACCOUNTS.map(([routing, account, result]) => [`routing ${routing}, account ${account}`, result]),
    ],
  );
}

/** The README with its generated test-card table brought up to date. */
export const readmeWithTestCards = (readme: string): string => replaceSection(readme, 'test-cards', testCardsTable());

if (process.argv[1] === new URL(import.meta.url).pathname) {
  writeFileSync(REFERENCE_FILE, await generateReference());
  writeFileSync(README_FILE, readmeWithTestCards(readFileSync(README_FILE, 'utf8')));
  console.log(`Wrote ${REFERENCE_FILE} and the test cards of ${README_FILE}`);
}
