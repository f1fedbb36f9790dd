import { COMPANY } from '@/domain/company';

/** The picture a shared link shows (OpenGraph, Twitter): drawn by scripts/draw-share-image.ts, in public/. */
export const SHARE_IMAGE = {
  path: '/share-image.png',
  width: 1200,
  height: 630,
  alt: `${COMPANY.name}: bespoke software for Indian businesses, with clear prices in INR`,
} as const;

/** The company logo as a square PNG (structured data wants a raster logo), drawn by the same script. */
export const LOGO_IMAGE = { path: '/logo.png', width: 512, height: 512 } as const;
