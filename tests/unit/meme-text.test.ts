import { describe, expect, it } from 'vitest';
import { cleanMemeText, splitMemeText } from '../../shared/meme-text.js';

describe('meme caption split', () => {
  it('splits on a slash', () => {
    expect(splitMemeText('When the sats stack / themselves')).toEqual({ top: 'When the sats stack', bottom: 'themselves' });
  });

  it('splits on a newline', () => {
    expect(splitMemeText('Top line\nbottom line')).toEqual({ top: 'Top line', bottom: 'bottom line' });
  });

  it('drops everything from the first # or @', () => {
    expect(splitMemeText('HODL the acorn / never sell #ACORN #BRC20 @friend')).toEqual({
      top: 'HODL the acorn',
      bottom: 'never sell',
    });
    expect(splitMemeText('gm @squirrel / ignored')).toEqual({ top: 'gm', bottom: '' });
  });

  it('halves by words when there is no separator, the extra word on top', () => {
    expect(splitMemeText('one two three four five')).toEqual({ top: 'one two three', bottom: 'four five' });
    expect(splitMemeText('single')).toEqual({ top: 'single', bottom: '' });
    expect(splitMemeText('  #only-tags ')).toEqual({ top: '', bottom: '' });
  });

  it('keeps Chinese text intact', () => {
    expect(splitMemeText('比特币永不眠 / 松鼠囤橡果')).toEqual({ top: '比特币永不眠', bottom: '松鼠囤橡果' });
  });

  it('drops invisible characters before splitting, so a caption of only those is empty', () => {
    expect(splitMemeText('\u200B\u200D\u202E\u2060\u00AD\uFEFF')).toEqual({ top: '', bottom: '' });
    expect(splitMemeText('HODL\u0000 the\u202E acorn / never\u200B sell')).toEqual({ top: 'HODL the acorn', bottom: 'never sell' });
  });
});

describe('cleanMemeText', () => {
  it('removes controls, format characters and lone surrogates, keeping line breaks and emoji', () => {
    expect(cleanMemeText('a\u0000b\u0007c\u007fd\u0085e')).toBe('abcd e');
    expect(cleanMemeText('x\uD800y\uDFFFz')).toBe('xyz');
    expect(cleanMemeText('top\r\nbottom\u2028end')).toBe('top\nbottom\nend');
    expect(cleanMemeText('stack 😀 sats')).toBe('stack 😀 sats');
  });

  it('turns tabs and the Braille blank into spaces', () => {
    expect(cleanMemeText('a\tb\u2800c')).toBe('a b c');
  });

  it('leaves $ patterns and markup characters alone (they are escaped where they are drawn or shown)', () => {
    expect(cleanMemeText("$` $& $' <b>&amp;")).toBe("$` $& $' <b>&amp;");
  });
});
