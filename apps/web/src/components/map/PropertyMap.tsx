/**
 * A map of the address (product spec §2): 'Loading...' while it is located, then a map centred on
 * it with one marker — or, without a Mapbox token, a panel with its coordinates. If it cannot be
 * located, 'Map data not available' (and the failure is logged).
 */

import type { MapPoint } from '@sfr/contracts';
import { MAP_HEIGHT_PX, MESSAGES } from '@sfr/contracts';
import { useQuery } from '@tanstack/react-query';
import { Component, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { geocodeQuery } from '../../queries/analysis';
import { publicConfigQuery } from '../../queries/session';
import { LoadingBlock } from '../analyzer/LoadingBlock';
import { loadWithRetry } from './load-with-retry';
import './PropertyMap.css';

const MapboxMap = lazy(() => loadWithRetry(() => import('./MapboxMap')));

export function PropertyMap({ address }: { address: string | null }) {
  const config = useQuery(publicConfigQuery());
  const point = useQuery({ ...geocodeQuery(address ?? ''), enabled: address !== null });

  useEffect(() => {
    if (point.error) console.warn('Could not locate the address for the map', address, point.error);
  }, [point.error, address]);

  if (address === null || point.isError) return <MapPanel>{MESSAGES.mapUnavailable}</MapPanel>;
  if (point.isPending || config.isPending) return <MapLoading />;
  const token = config.data?.mapboxToken;
  // a failed config request means no token: the coordinates are still worth showing
  if (!token) return <CoordinatesPanel point={point.data} />;
  return <LiveMap key={address} token={token} point={point.data} address={address} />;
}

function LiveMap({ token, point, address }: { token: string; point: MapPoint; address: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <CoordinatesPanel point={point} hint="The map could not be loaded." />;
  const fail = (error: unknown) => {
    console.warn('The map could not be shown', error);
    setFailed(true);
  };
  return (
    <MapFailureBoundary onFailure={fail}>
      <Suspense fallback={<MapLoading />}>
        <MapboxMap token={token} lat={point.lat} lng={point.lng} address={address} onFailure={fail} />
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

const NO_TOKEN_HINT = 'Set MAPBOX_PUBLIC_TOKEN to show a map';

function CoordinatesPanel({ point, hint = NO_TOKEN_HINT }: { point: MapPoint; hint?: string }) {
  return (
    <MapPanel>
      <svg className="property-map-pin" viewBox="0 0 24 24" width="36" height="36" aria-hidden="true">
        <path
          fill="currentColor"
          d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z"
        />
      </svg>
      <span className="property-map-coordinates">
        {point.lat.toFixed(5)}, {point.lng.toFixed(5)}
      </span>
      <span className="property-map-hint">{hint}</span>
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
