/**
 * The maps loader's retry rule (product spec §9): after a failed load, up to MAPS_LOADER_RETRIES
 * more tries, waiting attempt × 2^attempt ms before each. Used for the lazily loaded Mapbox chunk,
 * which a flaky connection can fail to fetch.
 */
import { MAPS_LOADER_RETRIES, mapsLoaderRetryDelayMs } from '@sfr/contracts';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function loadWithRetry<T>(load: () => Promise<T>, wait = sleep): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt > MAPS_LOADER_RETRIES) throw error;
      await wait(mapsLoaderRetryDelayMs(attempt));
    }
  }
}
