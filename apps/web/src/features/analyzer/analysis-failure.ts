/**
 * What the analyzer does when POST /create_property fails (product spec §2, §8): guests get the
 * 'Analyzer Access' popup, users out of free searches the 'Out of Free Searches' popup, and every
 * other failure a toast (with the API's field messages beside the fields).
 */
import { API_ERROR_CODES, MESSAGES } from '@sfr/contracts';
import { ApiRequestError } from '../../lib/api';

export type AnalysisFailure =
  | { kind: 'sign-in' }
  | { kind: 'out-of-searches'; message: string }
  | { kind: 'toast'; message: string; fields: Readonly<Record<string, string>> };

export function analysisFailure(error: unknown): AnalysisFailure {
  if (!(error instanceof ApiRequestError))
    return { kind: 'toast', message: MESSAGES.analysisError, fields: {} };
  if (error.status === 401) return { kind: 'sign-in' };
  if (error.status === 402 && error.code === API_ERROR_CODES.OUT_OF_FREE_SEARCHES) {
    return { kind: 'out-of-searches', message: error.message };
  }
  switch (error.code) {
    // no answer, or one this page cannot read: the request itself failed
    case 'NETWORK':
    case 'BAD_RESPONSE':
      return { kind: 'toast', message: MESSAGES.analysisError, fields: {} };
    // an answer without the API's error body carries no server text
    case 'HTTP_ERROR':
      return { kind: 'toast', message: analysisFailureMessage(undefined), fields: {} };
    default:
      return { kind: 'toast', message: analysisFailureMessage(error.message), fields: error.fields };
  }
}

/**
 * The toast text for a failed analysis (product spec §8): the server's text, except that the
 * server's complaint about a crime grade variable not being set means the ZIP code was not
 * recognised, and no text at all means an unknown error.
 *
 * @example analysisFailureMessage(undefined) === 'An unknown error occurred.'
 * @example analysisFailureMessage("local variable 'violent_crime_grade' referenced before assignment")
 *   === MESSAGES.invalidZip
 */
export function analysisFailureMessage(serverText: string | null | undefined): string {
  const text = serverText?.trim();
  if (!text) return MESSAGES.unknownError;
  if (/crime[_ ]grade/i.test(text) && /(not (been )?set|before assignment|not defined)/i.test(text)) {
    return MESSAGES.invalidZip;
  }
  return text;
}
