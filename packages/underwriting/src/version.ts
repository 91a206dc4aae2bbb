/**
 * The engine's version, stored with every analysis (which keeps its inputs and is computed when
 * read): bump it whenever a figure for the same input changes (the golden files change with it),
 * so an analysis can tell it was first shown by an engine that answered otherwise.
 */
export const ENGINE_VERSION = 1;
