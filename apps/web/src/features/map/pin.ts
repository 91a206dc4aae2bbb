/** The map's marker: one pin, drawn the same on the tile map and on the coordinates panel. */

/** The pin's outline and hole; its tip is the bottom centre of the view box. */
export const PIN_PATH =
  'M12 1a10 10 0 0 0-10 10c0 7.5 10 21 10 21s10-13.5 10-21A10 10 0 0 0 12 1zm0 14.5a3.5 3.5 0 1 1 0-7 3.5 3.5 0 0 1 0 7z';
export const PIN_VIEW_BOX = '0 0 24 32';

/** Width and height in CSS pixels, in the view box's proportions. */
export const PIN_SIZE: [number, number] = [30, 40];

/** The pin as SVG markup, for Leaflet's divIcon (which takes HTML). */
export function pinSvg(): string {
  const [width, height] = PIN_SIZE;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${PIN_VIEW_BOX}" width="${width}" height="${height}" aria-hidden="true" focusable="false"><path fill="currentColor" stroke="#fff" stroke-width="1.2" d="${PIN_PATH}"/></svg>`;
}
