/**
 * Date and time formatters, one per language and style: building an Intl.DateTimeFormat costs far more
 * than formatting with one (`Date.toLocaleString(language, options)` builds one on every call), which
 * a list of a hundred rows re-rendered on every live change pays each time.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(language, options);
    formatters.set(key, format);
  }
  return format;
}

/** A time an answer gave (ISO text or milliseconds) as a Date; null when it left it out or gave none a Date can hold. */
export function answerDate(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A time of an answer as `show` words it; `none` ("—") when the answer left it out or gave none a Date can hold. */
export function dateText(value: string | number | Date | null | undefined, show: (date: Date) => string, none = '—'): string {
  const date = answerDate(value);
  return date === null ? none : show(date);
}
