import { describe, expect, it } from 'vitest';
import { splitMemeText } from '../../shared/meme-text.js';

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
});
