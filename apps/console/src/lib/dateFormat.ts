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
