/**
 * The engine's version, stored with every analysis (which keeps its inputs and is computed when
 * read): bump it whenever a figure for the same input changes (the golden files change with it),
 * so an analysis can tell it was first shown by an engine that answered otherwise.
 *
 * 2 (2026-11-29): a hold of one year sells short-term (its gain taxed at the income rate, with
 * `tax`), and the tornado counts a total-loss end as −100 % (`simulate`'s drivers).
 */
export const ENGINE_VERSION = 2;
