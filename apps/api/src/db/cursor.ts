/**
 * The page cursor of the newest-first lists (analyses, saved properties): the last row's time and
 * id, so the next page starts below it with a row comparison, the same cost at any depth.
 */
import { type Column, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../errors.js';

export interface CursorPosition {
  at: Date;
  id: string;
}

export function encodeCursor({ at, id }: CursorPosition): string {
  return Buffer.from(`${at.toISOString()}|${id}`).toString('base64url');
}

/** The position a cursor names; a 400 naming the list when it is not one we wrote. */
export function decodeCursor(cursor: string, list: string): CursorPosition {
  const [text, id, extra] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const at = new Date(text ?? '');
  if (extra !== undefined || !id || !/^[a-z2-7]{24}$/.test(id) || Number.isNaN(at.getTime())) {
    throw new AppError(400, 'BAD_REQUEST', `This page link is not valid; reload the list of ${list}.`);
  }
  return { at, id };
}

/**
 * Rows after `position` in (time, id) descending order, as a row comparison: Postgres walks the
 * (user, time, id) index from there (an OR of the two cases read ~50,000 rows half-way down 100,000).
 */
export function below(time: Column, idColumn: Column, position: CursorPosition): SQL {
  return sql`(${time}, ${idColumn}) < (${position.at.toISOString()}::timestamptz, ${position.id})`;
}
