/**
 * The words of the payer's e-mails about a payment schedule or an AutoPay (src/service/mail/schedule-mail.ts;
 * docs/autopay.md#e-mails): the reminder before a payment, the line that names the schedule on the
 * receipt of a payment it made, and the notice after a decline, in English and Spanish. Each line is
 * a whole sentence with its values as placeholders (`{agency}`, `{payer}`, `{amount}`, `{date}`,
 * `{retryDate}`, `{schedule}`), filled in and HTML-escaped by the e-mail, never here.
 */
export const scheduleMailMessages = {
  subjectReminder: 'Reminder: your payment to {agency} on {date}',
  introReminder: '{payer}, your scheduled payment of {amount} to {agency} will be charged on {date}.',
  reminderChange: 'Nothing to do if it is right. To change or stop it before then, contact {agency}.',
  schedule: 'Payment schedule: {schedule}',
  autoPay: 'AutoPay: {schedule}',
  subjectDeclined: 'Declined: your scheduled payment to {agency}',
  introDeclined: '{payer}, your scheduled payment of {amount} to {agency}, due on {date}, was declined.',
  retry: 'It will be tried again on {retryDate}.',
  failing: 'It will not be tried again, and no further payment will be charged until {agency} restarts the schedule.',
  declinedAction: 'To pay with another card or account, contact {agency}.',
} as const;

export type ScheduleMailWord = keyof typeof scheduleMailMessages;

export const esScheduleMail = {
  subjectReminder: 'Recordatorio: su pago a {agency} el {date}',
  introReminder: '{payer}, su pago programado de {amount} a {agency} se cobrará el {date}.',
  reminderChange:
    'Si es correcto, no tiene que hacer nada. Para cambiarlo o detenerlo antes, comuníquese con {agency}.',
  schedule: 'Plan de pagos: {schedule}',
  autoPay: 'Pago automático: {schedule}',
  subjectDeclined: 'Rechazado: su pago programado a {agency}',
  introDeclined: '{payer}, su pago programado de {amount} a {agency}, con vencimiento el {date}, fue rechazado.',
  retry: 'Se intentará de nuevo el {retryDate}.',
  failing: 'No se intentará de nuevo, y no se cobrará ningún otro pago hasta que {agency} reanude el plan.',
  declinedAction: 'Para pagar con otra tarjeta o cuenta, comuníquese con {agency}.',
} as const satisfies Record<ScheduleMailWord, string>;
