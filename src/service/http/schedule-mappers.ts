/** The schedules domain's types on the wire (docs/autopay.md): money in currency units, dates as days. */
import { centsToAmount } from '../../shared/money.js';
import type {
  AutoPayListItem,
  AutoPayResponse,
  PaymentScheduleResponse,
  SchedulePaymentResponse,
} from '../../shared/wire.js';
import type { Schedule, ScheduleRun } from '../schedules/payment-schedule.js';
import { paymentAt, paymentCount } from '../schedules/plan.js';
import { runPayerFee } from '../schedules/run-fee.js';

export function toPaymentScheduleResponse(schedule: Schedule): PaymentScheduleResponse {
  const { plan } = schedule;
  const recurring = plan.kind === 'Recurring' ? plan : null;
  return {
    id: schedule.publicId,
    payer: schedule.payer,
    emailAddress: schedule.emailAddress,
    tokenId: schedule.tokenId,
    numberOfTotalPayments: paymentCount(plan),
    numberOfExecutedPayments: schedule.executedPayments,
    amount: centsToAmount(
      recurring
        ? recurring.amount
        : plan.kind === 'Instalments'
          ? plan.instalments.reduce((a, i) => a + i.amount, 0)
          : 0,
    ),
    payerFee: centsToAmount(runPayerFee()),
    startDate: paymentAt(plan, 0)?.date ?? null,
    endDate: plan.kind === 'Recurring' ? plan.endDate : (plan.instalments.at(-1)?.date ?? null),
    nextPaymentDate: schedule.next?.date ?? null,
    ...(recurring && {
      interval: recurring.recurrence.interval,
      intervalCount: recurring.recurrence.intervalCount,
      lastDayOfMonth: recurring.recurrence.lastDayOfMonth,
    }),
    ...(plan.kind === 'Instalments' && {
      instalments: plan.instalments.map((i) => ({ date: i.date, amount: centsToAmount(i.amount) })),
    }),
    attributeValues: schedule.attributeValues,
    comments: schedule.comments,
    status: schedule.status,
    nextPaymentAmount: schedule.next ? centsToAmount(schedule.next.amount) : null,
    timeZone: schedule.timeZone,
    language: schedule.language,
    reminderDays: schedule.reminderDays,
    createDate: schedule.created.toISOString(),
    cancelDate: schedule.cancelled?.toISOString() ?? null,
  };
}

export function toAutoPayListItem(autoPay: Schedule): AutoPayListItem {
  return {
    id: Number(autoPay.publicId),
    tokenId: autoPay.tokenId,
    attributes: autoPay.attributeValues,
    email: autoPay.emailAddress,
    createDate: autoPay.created.toISOString(),
    cancelDate: autoPay.cancelled?.toISOString() ?? null,
  };
}

export function toAutoPayResponse(autoPay: Schedule): AutoPayResponse {
  return {
    ...toAutoPayListItem(autoPay),
    payer: autoPay.payer,
    status: autoPay.status,
    nextPaymentDate: autoPay.next?.date ?? null,
    amountsDue:
      autoPay.plan.kind === 'Instalments'
        ? autoPay.plan.instalments.map((i) => ({ dueDate: i.date, amount: centsToAmount(i.amount) }))
        : [],
  };
}

export function toSchedulePayment(run: ScheduleRun): SchedulePaymentResponse {
  return {
    dueDate: run.dueDate,
    attempt: run.attempt,
    amount: centsToAmount(run.amount),
    transactionId: run.transactionId,
    paymentResponseCode: run.paymentResponseCode,
    date: run.ran.toISOString(),
  };
}
