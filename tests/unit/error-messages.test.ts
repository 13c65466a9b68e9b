import { describe, expect, it } from 'vitest';
import { errorCodes } from '@shared/error-codes';
import { enFeatures as en } from '@client/app/i18n/en-features';
import { errorMessage } from '@client/lib/i18n/error-message';
import { zhFeatures as zh } from '@client/app/i18n/zh-features';
import { ApiError } from '@client/lib/api-error';

describe('error messages', () => {
  it.each(errorCodes)('%s has an English and a Chinese message', (code) => {
    expect(en.errors.codes[code].trim()).not.toBe('');
    expect(zh.errors.codes[code].trim()).not.toBe('');
    expect(zh.errors.codes[code]).toMatch(/[\u4e00-\u9fff]/);
  });

  it('shows the server message on English pages and the translation on Chinese pages', () => {
    const error = new ApiError(503, 'X_NOT_CONFIGURED', 'Connecting X is not set up on this server.');
    expect(errorMessage(error, en, 'en')).toBe('Connecting X is not set up on this server.');
    expect(errorMessage(error, zh, 'zh')).toBe(zh.errors.codes.X_NOT_CONFIGURED);
  });

  it('fills the numbers of a failed X requirement into the Chinese message from the details', () => {
    const error = new ApiError(403, 'X_ACCOUNT_TOO_NEW', 'Your X account is 12 days old; ...', { minAccountAgeDays: 30, accountAgeDays: 12 });
    expect(errorMessage(error, zh, 'zh')).toBe('您的 X 账户注册仅 12 天，需注册满 30 天才能参与挖矿。');
    const followers = new ApiError(403, 'X_TOO_FEW_FOLLOWERS', '', { minFollowers: 10, followers: 3 });
    expect(errorMessage(followers, en, 'en')).toBe('Your X account has 3 followers; at least 10 are needed to mine.');
  });

  it('never shows an unfilled placeholder when a detail is missing', () => {
    const partial = new ApiError(403, 'X_TOO_FEW_FOLLOWERS', '', { minFollowers: 10 });
    expect(errorMessage(partial, zh, 'zh')).toBe(zh.errors.unknown);
    expect(errorMessage(partial, zh, 'zh', 'spec fallback')).toBe('spec fallback');
  });

  it('falls back to the dictionary when the server sent no message', () => {
    expect(errorMessage(new ApiError(429, 'RATE_LIMITED', ''), en, 'en')).toBe(en.errors.codes.RATE_LIMITED);
  });

  it('never shows an unknown code, a status or JSON: a fallback or a generic message instead', () => {
    const unknown = new ApiError(418, null, '{"error":"TEAPOT"}');
    expect(errorMessage(unknown, en, 'en')).toBe(en.errors.unknown);
    expect(errorMessage(unknown, zh, 'zh', 'spec fallback')).toBe('spec fallback');
    expect(errorMessage(new ApiError(null, null, ''), zh, 'zh')).toBe(zh.errors.network);
    expect(errorMessage(new TypeError('boom'), en, 'en')).toBe(en.errors.unknown);
  });
});
