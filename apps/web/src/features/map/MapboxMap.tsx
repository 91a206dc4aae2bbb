/**
 * The Mapbox map itself. Only ever loaded through React.lazy, so mapbox-gl and its CSS live in
 * their own chunk, fetched when a map is actually shown.
 */
import { MAP_HEIGHT_PX, MAP_ZOOM } from '@sfr/contracts';
import mapboxgl from 'mapbox-gl';
import 'mapbox-gl/mapbox-gl.css';
import { useEffect, useRef, useState } from 'react';

export interface MapboxMapProps {
  token: string;
  lat: number;
  lng: number;
  address: string;
  /** the map could not start (no WebGL, bad token): the caller shows the coordinates instead */
  onFailure: (error: unknown) => void;
}

const STYLE_URL = 'mapbox://styles/mapbox/streets-v12';

export default function MapboxMap({ token, lat, lng, address, onFailure }: MapboxMapProps) {
  const container = useRef<HTMLElement>(null);
  const failed = useRef(onFailure);
  failed.current = onFailure;
  // busy until the map has drawn its style: assistive technology (and the browser tests) can tell
  const [loaded, setLoaded] = useState(false);

  // one map per address: re-created when the point changes, removed on unmount
  useEffect(() => {
    if (!container.current) return;
    // a fresh element per map: Mapbox wants an empty container, and StrictMode mounts twice
    const element = document.createElement('div');
    element.className = 'property-map-canvas-inner';
    container.current.append(element);
    setLoaded(false);
    let map: mapboxgl.Map;
    try {
      map = new mapboxgl.Map({
        container: element,
        accessToken: token,
        style: STYLE_URL,
        center: [lng, lat],
        zoom: MAP_ZOOM,
        cooperativeGestures: true,
      });
    } catch (error) {
      element.remove();
      failed.current(error);
      return;
    }
    new mapboxgl.Marker({ color: '#166534' }).setLngLat([lng, lat]).addTo(map);
    let styleLoaded = false;
    let warned = false;
    map.on('style.load', () => {
      styleLoaded = true;
    });
    map.on('load', () => setLoaded(true));
    map.on('error', (event) => {
      // without its style (bad token, offline) the map would be a blank canvas: give up on it
      if (!styleLoaded) {
        failed.current(event.error);
        return;
      }
      // tiles that fail to load would report once each; one warning says enough
      if (warned) return;
      warned = true;
      console.warn('map error', event.error);
    });
    // Mapbox follows the window's size, not its container's (as the tile map: TileMap.tsx)
    const resized = new ResizeObserver(() => map.resize());
    resized.observe(element);
    return () => {
      resized.disconnect();
      map.remove();
      element.remove();
    };
  }, [token, lat, lng]);

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
