import { VALID, invalid, type Verification } from './verification.js';

/**
 * Free-form attributes (docs/api.md#attribute-values): optional; an object of at most 50 names (1..64 characters) to
 * text (at most 500 characters) or finite numbers.
 * @example attributeValues({ accountCode: '123', invoice: 42 }) // { isValid: true, … }
 */
export function attributeValues(value: unknown): Verification {
  if (value === undefined || value === null) return VALID;
  if (typeof value !== 'object' || Array.isArray(value)) return invalid('INVALID_ATTRIBUTE_VALUES');
  const entries = Object.entries(value);
  if (entries.length > 50) return invalid('TOO_MANY_ATTRIBUTE_VALUES');
  for (const [name, item] of entries) {
    if (!name.trim() || name.length > 64) return invalid('INVALID_ATTRIBUTE_NAME');
    const ok = typeof item === 'string' ? item.length <= 500 : typeof item === 'number' && Number.isFinite(item);
    if (!ok) return invalid('INVALID_ATTRIBUTE_VALUE');
  }
  return VALID;
}
