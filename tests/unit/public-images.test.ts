// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const PUBLIC = path.resolve('public');

function imagesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return imagesUnder(full);
    return /\.(svg|png|jpe?g|webp|avif|gif|ico)$/i.test(entry.name) ? [full] : [];
  });
}

describe('images in public/', () => {
  it('when an SVG is served, then it is well-formed XML with a size (a browser would otherwise show the alt text)', () => {
    const svgs = imagesUnder(PUBLIC).filter((file) => file.endsWith('.svg'));
    expect(svgs.length).toBeGreaterThan(10);
    const broken = svgs.flatMap((file) => {
      const document = new DOMParser().parseFromString(readFileSync(file, 'utf8'), 'image/svg+xml');
      const root = document.documentElement;
      const problem = document.getElementsByTagName('parsererror').length
        ? 'not well-formed'
        : root.nodeName !== 'svg'
          ? 'no <svg> root'
          : !root.getAttribute('viewBox') && !root.getAttribute('width')
            ? 'no size'
            : null;
      return problem ? [`${path.relative(PUBLIC, file)}: ${problem}`] : [];
    });
    expect(broken).toEqual([]);
  });

  it("when the site ships a raster image, then its file starts with that format's signature", () => {
    const signatures: Record<string, number[]> = {
      png: [0x89, 0x50, 0x4e, 0x47],
      jpg: [0xff, 0xd8, 0xff],
      jpeg: [0xff, 0xd8, 0xff],
      gif: [0x47, 0x49, 0x46],
      webp: [0x52, 0x49, 0x46, 0x46],
    };
    const bad = imagesUnder(PUBLIC).filter((file) => {
      const signature = signatures[path.extname(file).slice(1).toLowerCase()];
      return signature && !signature.every((byte, index) => readFileSync(file)[index] === byte);
    });
    expect(bad).toEqual([]);
  });
});
