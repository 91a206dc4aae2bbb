/**
 * Issue 26 §3.9: a ZIP typed with a county it does not touch ('78701', 'Cook County'). The figures
 * come from the ZIP's own county, so the analysis, its save and its report name that county, and
 * the warning says what was corrected; editing it afterwards is the same analysis.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { austin, createProperty, startApp, type TestApp } from '../support/app.js';

describe('a county the ZIP does not touch', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('pglite');
  }, 60_000);
  afterAll(() => t.close());

  it('is corrected to the county the figures came from, with a warning, and stays editable', async () => {
    const res = await createProperty(t, { ...austin, county_name: 'Cook County' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.property.county_name).toBe('Travis County');
    expect(body.market_data.warnings).toContain(
      "The county entered (Cook County) is not one of ZIP 78701's counties (Travis County 100%); Travis County, where most of its addresses are, was used.",
    );
    const updated = await t.app.inject({
      method: 'POST',
      url: '/api/update_metrics',
      headers: { cookie: t.cookie },
      payload: { analysis_id: body.analysis_id, property: body.property },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/saved_properties',
      headers: { cookie: t.cookie },
      payload: { analysis_id: body.analysis_id },
    });
    expect(saved.json().property.county_name).toBe('Travis County');
  });

  it('leaves a county the ZIP touches as typed', async () => {
    const res = await createProperty(t, { ...austin, street: '1200 Congress Ave', county_name: 'travis' });
    expect(res.json().property.county_name).toBe('travis');
  });
});
