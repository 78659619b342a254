import { SluiceError } from '../exception/sluice-error.ts';
interface Fields {
  year?: number;
  month?: number;
  day?: number;
  hour?: number;
  minute?: number;
  second?: number;
}

/** Format letters: the pattern a value must match and the field it sets. */
const LETTERS: Record<string, { pattern: RegExp; field: keyof Fields; twoDigitYear?: boolean }> = {
  Y: { pattern: /^\d{4}/, field: 'year' },
  y: { pattern: /^\d{2}/, field: 'year', twoDigitYear: true },
  m: { pattern: /^\d{1,2}/, field: 'month' },
  n: { pattern: /^\d{1,2}/, field: 'month' },
  d: { pattern: /^\d{1,2}/, field: 'day' },
  j: { pattern: /^\d{1,2}/, field: 'day' },
  H: { pattern: /^\d{1,2}/, field: 'hour' },
  G: { pattern: /^\d{1,2}/, field: 'hour' },
  i: { pattern: /^\d{2}/, field: 'minute' },
  s: { pattern: /^\d{2}/, field: 'second' },
};

/**
 * Reads a date written in a PHP `DateTime::createFromFormat` format, the letters used in
 * routes: Y y m n d j H G i s, `\` escaping a literal and `!` / `|` accepted; any other
 * character must match itself. Strict as the reference's converter (which treats any
 * parse warning as failure): trailing text, an out-of-range field or an impossible date
 * (`2030-02-30`) give undefined. Differences, on purpose: fields the format omits are
 * today's date and midnight (PHP takes the current time of day), and the date is UTC.
 */
export function parseDateFormat(format: string, value: string, today: Date = new Date()): Date | undefined {
  const fields: Fields = {};
  let rest = value;
  for (let i = 0; i < format.length; i++) {
    const char = format[i]!;
    if (char === '!' || char === '|') continue;
    const letter = char === '\\' ? undefined : LETTERS[char];
    if (letter === undefined) {
      const literal = char === '\\' ? format[++i] ?? '' : char;
      if (char !== '\\' && /[A-Za-z]/.test(char)) {
        throw new SluiceError('SLUICE_UNSUPPORTED_DATE_FORMAT', { char, format });
      }
      if (!rest.startsWith(literal)) return undefined;
      rest = rest.slice(literal.length);
      continue;
    }
    const match = letter.pattern.exec(rest);
    if (match === null) return undefined;
    let number = Number(match[0]);
    if (letter.twoDigitYear === true) number += number < 70 ? 2000 : 1900;
    fields[letter.field] = number;
    rest = rest.slice(match[0].length);
  }
  if (rest !== '') return undefined;
  return build(fields, today);
}

function build(fields: Fields, today: Date): Date | undefined {
  const year = fields.year ?? today.getUTCFullYear();
  const month = fields.month ?? today.getUTCMonth() + 1;
  const day = fields.day ?? today.getUTCDate();
  const { hour = 0, minute = 0, second = 0 } = fields;
  if (month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 30 February over into March; the reference reports that as invalid.
  if (date.getUTCDate() !== day || date.getUTCMonth() !== month - 1) return undefined;
  return date;
}
