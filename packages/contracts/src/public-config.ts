/** What the browser may know about the server's configuration: public values only, never a secret. */
import { z } from './zod.js';

export const publicConfigSchema = z.object({
  /** public Mapbox token for the map, or null: the web then shows the coordinates */
  mapboxToken: z.nullable(z.string()),
  /** whether 'Sign in with Google' can work (the button is hidden otherwise) */
  google: z.boolean(),
  /** whether the analyzer can fill the rooms, size and age from a live property record (RentCast) */
  propertyRecords: z.boolean(),
  /** 'test': the offline test-mode checkout, nothing is charged */
  billingMode: z.enum(['stripe', 'test']),
  /** embeddable URL of the How to Use video, or null */
  howToVideoUrl: z.nullable(z.string()),
  /** the raster tiles of the keyless map (MAP_TILE_URL, MAP_TILE_ATTRIBUTION; OpenStreetMap by default) */
  mapTiles: z.object({
    /** an XYZ template: {z}, {x}, {y}, and optionally {s} as the host's first label */
    urlTemplate: z.string(),
    /** shown on the map, as the tile provider's terms require */
    attribution: z.string(),
  }),
});

export type PublicConfig = z.output<typeof publicConfigSchema>;
