// The documents' string formats, checked as ajv-formats' full mode checks them (its rules, MIT, THIRD_PARTY_NOTICES.md;
// held to it by openapi/formats.test.ts): owning them keeps Ajv out of the package (docs/performance.md). Browser-safe.

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
// RFC 3339's time with its offset required (`Z`, `+hh`, `+hhmm` or `+hh:mm`), as ajv-formats' full mode reads it.
const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(?:z|([+-])(\d\d)(?::?(\d\d))?)$/i;
const DATE_TIME_SEPARATOR = /t|\s/i;

const ATOM = "[a-z0-9!#$%&'*+/=?^_`{|}~-]+";
const LABEL = '[a-z0-9](?:[a-z0-9-]*[a-z0-9])?';
// A dot-atom local part and a domain of two labels or more, letters compared case-insensitively.
const EMAIL = new RegExp(`^${ATOM}(?:\\.${ATOM})*@(?:${LABEL}\\.)+${LABEL}$`, 'i');

/**
 * The check of each string format the kit implements, by name. A schema naming another format
 * (OpenAPI's annotations aside) is refused by openapi/schema-check.ts rather than left unchecked.
 *
 * @example
 * STRING_FORMATS.get('date-time')?.('2025-06-01T12:00:00Z'); // true
 * STRING_FORMATS.get('email')?.('ops@example'); // false: one label after the @
 */
export const STRING_FORMATS: ReadonlyMap<string, (text: string) => boolean> = new Map([
  ['date-time', isDateTime],
  ['email', (text: string) => EMAIL.test(text)],
]);

function isDateTime(text: string): boolean {
  const parts = text.split(DATE_TIME_SEPARATOR);
  return parts.length === 2 && isDate(parts[0]!) && isTime(parts[1]!);
}

function isDate(text: string): boolean {
  const match = DATE.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month]!);
}

function isTime(text: string): boolean {
  const match = TIME.exec(text);
  if (match === null) return false;
  const [hour, minute, second] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const sign = match[4] === '-' ? -1 : 1;
  const [offsetHours, offsetMinutes] = [Number(match[5] ?? 0), Number(match[6] ?? 0)];
  if (offsetHours > 23 || offsetMinutes > 59) return false;
  if (hour <= 23 && minute <= 59 && second < 60) return true;
  return isLeapSecond(hour - offsetHours * sign, minute - offsetMinutes * sign, second);
}

/** A second of 60 is allowed only at 23:59 UTC, reached from the local time minus its offset (a borrow included). */
function isLeapSecond(utcHourBeforeBorrow: number, utcMinute: number, second: number): boolean {
  const utcHour = utcHourBeforeBorrow - (utcMinute < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMinute === 59 || utcMinute === -1) && second < 61;
}
