/** The pages the sandbox provider serves inside the platform's game frame (no outside resources: CSP `default-src 'none'`). */

const RTL = new Set(['ar', 'fa', 'he', 'ur']);

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );
}

/** JSON safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

const STYLE = `
  :root { color-scheme: dark; font-family: system-ui, sans-serif; }
  body { margin: 0; background: #14213d; color: #f5f5f5; display: flex; flex-direction: column; align-items: center;
    gap: 12px; padding: 12px; min-height: 100vh; box-sizing: border-box; }
  h1 { font-size: 1.2rem; margin: 0; }
  .meta { font-size: .8rem; opacity: .8; }
  .reels { display: grid; grid-template-columns: repeat(5, minmax(48px, 80px)); gap: 6px; }
  .cell { background: #fca311; color: #14213d; border-radius: 6px; padding: 10px 4px; text-align: center;
    font-weight: 700; font-size: .8rem; overflow-wrap: anywhere; }
  .controls { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; justify-content: center; }
  button { font: inherit; font-weight: 700; padding: 10px 28px; border-radius: 999px; border: 0; background: #e5e5e5;
    color: #14213d; cursor: pointer; }
  button:disabled { opacity: .5; cursor: progress; }
  button:focus-visible, select:focus-visible { outline: 3px solid #fca311; outline-offset: 2px; }
  select { font: inherit; padding: 6px; border-radius: 6px; }
  .result { min-height: 1.4em; }
`;

/** A page saying why the game cannot open. */
export function renderErrorPage(message: string, nonce: string, language: string): string {
  const lang = escapeHtml(language);
  return `<!doctype html><html lang="${lang}" dir="${RTL.has(language.slice(0, 2)) ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>Northlight Games</title>
<style nonce="${nonce}">${STYLE}</style></head><body><main><h1>Northlight Games</h1><p role="alert">${escapeHtml(message)}</p></main></body></html>`;
}

/** The game: balance, reels, stake and the spin button; the round runs on the provider's server. */
export function renderGamePage(page: {
  nonce: string;
  sessionId: string;
  title: string;
  currency: string;
  language: string;
  parent: string;
  balance: number;
  stakes: number[];
}): string {
  const lang = escapeHtml(page.language);
  const boot = scriptJson({
    session: page.sessionId,
    currency: page.currency,
    language: page.language,
    parent: page.parent,
    balance: page.balance,
  });
  const options = page.stakes.map((s) => `<option value="${s}">${s}</option>`).join('');
  return `<!doctype html><html lang="${lang}" dir="${RTL.has(page.language.slice(0, 2)) ? 'rtl' : 'ltr'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(page.title)} · Northlight Games</title>
<style nonce="${page.nonce}">${STYLE}</style></head>
<body><main aria-labelledby="title">
<h1 id="title">${escapeHtml(page.title)}</h1>
<p class="meta">Northlight Games · sandbox provider</p>
<p>Balance: <output id="balance" aria-live="polite"></output></p>
<div class="reels" id="reels" role="img" aria-label="Reels"></div>
<div class="controls">
  <label for="stake">Stake</label> <select id="stake">${options}</select>
  <button type="button" id="spin">Spin</button>
</div>
<p class="result" id="result" role="status" aria-live="polite"></p>
</main>
<script nonce="${page.nonce}">
(() => {
  const boot = ${boot};
  const money = new Intl.NumberFormat(boot.language, { style: 'currency', currency: boot.currency });
  const show = (minor) => money.format(minor / 100);
  const balance = document.getElementById('balance');
  const result = document.getElementById('result');
  const reels = document.getElementById('reels');
  const spin = document.getElementById('spin');
  const stake = document.getElementById('stake');
  for (const o of stake.options) o.textContent = show(Number(o.value));
  // Messages go to the platform page that framed this one, by its exact origin; only it is listened to.
  const tell = (message) => { if (window.parent !== window) window.parent.postMessage(message, boot.parent); };
  const setBalance = (minor) => {
    boot.balance = minor;
    balance.textContent = show(minor);
    tell({ type: 'tessera:balance', balance: minor, currency: boot.currency });
  };
  const draw = (grid) => {
    reels.replaceChildren();
    for (let row = 0; row < grid[0].length; row++)
      for (let reel = 0; reel < grid.length; reel++) {
        const cell = document.createElement('div');
        cell.className = 'cell';
        cell.textContent = grid[reel][row];
        reels.append(cell);
      }
    reels.setAttribute('aria-label', 'Reels: ' + grid[0].map((_, row) => grid.map((r) => r[row]).join(' ')).join(', '));
  };
  window.addEventListener('message', (event) => {
    if (event.origin !== boot.parent || event.source !== window.parent) return;
    if (event.data && event.data.type === 'tessera:balance-request') setBalance(boot.balance);
  });
  setBalance(boot.balance);
  tell({ type: 'tessera:ready' });
  spin.addEventListener('click', async () => {
    spin.disabled = true;
    result.textContent = 'Spinning…';
    try {
      const res = await fetch('/api/spin', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ session: boot.session, stake: Number(stake.value) }),
      });
      const body = await res.json();
      if (!res.ok) {
        result.textContent = body.message || 'The round could not be played.';
        if (typeof body.balance === 'number') setBalance(body.balance);
        tell({ type: 'tessera:error', code: body.error });
        return;
      }
      draw(body.outcome.base.window);
      setBalance(body.balance);
      result.textContent = body.win > 0 ? 'You won ' + show(body.win) : 'No win this round';
      tell({ type: 'tessera:round', roundId: body.roundId, stake: body.stake, win: body.win, balance: body.balance });
    } catch {
      result.textContent = 'The game lost its connection. Try again.';
    } finally {
      spin.disabled = false;
    }
  });
})();
</script></body></html>`;
}
