import { type Static, Type } from 'typebox';
import { communityTheme } from '../brand.js';
import { GenerationLanguageSchema } from './language.js';

/** The ten theme values of SPEC section 3; labels are not shown. */
export const memeThemes = [
  'crypto_degens',
  'bitcoin_maximalist',
  'mining_life',
  'hodl_gang',
  'ordinals_culture',
  'brc20_hype',
  'squirrel_energy',
  communityTheme,
  'social_mining',
  'web3_vibes',
] as const;
export type MemeTheme = (typeof memeThemes)[number];

export const trackingCodePattern = '^[A-Za-z0-9_-]{12}$';

export const MemeTemplateSchema = Type.Object({
  id: Type.Integer(),
  slug: Type.String(),
  name: Type.String(),
  artworkUrl: Type.String(),
  themes: Type.Array(Type.String()),
});
export type MemeTemplate = Static<typeof MemeTemplateSchema>;

export const TemplatesResponseSchema = Type.Object({ templates: Type.Array(MemeTemplateSchema) });
export type TemplatesResponse = Static<typeof TemplatesResponseSchema>;

export const GenerateMemeBodySchema = Type.Object(
  {
    userId: Type.Integer({ minimum: 1 }),
    theme: Type.Unsafe<MemeTheme>({ type: 'string', enum: [...memeThemes] }),
    customPrompt: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
    uploadedImageUrl: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
    templateId: Type.Optional(Type.Integer({ minimum: 1 })),
    /** The caption's language; English when absent. */
    language: Type.Optional(GenerationLanguageSchema),
  },
  { additionalProperties: false },
);
export type GenerateMemeBody = Static<typeof GenerateMemeBodySchema>;

export const MemeSchema = Type.Object({
  id: Type.Integer(),
  trackingCode: Type.String(),
  memeText: Type.String(),
  /** The claim token: only its owner's session can claim with it. */
  sessionToken: Type.String(),
  theme: Type.String(),
  templateName: Type.String(),
  artworkUrl: Type.String(),
  template: Type.Object({ artworkUrl: Type.String() }),
  uploadedImageUrl: Type.Union([Type.String(), Type.Null()]),
  /** The rendered 1200x630 PNG. */
  imageUrl: Type.String(),
  shareUrl: Type.String(),
  isPosted: Type.Boolean(),
  pointsEarned: Type.Integer(),
  generatedAt: Type.String(),
});
export type Meme = Static<typeof MemeSchema>;

export const MemeListResponseSchema = Type.Object({ memes: Type.Array(MemeSchema) });

export const PublicMemeSchema = Type.Object({
  trackingCode: Type.String(),
  memeText: Type.String(),
  theme: Type.String(),
  templateName: Type.String(),
  uploadedImageUrl: Type.Union([Type.String(), Type.Null()]),
  template: Type.Object({ artworkUrl: Type.String() }),
  imageUrl: Type.String(),
  shareUrl: Type.String(),
  isPosted: Type.Boolean(),
  generatedAt: Type.String(),
});
export type PublicMeme = Static<typeof PublicMemeSchema>;

export const PopularMemesResponseSchema = Type.Object({ memes: Type.Array(PublicMemeSchema) });

export const TrackingCodeParamsSchema = Type.Object({ trackingCode: Type.String({ pattern: trackingCodePattern }) });

export const PostMemeBodySchema = Type.Object(
  {
    sessionToken: Type.String({ minLength: 1, maxLength: 100 }),
    tweetId: Type.String({ maxLength: 40 }),
    tweetUrl: Type.String({ maxLength: 500 }),
  },
  { additionalProperties: false },
);
export type PostMemeBody = Static<typeof PostMemeBodySchema>;

export const PostMemeResponseSchema = Type.Object({ ok: Type.Literal(true), pointsEarned: Type.Integer() });

export const UploadResponseSchema = Type.Object({ uploadedImageUrl: Type.String() });
export type UploadResponse = Static<typeof UploadResponseSchema>;

export const uploadTypeMessage = 'Please upload an image file (JPG, PNG, etc.)';
export const uploadSizeMessage = 'Please upload an image smaller than 5MB';
