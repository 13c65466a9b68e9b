import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/run-cli.js';

// sharp behind one module: its limits (pixel ceiling, cache) are set there and hold on every path.
const imageModule = 'server/platform/lib/images.ts';
const importsSharp = /(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s+)['"]sharp(?:\/[^'"]*)?['"]/;

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(path.join(projectRoot, folder), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.[cm]?[jt]sx?$/.test(entry.name) ? [relative] : [];
  });
}

describe('the image module', () => {
  it('recognises every way of importing sharp', () => {
    for (const line of [
      "import sharp from 'sharp';",
      'import sharp, { type Metadata } from "sharp";',
      "import type { OverlayOptions } from 'sharp';",
      "import 'sharp';",
      "const sharp = await import('sharp');",
      "const sharp = require('sharp');",
    ]) {
      expect(line).toMatch(importsSharp);
    }
    expect("import { cleanUpload } from '../../lib/images.js';").not.toMatch(importsSharp);
  });

  it('is the only file of the server, scripts and shared code that imports sharp', () => {
    const importers = ['server', 'scripts', 'shared']
      .flatMap(sourceFiles)
      .filter((file) => importsSharp.test(fs.readFileSync(path.join(projectRoot, file), 'utf8')));
    expect(importers).toEqual([imageModule]);
  });

  it('loads sharp on first use, not with the server (about 20 MB resident that lookups never need)', () => {
    const source = fs.readFileSync(path.join(projectRoot, imageModule), 'utf8');
    const staticValueImport = /^\s*import\s+(?!type\b)[^;]*['"]sharp['"]/m;
    expect(source).not.toMatch(staticValueImport);
    expect(source).toMatch(/import\(\s*['"]sharp['"]\s*\)/);
    expect("import sharp, { type Metadata } from 'sharp';").toMatch(staticValueImport);
    expect("import type { Metadata } from 'sharp';").not.toMatch(staticValueImport);
  });
});
