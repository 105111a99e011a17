/**
 * Lit's `css` and `html` templates are text the minifier leaves alone: indentation, line breaks and
 * comments in our own templates travel to every payer. This build step removes them before bundling
 * (as Lit's production guide advises), from the templates' static parts only.
 */
import ts from 'typescript';
import type { Plugin } from 'vite';

/** CSS text: no comments, no line breaks, one space at most, none around braces, colons, semicolons and commas. */
export function minifyCss(text: string): string {
  return text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/\s+/g, ' ')
    .replace(/\s*([{};,])\s*/g, '$1')
    .replace(/:\s+/g, ':')
    .replace(/;}/g, '}')
    .trim();
}

/**
 * HTML text: whitespace that holds a line break is indentation. Between a tag and a tag (or the start or
 * end of a template part) it goes; elsewhere it becomes one space. Whitespace on one line is kept, so
 * `${a} ${b}` still shows a space.
 */
export function minifyHtml(text: string): string {
  return text
    .replace(/>\s*\n\s*</g, '><')
    .replace(/^\s*\n\s*(?=<|$)/, '')
    .replace(/(?<=>)\s*\n\s*$/, '')
    .replace(/\s*\n\s*/g, ' ');
}

/** The source with every `css` and `html` tagged template minified; `code` unchanged when it has none. */
export function minifyTemplates(code: string, fileName: string): string {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const edits: { start: number; end: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      ts.isTaggedTemplateExpression(node) &&
      ts.isIdentifier(node.tag) &&
      (node.tag.text === 'css' || node.tag.text === 'html')
    ) {
      const minify = node.tag.text === 'css' ? minifyCss : minifyHtml;
      const { template } = node;
      const parts = ts.isNoSubstitutionTemplateLiteral(template)
        ? [template]
        : [template.head, ...template.templateSpans.map((span) => span.literal)];
      for (const part of parts) {
        // The raw text sits between the opening (` or }) and the closing (` or ${) delimiters.
        const start = part.getStart(source) + 1;
        const end = part.getEnd() - (ts.isTemplateHead(part) || ts.isTemplateMiddle(part) ? 2 : 1);
        const raw = code.slice(start, end);
        const text = minify(raw);
        if (text !== raw) edits.push({ start, end, text });
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  let result = code;
  for (const { start, end, text } of edits.sort((a, b) => b.start - a.start))
    result = result.slice(0, start) + text + result.slice(end);
  return result;
}

/** The Vite plugin: minifies the templates of our own `.ts` files under `src/`. */
export function minifyLitTemplates(): Plugin {
  return {
    name: 'paytoken-minify-lit-templates',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/src\/.*\.ts$/.test(id) || !/\b(css|html)`/.test(code)) return undefined;
      return { code: minifyTemplates(code, id), map: null };
    },
  };
}
