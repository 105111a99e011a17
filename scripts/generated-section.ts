/**
 * A generated section of a hand-written document: the text between `<!-- generated:NAME -->` and
 * `<!-- /generated:NAME -->` is written by a script (scripts/reference.ts, bench/run.ts), never by hand.
 */

const markers = (name: string) => [`<!-- generated:${name} -->`, `<!-- /generated:${name} -->`] as const;

/** The text between the markers of `name`, trimmed; undefined when the document has no such section. */
export function sectionOf(document: string, name: string): string | undefined {
  const [start, end] = markers(name);
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  return from === -1 || to < from ? undefined : document.slice(from + start.length, to).trim();
}

/**
 * `document` with the section `name` holding `content`; a document without the section gets it
 * appended, so a first run creates it.
 * @example replaceSection('a\n<!-- generated:x -->\nold\n<!-- /generated:x -->\n', 'x', 'new')
 */
export function replaceSection(document: string, name: string, content: string): string {
  const [start, end] = markers(name);
  const block = `${start}\n${content.trim()}\n${end}`;
  const from = document.indexOf(start);
  const to = document.indexOf(end);
  if (from === -1 || to < from) return `${document.trimEnd()}\n\n${block}\n`;
  return document.slice(0, from) + block + document.slice(to + end.length);
}
