// The minimal hydrated React page of the vitals area (issue 19): what the framework alone costs. A heading, a line
// of text and a short list of rows with a button each, rendered on the server and hydrated in the browser, with
// one piece of state so hydration wires real handlers. A bench baseline only: no product code, no end-to-end test.
import { createElement as h, useState } from 'react';

const ROWS = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  home: `Home ${i + 1}`,
  away: `Away ${i + 1}`,
  odds: (1.5 + (i % 7) * 0.25).toFixed(2),
}));

/** The page's component: the same markup on the server and in the browser. */
export function MinimalApp(): ReturnType<typeof h> {
  const [picked, setPicked] = useState<number | null>(null);
  return h(
    'main',
    { style: { fontFamily: 'sans-serif', padding: '16px' } },
    h('h1', { style: { fontSize: '28px', margin: '0 0 12px' } }, 'Minimal hydrated React page'),
    h(
      'p',
      { style: { fontSize: '18px', lineHeight: 1.5, maxWidth: '36em' } },
      'A baseline of the vitals benchmark: the cost of React rendering on the server and hydrating in the browser, with nothing of the platform on the page.',
    ),
    h(
      'ul',
      { style: { listStyle: 'none', padding: 0 } },
      ROWS.map((r) =>
        h(
          'li',
          {
            key: r.id,
            style: {
              display: 'flex',
              justifyContent: 'space-between',
              padding: '8px 0',
              borderBottom: '1px solid #ddd',
            },
          },
          h('span', null, `${r.home} – ${r.away}`),
          h('button', { type: 'button', 'aria-pressed': picked === r.id, onClick: () => setPicked(r.id) }, r.odds),
        ),
      ),
    ),
  );
}
