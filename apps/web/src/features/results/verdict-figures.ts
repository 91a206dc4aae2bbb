/**
 * The six figures an investor decides on, in reading order, with the short names a glance needs
 * and which way is better: the results' verdict band shows them, /compare lines deals up on them.
 */
export const VERDICT_FIGURES = [
  { key: 'monthly_levered_cash_flow', label: 'Monthly cash flow', better: 'higher' },
  { key: 'levered_returns', label: 'Cash-on-cash', better: 'higher' },
  { key: 'cap_rate', label: 'Cap rate', better: 'higher' },
  { key: 'dscr', label: 'DSCR', better: 'higher' },
  { key: 'levered_xirr', label: 'Levered XIRR', better: 'higher' },
  { key: 'total_cost_to_close', label: 'Cash to close', better: 'lower' },
] as const;
