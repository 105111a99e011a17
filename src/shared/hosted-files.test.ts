import { describe, expect, it } from 'vitest';
import { contentName, framePageName } from './hosted-files.js';

const integrity = 'sha384-ab+/cdEFghIJklMNopQRstUVwxYZ0123456789abcdefghijklmnopqrstuvwxyzABCD';

describe('contentName', () => {
  it('names a hosted file by the first 16 characters of its SHA-384, base64url', () => {
    expect(contentName('paytoken.js', integrity)).toBe('paytoken-ab-_cdEFghIJklMN.js');
    expect(contentName('paytoken-form-es.json', integrity)).toBe('paytoken-form-es-ab-_cdEFghIJklMN.json');
  });
});

describe('framePageName', () => {
  it('names the frame page by the first 6 characters of each script it loads', () => {
    expect(framePageName(integrity, 'sha384-12345678abcdefgh')).toBe('form-ab-_cd123456.html');
  });
});
