type Style = 'full' | 'long' | 'medium' | 'short' | 'none';

const styles = new Set<Style>(['full', 'long', 'medium', 'short', 'none']);
const formats = new Map<string, CachedFormat>();
/** Dates remembered per format: a site shows the same few dates on page after page. */
const REMEMBERED_DATES = 512;

/** A formatter and the texts it gave for recent instants (the time zone is the process's, fixed). */
class CachedFormat {
  readonly #format: Intl.DateTimeFormat;
  readonly #texts = new Map<number, string>();

  constructor(format: Intl.DateTimeFormat) {
    this.#format = format;
  }

  format(date: Date): string {
    const time = date.getTime();
    let text = this.#texts.get(time);
    if (text === undefined) {
      if (this.#texts.size >= REMEMBERED_DATES) this.#texts.clear();
      text = this.#format.format(date);
      this.#texts.set(time, text);
    }
    return text;
  }
}

/**
 * The `format_datetime` filter of the reference's Twig intl extension:
 * `{{ event.startsAt|format_datetime('full', 'short') }}` gives "Friday, May 1, 2030 at
 * 8:00 PM" in English and "vendredi 1 mai 2030 à 20:00" in French. The locale is the
 * current request's (given by `locale()`), the time zone the server's: the one the
 * admin form reads dates in.
 */
export function formatDatetimeFilter(locale: () => string): (value: unknown, dateFormat?: string, timeFormat?: string) => string {
  return (value, dateFormat = 'medium', timeFormat = 'medium') => {
    if (value === null || value === undefined || value === '') return '';
    const date = value instanceof Date ? value : new Date(value as string | number);
    if (Number.isNaN(date.getTime())) throw new TypeError(`format_datetime: "${String(value)}" is not a date.`);
    return format(locale(), style(dateFormat), style(timeFormat)).format(date);
  };
}

function style(name: string): Style {
  if (!styles.has(name as Style)) throw new TypeError(`format_datetime: unknown format "${name}"; use full, long, medium, short or none.`);
  return name as Style;
}

/** Building an Intl.DateTimeFormat costs far more than using one: one per locale and styles. */
function format(locale: string, dateStyle: Style, timeStyle: Style): CachedFormat {
  const key = `${locale}|${dateStyle}|${timeStyle}`;
  let formatter = formats.get(key);
  if (formatter === undefined) {
    formatter = new CachedFormat(
      new Intl.DateTimeFormat(locale.replace('_', '-'), {
        ...(dateStyle !== 'none' && { dateStyle }),
        ...(timeStyle !== 'none' && { timeStyle }),
      }),
    );
    formats.set(key, formatter);
  }
  return formatter;
}
