/** Every product name, hashtag and collection fact comes from here; nothing else hard-codes them. */
export const brand = {
  productName: 'Acorn',
  productHashtag: '#ACORN',
  tokenTicker: 'ACORN',
  collectionName: 'Acorn Squirrels',
  collectionSlug: 'acorn-squirrels',
  collectionHashtag: '#AcornSquirrels',
  collectionSize: 3420,
} as const;

export const communityTheme = `${brand.productName.toLowerCase()}_community` as const;

/** Hashtags appended to every meme share text (spec section 7; DESIGN.md Brand). */
export const memeShareHashtags = [brand.productHashtag, '#BRC20', brand.collectionHashtag] as const;
