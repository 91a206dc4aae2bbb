/**
 * Once per test run: an id for the run (its Postgres template databases carry it, so two runs on one
 * server never drop each other's), and those templates dropped at the end.
 */
import { randomBytes } from 'node:crypto';
import { dropTestTemplates } from '../../src/db/testing.js';

export function setup() {
  process.env.SFR_TEST_RUN ??= randomBytes(4).toString('hex');
}

export async function teardown() {
  await dropTestTemplates();
}
