/**
 * Text for a double-quoted HTML attribute: `&`, `"`, `<` and `>` written as character references, so
 * that a value chosen by a page or a payer cannot end the attribute or the tag.
 * @example escapeAttribute('Ada "<b>"') // 'Ada &#34;&#60;b&#62;&#34;'
 */
export const escapeAttribute = (text: string): string =>
  text.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`);
