/**
 * A map of the address (product spec §2): 'Loading...' while it is located, then a map centred on
 * it at zoom 15 with one marker, 400 px high: Mapbox's when the server has a public Mapbox token,
 * otherwise raster tiles from the server's tile URL (OpenStreetMap by default) with their
 * attribution. If it cannot be located, 'Map data not available' (and the failure is logged). Both
 * maps load lazily; if one cannot start, the coordinates are shown instead of a blank box.
 */

import type { MapPoint } from '@sfr/contracts';
import { MAP_HEIGHT_PX, MESSAGES } from '@sfr/contracts';
import { useQuery } from '@tanstack/react-query';
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { LoadingBlock } from '../../ui/LoadingBlock';
import { publicConfigQuery } from '../account/session';
import { geocodeQuery } from '../analyzer/queries';
import { loadWithRetry } from './load-with-retry';
import { PIN_PATH, PIN_VIEW_BOX } from './pin';
import type { MapTiles } from './TileMap';
import './PropertyMap.css';

const MapboxMap = lazy(() => loadWithRetry(() => import('./MapboxMap')));
const TileMap = lazy(() => loadWithRetry(() => import('./TileMap')));

/** Which map the server's settings allow. */
type MapSource = { kind: 'mapbox'; token: string } | { kind: 'tiles'; tiles: MapTiles };

export function PropertyMap({ address }: { address: string | null }) {
  const config = useQuery(publicConfigQuery());
  const point = useQuery({ ...geocodeQuery(address ?? ''), enabled: address !== null });

  useEffect(() => {
    if (point.error) console.warn('Could not locate the address for the map', address, point.error);
  }, [point.error, address]);
  useEffect(() => {
    if (config.error) console.warn('The map settings could not be read', config.error);
  }, [config.error]);

  if (address === null || point.isError) return <MapPanel>{MESSAGES.mapUnavailable}</MapPanel>;
  if (point.isPending || config.isPending) return <MapLoading />;
  const token = config.data?.mapboxToken;
  const tiles = config.data?.mapTiles;
  const source: MapSource | null = token
    ? { kind: 'mapbox', token }
    : tiles
      ? { kind: 'tiles', tiles }
      : null;
  // without the settings there is nothing to draw with: the coordinates are still worth showing
  return (
    <>
      {source ? (
        <LiveMap key={address} source={source} point={point.data} address={address} />
      ) : (
        <CoordinatesPanel point={point.data} />
      )}
      {/* offline the geocoder knows ZIP codes, not streets: say where the pin really is */}
      {point.data.precision === 'zip' ? (
        <p className="property-map-precision">{MESSAGES.mapZipCentre}</p>
      ) : null}
    </>
  );
}

function LiveMap({ source, point, address }: { source: MapSource; point: MapPoint; address: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <CoordinatesPanel point={point} />;
  const fail = (error: unknown) => {
    console.warn('The map could not be shown', error);
    setFailed(true);
  };
  return (
    <MapFailureBoundary onFailure={fail}>
      <Suspense fallback={<MapLoading />}>
        {source.kind === 'mapbox' ? (
          <MapboxMap
            token={source.token}
            lat={point.lat}
            lng={point.lng}
            address={address}
            onFailure={fail}
          />
        ) : (
          <TileMap tiles={source.tiles} lat={point.lat} lng={point.lng} address={address} />
        )}
      </Suspense>
    </MapFailureBoundary>
  );
}

function MapPanel({ children }: { children: ReactNode }) {
  return (
    <div className="property-map-panel" style={{ height: MAP_HEIGHT_PX }}>
      {children}
    </div>
  );
}

function MapLoading() {
  return <LoadingBlock height={MAP_HEIGHT_PX} />;
}

/** The address was located but no map could be drawn: its coordinates, with the marker's pin. */
function CoordinatesPanel({ point }: { point: MapPoint }) {
  return (
    <MapPanel>
      <svg className="property-map-pin" viewBox={PIN_VIEW_BOX} width="27" height="36" aria-hidden="true">
        <path fill="currentColor" d={PIN_PATH} />
      </svg>
      <span className="property-map-coordinates">
        {point.lat.toFixed(5)}, {point.lng.toFixed(5)}
      </span>
      <span className="property-map-hint">The map could not be loaded.</span>
    </MapPanel>
  );
}

/** The map chunk failed to load or the map threw while rendering: fall back instead of a blank canvas. */
class MapFailureBoundary extends Component<{ children: ReactNode; onFailure: (error: unknown) => void }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    this.props.onFailure(error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}
