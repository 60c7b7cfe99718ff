import { createGlobalStyle } from 'styled-components';

/**
 * Base document styles from tokens. System and brand font stacks only (no web-font download), so text never
 * reflows when a font arrives late: no layout shift from fonts.
 */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  /* Native parts the page cannot style (date pickers, option lists, scrollbars) follow the brand's light or dark mode;
     native checkboxes, radios, sliders and progress bars take the brand's accent (accent-color is inherited). */
  html {
    -webkit-text-size-adjust: 100%;
    color-scheme: ${({ theme }) => theme.mode};
    accent-color: ${({ theme }) => theme.color.accent.base};
  }
  body {
    margin: 0;
    min-height: 100vh;
    background: ${({ theme }) => theme.color.background};
    color: ${({ theme }) => theme.color.text.base};
    font-family: ${({ theme }) => theme.typography.body};
    font-size: ${({ theme }) => theme.typography.size.base};
    line-height: ${({ theme }) => theme.typography.lineHeight.base};
  }
  h1, h2, h3 { font-family: ${({ theme }) => theme.typography.heading}; line-height: ${({ theme }) => theme.typography.lineHeight.tight}; margin: 0 0 ${({ theme }) => theme.space(3)}; }
  /* A long compound word ("Verantwortungsvolles") in a large heading must not push a phone's page sideways. */
  h1, h2, h3 { overflow-wrap: anywhere; hyphens: auto; }
  h1 { font-size: ${({ theme }) => theme.typography.size.h1}; }
  h2 { font-size: ${({ theme }) => theme.typography.size.h2}; }
  h3 { font-size: ${({ theme }) => theme.typography.size.h3}; }
  a { color: ${({ theme }) => theme.color.text.link}; }
  img, svg { display: block; max-width: 100%; }
  :focus-visible { outline: 3px solid ${({ theme }) => theme.color.focusRing}; outline-offset: 2px; }
  /* Native form controls a form renders bare (no component class) still wear the brand, never the browser's light
     default on a dark theme. :where() keeps these at zero specificity, so any component's own rule wins; the
     ui library's Button, Select, Checkbox and Radio draw the same look. Native semantics and keyboard stay. */
  :where(button:not([class]), input:not([class]), select:not([class]), textarea:not([class])) { font: inherit; }
  :where(select:not([class]), textarea:not([class]), input:not([class]):not([type='checkbox'], [type='radio'], [type='range'], [type='file'], [type='hidden'])) {
    box-sizing: border-box;
    min-height: 44px;
    max-inline-size: 100%;
    padding-inline: ${({ theme }) => theme.space(3)};
    border: 1px solid ${({ theme }) => theme.color.border.strong};
    border-radius: ${({ theme }) => theme.radii.small};
    background: ${({ theme }) => theme.color.surface.base};
    color: ${({ theme }) => theme.color.text.base};
  }
  :where(select:not([class])) { cursor: pointer; }
  :where(select) option { background: ${({ theme }) => theme.color.surface.raised}; color: ${({ theme }) => theme.color.text.base}; }
  :where(input[type='checkbox']:not([class]), input[type='radio']:not([class])) {
    inline-size: 20px;
    block-size: 20px;
    margin-block: 0;
    margin-inline: 0 ${({ theme }) => theme.space(1)};
    vertical-align: middle;
    cursor: pointer;
  }
  /* A bare button in a form (a form's own action); buttons elsewhere are laid out by their component. */
  :where(form button:not([class])) {
    min-height: 40px;
    padding-block: 0;
    padding-inline: ${({ theme }) => theme.space(4)};
    border: 1px solid transparent;
    border-radius: ${({ theme }) => theme.radii.button};
    background: ${({ theme }) => theme.color.secondary.base};
    color: ${({ theme }) => theme.color.secondary.text};
    font-weight: ${({ theme }) => theme.typography.weight.medium};
    cursor: pointer;
  }
  :where(form button:not([class]):hover:not(:disabled)) { background: ${({ theme }) => theme.color.secondary.hover}; }
  :where(form button:not([class]):disabled, select:not([class]):disabled, input:not([class]):disabled, textarea:not([class]):disabled) { opacity: 0.6; cursor: not-allowed; }
  /* A region printed on request (PrintRegion of the ui library): on paper it is all there is; on screen, nothing. */
  [data-print-only] { display: none; }
  @media print {
    html[data-printing] body > :not([data-print-only]) { display: none !important; }
    html[data-printing] body > [data-print-only] { display: block; }
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; scroll-behavior: auto !important; }
  }
`;
