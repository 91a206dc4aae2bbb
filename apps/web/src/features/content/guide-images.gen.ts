// Written by scripts/guide-screenshots.ts from screenshots of the real app; run it again, do not edit.
export const GUIDE_IMAGES = {
  propertyForm: { src: '/guide/property-form.webp', width: 1074, height: 394 },
  verdict: { src: '/guide/verdict.webp', width: 1108, height: 144 },
  assumptions: { src: '/guide/assumptions.webp', width: 637, height: 563 },
  rating: { src: '/guide/rating.webp', width: 455, height: 609 },
  holdPeriod: { src: '/guide/hold-period.webp', width: 1106, height: 604 },
  saved: { src: '/guide/saved-properties.webp', width: 546, height: 382 },
} as const;
