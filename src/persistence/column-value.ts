import type { ColumnType } from './entity-metadata.ts';

/** A criteria value no row of the column can hold ("abc" for an integer): nothing is found. */
export const NO_MATCH: unique symbol = Symbol('no match');

/**
 * A value from a request (a route attribute is a string) or from code, as the column's
 * JavaScript value: a number, string, boolean or Date; `null` stays null. Values the
 * column cannot hold give NO_MATCH, so a lookup by `/events/abc` finds nothing instead of
 * failing in the database (the reference's converter treats a conversion error the same way).
 */
export function toColumnValue(type: ColumnType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'integer': {
      if (typeof value === 'number') return Number.isSafeInteger(value) ? value : NO_MATCH;
      if (typeof value === 'bigint') return Number(value);
      return typeof value === 'string' && /^-?\d{1,15}$/.test(value.trim()) ? Number(value) : NO_MATCH;
    }
    case 'real': {
      if (typeof value !== 'number' && typeof value !== 'string') return NO_MATCH;
      const number = typeof value === 'number' ? value : value.trim() === '' ? Number.NaN : Number(value);
      return Number.isFinite(number) ? number : NO_MATCH;
    }
    case 'text':
      return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' ? String(value) : NO_MATCH;
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 1 || value === '1' || value === 'true') return true;
      if (value === 0 || value === '0' || value === 'false') return false;
      return NO_MATCH;
    case 'datetime': {
      const date = value instanceof Date ? value : typeof value === 'string' || typeof value === 'number' ? new Date(value) : undefined;
      return date === undefined || Number.isNaN(date.getTime()) ? NO_MATCH : date;
    }
  }
}

/** A value as a backend returned it (SQLite's 0/1 and ISO text, PostgreSQL's bigint strings) as the column's JavaScript value. */
export function fromStoredValue(type: ColumnType, raw: unknown): unknown {
  if (raw === null || raw === undefined) return null;
  switch (type) {
    case 'integer':
    case 'real':
      return typeof raw === 'number' ? raw : Number(raw);
    case 'text':
      return String(raw);
    case 'boolean':
      return raw === true || raw === 1 || raw === '1' || raw === 't';
    case 'datetime':
      return raw instanceof Date ? raw : new Date(raw as string);
  }
}
