/**
 * Where two JSON values differ, the first few, each as '<path>: browser <a>, Node <b>': numbers
 * within `tolerance(path, b)` of each other count as equal, everything else must be identical.
 * The browser tests compare what Chromium computed with what Node (or the API) computed this way.
 */
export type Tolerance = (path: readonly string[], expected: number) => number;

export function differences(
  browser: unknown,
  node: unknown,
  tolerance: Tolerance,
  path: string[] = [],
  found: string[] = [],
): string[] {
  if (found.length >= 5) return found;
  if (browser !== null && node !== null && typeof browser === 'object' && typeof node === 'object') {
    for (const key of new Set([...Object.keys(browser), ...Object.keys(node)])) {
      const [x, y] = [(browser as Record<string, unknown>)[key], (node as Record<string, unknown>)[key]];
      differences(x, y, tolerance, [...path, key], found);
    }
    return found;
  }
  const close =
    typeof browser === 'number' &&
    typeof node === 'number' &&
    Math.abs(browser - node) <= tolerance(path, node);
  if (!close && !Object.is(browser, node)) {
    found.push(`${path.join('.')}: browser ${JSON.stringify(browser)}, Node ${JSON.stringify(node)}`);
  }
  return found;
}
