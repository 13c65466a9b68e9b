import type { Meme, PublicMeme } from '@shared/schemas/memes';
import type { MemeRow } from '../../platform/db/schema.js';
import type { UploadStore } from '../../platform/lib/upload-store.js';
import type { TemplateLibrary } from './templates.js';

export interface ViewDeps {
  store: UploadStore;
  templates: TemplateLibrary;
  publicUrl: string;
}

export function publicMemeView(deps: ViewDeps, row: MemeRow): PublicMeme {
  const template = deps.templates.view(row.template_id);
  const artworkUrl = template?.artworkUrl ?? '';
  return {
    trackingCode: row.tracking_code,
    memeText: row.meme_text,
    theme: row.theme,
    templateName: template?.name ?? '',
    uploadedImageUrl: row.uploaded_image ? deps.store.urlOf(row.uploaded_image) : null,
    template: { artworkUrl },
    imageUrl: deps.store.urlOf(row.image_file),
    shareUrl: `${deps.publicUrl}/meme/${row.tracking_code}`,
    isPosted: row.is_posted === 1,
    generatedAt: new Date(row.created_at).toISOString(),
  };
}

/** The owner's view: adds the id, the claim token and the points. */
export function memeView(deps: ViewDeps, row: MemeRow): Meme {
  const view = publicMemeView(deps, row);
  return {
    ...view,
    id: row.id,
    sessionToken: row.session_token,
    artworkUrl: view.template.artworkUrl,
    pointsEarned: row.points_earned,
  };
}
