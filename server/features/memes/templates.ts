import fs from 'node:fs';
import path from 'node:path';
import type { MemeTemplate } from '@shared/schemas/memes';
import { coverPng } from '../../platform/lib/images.js';
import { projectRoot } from '../../platform/lib/project-root.js';
import { memeHeight, memeWidth } from './render-meme.js';

export const templatesFolder = path.join(projectRoot, 'assets/meme-templates');

interface TemplateEntry {
  id: number;
  slug: string;
  name: string;
  file: string;
  themes: string[];
}

/** The six original artworks shipped in assets/meme-templates, rasterised once on first use. */
export function createTemplateLibrary(folder = templatesFolder) {
  const entries = JSON.parse(fs.readFileSync(path.join(folder, 'templates.json'), 'utf8')) as TemplateEntry[];
  const rasters = new Map<number, Promise<Buffer>>();
  const views: MemeTemplate[] = entries.map((entry) => ({
    id: entry.id,
    slug: entry.slug,
    name: entry.name,
    artworkUrl: `/api/memes/templates/${entry.id}/artwork.png`,
    themes: entry.themes,
  }));

  function byId(id: number): TemplateEntry | undefined {
    return entries.find((entry) => entry.id === id);
  }

  return {
    list(): MemeTemplate[] {
      return views;
    },

    view(id: number): MemeTemplate | undefined {
      return views.find((view) => view.id === id);
    },

    byId,

    /** The artwork that fits the theme; several fitting ones take turns by `seed`. */
    forTheme(theme: string, seed: number): TemplateEntry {
      const fitting = entries.filter((entry) => entry.themes.includes(theme));
      const pool = fitting.length ? fitting : entries;
      return pool[seed % pool.length]!;
    },

    artwork(id: number): Promise<Buffer> | null {
      const entry = byId(id);
      if (!entry) return null;
      let raster = rasters.get(id);
      if (!raster) {
        raster = coverPng(fs.readFileSync(path.join(folder, entry.file)), { width: memeWidth, height: memeHeight, density: 96 });
        rasters.set(id, raster);
      }
      return raster;
    },
  };
}

export type TemplateLibrary = ReturnType<typeof createTemplateLibrary>;
