import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { exampleAnalysis } from '../results/example-analysis';
import { Section8Form } from './Section8Form';
import { SCENARIO_TEXT } from './scenario-text';

/** The form as it first renders for the example deal with HUD's rent at `hudRent`. */
function formAt(hudRent: number) {
  const base = exampleAnalysis();
  const withHud = { ...base, year_1_metrics: { ...base.year_1_metrics, hud_rent: hudRent } };
  return renderToStaticMarkup(createElement(Section8Form, { base: withHud, busy: false, onKeep: () => {} }));
}

describe('the Section 8 form', () => {
  it('offers to keep a scenario with a rent', () => {
    // 100 % of $2,347 less the 3-bedroom default allowance of $252: $2,095
    const html = formAt(2_347);
    expect(html).toContain(SCENARIO_TEXT.section8Keep);
    expect(html).not.toContain('No rent is left');
  });

  it('keeps nothing when the allowance takes the whole payment standard (QA: a $0 rent was kept)', () => {
    // a $200 payment standard less the $252 allowance leaves no rent
    const html = formAt(200);
    expect(html).not.toContain(SCENARIO_TEXT.section8Keep);
    expect(html).toContain('No rent is left once the allowance is deducted');
  });
});
