import { describe, expect, it } from 'vitest';
import { contentName } from './hosted-files.js';

describe('contentName', () => {
  it('names a hosted file by the first 16 characters of its SHA-384, base64url', () => {
    const integrity = 'sha384-ab+/cdEFghIJklMNopQRstUVwxYZ0123456789abcdefghijklmnopqrstuvwxyzABCD';
    expect(contentName('paytoken.js', integrity)).toBe('paytoken-ab-_cdEFghIJklMN.js');
    expect(contentName('paytoken-form-es.json', integrity)).toBe('paytoken-form-es-ab-_cdEFghIJklMN.json');
  });
});
