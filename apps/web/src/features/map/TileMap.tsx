/**
 * The keyless map: raster tiles (OpenStreetMap's by default; the server's MAP_TILE_URL) drawn by
 * Leaflet, with their attribution. Only ever loaded through React.lazy, so Leaflet and its CSS live
 * in their own chunk, fetched when a map is actually shown. Leaflet rather than MapLibre GL: raster
 * tiles need no WebGL and no style document, and it is ~40 kB gzip against MapLibre's ~270 kB.
 */
import { MAP_HEIGHT_PX, MAP_ZOOM, type PublicConfig } from '@sfr/contracts';
import { Browser, control, divIcon, map as leafletMap, marker, tileLayer } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { PIN_SIZE, pinSvg } from './pin';

/** The tile server the API names (MAP_TILE_URL, MAP_TILE_ATTRIBUTION). */
export type MapTiles = NonNullable<PublicConfig['mapTiles']>;

interface TileMapProps {
  tiles: MapTiles;
  lat: number;
  lng: number;
  address: string;
}

/** Tiles that fail report once each; one warning says enough. */
function warnOnce() {
  let warned = false;
  return (error: unknown) => {
    if (warned) return;
    warned = true;
    console.warn('map tiles failed to load', error);
  };
}

export default function TileMap({ tiles, lat, lng, address }: TileMapProps) {
  const container = useRef<HTMLElement>(null);
  // busy until the first tiles have drawn: assistive technology (and the browser tests) can tell
  const [loaded, setLoaded] = useState(false);

  // one map per address: re-created when the point changes, removed on unmount
  useEffect(() => {
    if (!container.current) return;
    // a fresh element per map: Leaflet wants an empty container, and StrictMode mounts twice
    const element = document.createElement('div');
    element.className = 'property-map-canvas-inner';
    container.current.append(element);
    setLoaded(false);
    const map = leafletMap(element, {
      center: [lat, lng],
      zoom: MAP_ZOOM,
      // the page scrolls under the wheel and a phone's finger, not the map; zoom with the buttons
      scrollWheelZoom: false,
      dragging: !Browser.mobile,
      attributionControl: false,
    });
    control.attribution({ prefix: false }).addTo(map);
    const layer = tileLayer(tiles.urlTemplate, { attribution: tiles.attribution, maxZoom: 19 });
    layer.once('load', () => setLoaded(true));
    layer.on('tileerror', warnOnce());
    layer.addTo(map);
    marker([lat, lng], {
      icon: divIcon({
        className: 'property-map-marker',
        html: pinSvg(),
        iconSize: PIN_SIZE,
        // the pin's tip is on the address
        iconAnchor: [PIN_SIZE[0] / 2, PIN_SIZE[1]],
      }),
      interactive: false,
      keyboard: false,
    }).addTo(map);
    // Leaflet follows the window's size, not its container's: when the card changes width after the
    // map is drawn (the page's layout settling under load), the address would drift off the centre
    // and part of the canvas stay grey
    const resized = new ResizeObserver(() => map.invalidateSize({ animate: false }));
    resized.observe(element);
    return () => {
      resized.disconnect();
      map.remove();
      element.remove();
    };
  }, [tiles.urlTemplate, tiles.attribution, lat, lng]);

  return (
    <section
      ref={container}
      className="property-map-canvas"
      aria-label={`Map of ${address}`}
      aria-busy={!loaded}
      style={{ height: MAP_HEIGHT_PX }}
    />
  );
}
