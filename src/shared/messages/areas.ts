/**
 * Every area of the one catalog, English beside Spanish, in one list: what reads the whole catalog
 * (the server SDK's `messageIn`, messages.test.ts) reads it from here, so an area added to the
 * catalog is added everywhere at once. The browser bundles import their own areas, not this list.
 */
import {
  declineDetails,
  esFee,
  esFeeRule,
  feeMessages,
  feeRuleMessages,
  esDeclineDetails,
  esFrameSetUp,
  esList,
  esReport,
  esResponse,
  esReversal,
  esSchedule,
  esSearch,
  esService,
  esSetUp,
  esWebhook,
  frameSetUpMessages,
  listMessages,
  reportMessages,
  responseMessages,
  reversalMessages,
  scheduleMessages,
  searchMessages,
  serviceMessages,
  setUpMessages,
  webhookMessages,
} from './api.js';
import {
  amountMessages,
  clientMessages,
  feeLineMessages,
  fieldMessages,
  formMessages,
  frameMessages,
  transactionMessages,
} from './en.js';
import { esAmount, esClient, esFeeLine, esField, esForm, esFrame, esTransaction } from './es.js';
import { esPayerDecline, payerDeclineMessages } from './payer-declines.js';
import { esReceipt, receiptMessages } from './receipts.js';
import { esScheduleMail, scheduleMailMessages } from './schedule-mail.js';

export interface CatalogArea {
  name: string;
  english: Readonly<Record<string, string>>;
  spanish: Readonly<Record<string, string>>;
  /**
   * Keyed by error code (UPPER_SNAKE, each code in one such area); otherwise keyed by what the
   * messages stand for: a processor answer, a reversal's reason, the developer's fix for a code.
   */
  byCode: boolean;
}

const area = (name: string, english: object, spanish: object, byCode: boolean): CatalogArea => ({
  name,
  english: english as Record<string, string>,
  spanish: spanish as Record<string, string>,
  byCode,
});

export const CATALOG_AREAS: readonly CatalogArea[] = [
  area('fields', fieldMessages, esField, true),
  area('amounts', amountMessages, esAmount, true),
  area('the browser', clientMessages, esClient, true),
  area('transactions', transactionMessages, esTransaction, true),
  area('the form', formMessages, esForm, true),
  area('the fee shown before Pay', feeLineMessages, esFeeLine, true),
  area('the isolated form', frameMessages, esFrame, true),
  area('the service', serviceMessages, esService, true),
  area('searches', searchMessages, esSearch, true),
  area('payment schedules', scheduleMessages, esSchedule, true),
  area('lists, voids and refunds', listMessages, esList, true),
  area('fees', feeMessages, esFee, true),
  area('events and webhooks', webhookMessages, esWebhook, true),
  area('settlement reports', reportMessages, esReport, true),
  area('processor answers', responseMessages, esResponse, false),
  area('payer-facing declines', payerDeclineMessages, esPayerDecline, false),
  area('refused reversals', reversalMessages, esReversal, false),
  area('declines in detail', declineDetails, esDeclineDetails, false),
  area('fee rules', feeRuleMessages, esFeeRule, false),
  area('a page’s set-up', setUpMessages, esSetUp, false),
  area('the isolated form’s set-up', frameSetUpMessages, esFrameSetUp, false),
  area('e-mail receipts', receiptMessages, esReceipt, false),
  area('e-mails of a payment schedule', scheduleMailMessages, esScheduleMail, false),
];
