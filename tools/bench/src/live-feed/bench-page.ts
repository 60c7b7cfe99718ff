// Runs inside Chromium (bundled by esbuild): renders the live list with one renderer and feeds it 5,000 changes
// per second in 50 ms batches, recording every animation frame's time and the long tasks.
import { createElement, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { seededRandom } from '../drills/malformed';
import { changeBatch, initialGames, type BenchGame, type OddsChange } from './stream';

interface BenchParams {
  renderer: 'vanilla' | 'react';
  games: number;
  changesPerSecond: number;
  seconds: number;
}

interface BenchResult {
  frames: number[];
  longTasks: number[];
  applied: number;
}

type Listener = (batch: OddsChange[]) => void;

/**
 * Delivers changes every 50 ms; a late timer delivers everything due since the last batch, as a socket's buffer
 * would, so the offered load stays 5,000 changes per second however busy the main thread is.
 */
function startStream(params: BenchParams, listener: Listener, onEnd: () => void): void {
  const random = seededRandom(42);
  const started = performance.now();
  const end = started + params.seconds * 1000;
  let delivered = 0;
  const timer = setInterval(() => {
    const now = Math.min(performance.now(), end);
    const due = Math.floor(((now - started) / 1000) * params.changesPerSecond) - delivered;
    if (due > 0) {
      delivered += due;
      listener(changeBatch(params.games, due, random));
    }
    if (now >= end) {
      clearInterval(timer);
      onEnd();
    }
  }, 50);
}

/** The practical lower bound: DOM built once, each change writes one text node. */
function vanilla(root: HTMLElement, games: BenchGame[]): Listener {
  const cells: Text[][] = [];
  const list = document.createElement('ul');
  for (const g of games) {
    const li = document.createElement('li');
    li.append(g.name);
    const row: Text[] = [];
    for (const o of g.odds) {
      const span = document.createElement('span');
      const text = document.createTextNode(o.toFixed(2));
      span.append(text);
      li.append(' ', span);
      row.push(text);
    }
    cells.push(row);
    list.append(li);
  }
  root.append(list);
  return (batch) => {
    for (const c of batch) {
      const cell = cells[c.game]?.[c.outcome];
      if (cell) cell.data = c.price.toFixed(2);
    }
  };
}

/** The plain React list: every batch makes a new array and the whole list re-renders (no memo, no virtualisation). */
function react(root: HTMLElement, games: BenchGame[]): Listener {
  let push: Listener = () => undefined;
  function List() {
    const [rows, setRows] = useState(games);
    useEffect(() => {
      push = (batch) =>
        setRows((prev) => {
          const next = prev.slice();
          for (const c of batch) {
            const g = next[c.game];
            if (!g) continue;
            const odds = g.odds.slice() as BenchGame['odds'];
            odds[c.outcome] = c.price;
            next[c.game] = { ...g, odds };
          }
          return next;
        });
    }, []);
    return createElement(
      'ul',
      null,
      rows.map((g) => createElement('li', { key: g.id }, g.name, ...g.odds.map((o, i) => createElement('span', { key: i }, ' ', o.toFixed(2))))),
    );
  }
  flushSync(() => createRoot(root).render(createElement(List)));
  return (batch) => push(batch);
}

let prepared: { params: BenchParams; apply: Listener } | undefined;

/** Renders the initial list; the harness waits for it to paint before it starts the clock. */
function setup(params: BenchParams): Promise<void> {
  const root = document.getElementById('root') as HTMLElement;
  const games = initialGames(params.games);
  prepared = { params, apply: params.renderer === 'vanilla' ? vanilla(root, games) : react(root, games) };
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))));
}

/** Streams the changes into the prepared list and records frames and long tasks. */
function stream(): Promise<BenchResult> {
  if (!prepared) throw new Error('setup() first');
  const { params, apply } = prepared;
  const frames: number[] = [];
  const longTasks: number[] = [];
  new PerformanceObserver((list) => list.getEntries().forEach((e) => longTasks.push(e.duration))).observe({ type: 'longtask' });
  let applied = 0;
  let running = true;
  let last = performance.now();
  const frame = (t: number): void => {
    frames.push(t - last);
    last = t;
    if (running) requestAnimationFrame(frame);
  };
  requestAnimationFrame((t) => {
    last = t;
    requestAnimationFrame(frame);
  });
  return new Promise((resolve) =>
    startStream(
      params,
      (batch) => {
        applied += batch.length;
        apply(batch);
      },
      () => {
        running = false;
        resolve({ frames, longTasks, applied });
      },
    ),
  );
}

Object.assign(window, { __liveSetup: setup, __liveStream: stream });
