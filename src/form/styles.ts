import { unsafeCSS } from 'lit';

/**
 * A constant stylesheet: Lit's own `css` tag also checks interpolated values, which this text has none
 * of (the signature allows none), for ~150 B brotli in the hosted bundle. The build minifies the text.
 */
const css = (strings: TemplateStringsArray, ..._none: never[]) => unsafeCSS(strings.join(''));

/**
 * Custom properties (all optional): --paytoken-font-family, --paytoken-font-size,
 * --paytoken-color-text, --paytoken-color-muted, --paytoken-color-background,
 * --paytoken-color-surface, --paytoken-color-border, --paytoken-color-primary,
 * --paytoken-color-primary-text, --paytoken-color-error, --paytoken-radius, --paytoken-spacing.
 * Parts: form, tabs, tab, summary, field, label, input, error, brand, alert, button.
 */
export const formStyles = css`
  :host {
    --_font: var(--paytoken-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
    --_size: var(--paytoken-font-size, 15px);
    --_text: var(--paytoken-color-text, #1a1f36);
    --_muted: var(--paytoken-color-muted, #5b6478);
    --_bg: var(--paytoken-color-background, #ffffff);
    --_surface: var(--paytoken-color-surface, #f6f8fb);
    --_border: var(--paytoken-color-border, #c9d0dc);
    --_primary: var(--paytoken-color-primary, #3a4fd7);
    --_on-primary: var(--paytoken-color-primary-text, #ffffff);
    --_error: var(--paytoken-color-error, #c0262d);
    --_radius: var(--paytoken-radius, 8px);
    --_space: var(--paytoken-spacing, 12px);
    max-width: 460px;
    font: var(--_size) / 1.4 var(--_font);
    color: var(--_text);
  }
  /* Only when not hidden: the page's \`hidden\` must win over the host's own display. */
  :host(:not([hidden])) {
    display: block;
  }
  @media (prefers-color-scheme: dark) {
    :host {
      --_text: var(--paytoken-color-text, #e8ebf2);
      --_muted: var(--paytoken-color-muted, #a5adbd);
      --_bg: var(--paytoken-color-background, #171a23);
      --_surface: var(--paytoken-color-surface, #222633);
      --_border: var(--paytoken-color-border, #434a5c);
      --_primary: var(--paytoken-color-primary, #8c9bff);
      --_on-primary: var(--paytoken-color-primary-text, #10132a);
      --_error: var(--paytoken-color-error, #ff8a8f);
    }
  }
  [hidden] {
    display: none !important;
  }
  .form {
    display: grid;
    gap: var(--_space);
    /* a fieldset's own margin and min-content width */
    margin: 0;
    min-width: 0;
    padding: calc(var(--_space) * 1.5);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: calc(var(--_radius) * 1.5);
  }
  .tabs {
    display: grid;
    grid-auto-flow: column;
    gap: 4px;
    padding: 4px;
    background: var(--_surface);
    border-radius: var(--_radius);
  }
  .tab {
    font: inherit;
    font-weight: 600;
    color: var(--_muted);
    background: transparent;
    border: 0;
    border-radius: calc(var(--_radius) - 2px);
    padding: 8px 12px;
    cursor: pointer;
  }
  .tab[aria-selected='true'] {
    color: var(--_text);
    background: var(--_bg);
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.15);
  }
  .panel {
    display: grid;
    gap: var(--_space);
    grid-template-columns: 1fr 1fr;
  }
  /* Each field is three rows of the panel (label, input, error), shared with its neighbour: two
     half-width fields keep their inputs in line whatever the length of either's label or error. */
  .field {
    display: grid;
    grid-row: span 3;
    grid-template-rows: subgrid;
    row-gap: 4px;
    align-content: start;
    grid-column: span 2;
  }
  .field.half {
    grid-column: span 1;
  }
  label {
    font-size: 0.9em;
    font-weight: 600;
  }
  .control {
    position: relative;
  }
  input,
  select {
    box-sizing: border-box;
    width: 100%;
    font: inherit;
    color: var(--_text);
    background: var(--_bg);
    border: 1px solid var(--_border);
    border-radius: var(--_radius);
    padding: 10px 12px;
    transition:
      border-color 0.15s,
      box-shadow 0.15s;
  }
  input:focus,
  select:focus,
  .tab:focus-visible,
  button:focus-visible {
    outline: none;
    border-color: var(--_primary);
    box-shadow: 0 0 0 3px color-mix(in srgb, var(--_primary) 30%, transparent);
  }
  [aria-invalid='true'] {
    border-color: var(--_error);
  }
  .brand {
    position: absolute;
    right: 12px;
    top: 50%;
    transform: translateY(-50%);
    font-size: 0.8em;
    font-weight: 700;
    color: var(--_muted);
  }
  .error {
    min-height: 1.2em;
    font-size: 0.85em;
    color: var(--_error);
  }
  .summary {
    display: grid;
    grid-template-columns: 1fr auto;
    gap: 2px 12px;
    margin: 0;
    padding: var(--_space);
    background: var(--_surface);
    border-radius: var(--_radius);
  }
  .summary dt {
    color: var(--_muted);
  }
  .summary dd {
    margin: 0;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
  .summary .total {
    font-weight: 700;
    color: var(--_text);
  }
  .alert:empty {
    display: none;
  }
  .alert {
    padding: 10px 12px;
    color: var(--_error);
    background: color-mix(in srgb, var(--_error) 10%, transparent);
    border-radius: var(--_radius);
  }
  button.pay {
    font: inherit;
    font-weight: 700;
    color: var(--_on-primary);
    background: var(--_primary);
    border: 0;
    border-radius: var(--_radius);
    padding: 12px 16px;
    cursor: pointer;
    transition: filter 0.15s;
  }
  button.pay:hover {
    filter: brightness(1.08);
  }
  button.pay:disabled {
    cursor: progress;
    opacity: 0.7;
  }
  .sr-only {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
  }
  @media (prefers-reduced-motion: reduce) {
    * {
      transition: none !important;
    }
  }
`;
