import { type Static, Type } from 'typebox';

/** The language a generated text is written in: the reader's interface language. */
export const GenerationLanguageSchema = Type.Union([Type.Literal('en'), Type.Literal('zh')]);
export type GenerationLanguage = Static<typeof GenerationLanguageSchema>;
