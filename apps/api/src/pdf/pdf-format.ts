import { createFormatters, formatMoney, type OperatorFormat } from '@dms/domain';

// How the documents write money and dates: the shared formatters of packages/domain, with the
// document's own choices (a job's amounts by symbol, since the document names its currency once).

export interface PdfFormat {
  money(amount: number): string;
  /** A service date 'YYYY-MM-DD', shown as that calendar day whatever the time zone. */
  serviceDate(date: string | null): string;
  /** An instant (ISO text or Date) as a calendar day in the operator's time zone. */
  instantDate(instant: string | Date): string;
  percent(rate: number): string;
}

export function pdfFormat(operator: OperatorFormat, currency: string): PdfFormat {
  const f = createFormatters(operator);
  return {
    money: (amount) => formatMoney(amount, currency, f.operator.locale),
    serviceDate: (date) => (date ? f.longServiceDate(date) : 'To be confirmed'),
    instantDate: (instant) => f.longDate(instant),
    percent: (rate) => `${f.number(rate, 2)}%`,
  };
}
